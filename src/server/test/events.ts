import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { CHANNEL, type LiveEvent } from '../realtime/bus.js';

/** The marker's type; no client or cache acts on it (it names no keys and a user who does not exist). */
export const DELIVERED_MARKER = 'test.delivered';

/**
 * Resolves once every live event published before the call has reached `app`'s subscribers,
 * so a test can count them, or check that none came, without sleeping. It sends a marker the way
 * another instance would and waits for it: on PostgreSQL through NOTIFY, which delivers
 * notifications in commit order, so everything committed before it has arrived when it does;
 * on SQLite's in-process bus after the callbacks already queued have run. The marker is then
 * removed from `seen` (the events a test records).
 */
export async function eventsDelivered(app: FastifyInstance, seen?: LiveEvent[]): Promise<void> {
  const marker: LiveEvent = { type: DELIVERED_MARKER, keys: [], userId: `marker-${crypto.randomUUID()}` };
  const arrived = new Promise<void>((resolve) => {
    const off = app.deps.bus.subscribe((e) => {
      if (e.type === DELIVERED_MARKER && e.userId === marker.userId) {
        off();
        resolve();
      }
    });
  });
  if (app.deps.handle.dialect === 'postgres') {
    await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(marker)})`.execute(app.deps.db);
  } else {
    await new Promise((resolve) => setImmediate(resolve));
    await app.deps.bus.publish(marker);
  }
  await arrived;
  if (seen) {
    for (let i = seen.length - 1; i >= 0; i--) if (seen[i]!.type === DELIVERED_MARKER) seen.splice(i, 1);
  }
}
