import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { CHANNEL, type LiveEvent } from '../realtime/bus.js';

/**
 * The marker: a change no cache acts on (a calendar link's), sent only to a player who does not
 * exist, so no stream carries it either. Its `userId` tells it apart from the test's own events.
 */
const MARKER_USER = 'delivery-marker-';
const isMarker = (e: LiveEvent) => typeof e.userId === 'string' && e.userId.startsWith(MARKER_USER);

/**
 * Resolves once every live event published before the call has reached `app`'s subscribers,
 * so a test can count them, or check that none came, without sleeping. It sends a marker the way
 * another instance would and waits for it: on PostgreSQL through NOTIFY, which delivers
 * notifications in commit order, so everything committed before it has arrived when it does;
 * on SQLite's in-process bus after the callbacks already queued have run. The marker is then
 * removed from `seen` (the events a test records).
 */
export async function eventsDelivered(app: FastifyInstance, seen?: LiveEvent[]): Promise<void> {
  const marker: LiveEvent = { type: 'calendar.changed', userId: `${MARKER_USER}${crypto.randomUUID()}` };
  const arrived = new Promise<void>((resolve) => {
    const off = app.deps.bus.subscribe((e) => {
      if (e.userId === marker.userId) {
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
    for (let i = seen.length - 1; i >= 0; i--) if (isMarker(seen[i]!)) seen.splice(i, 1);
  }
}
