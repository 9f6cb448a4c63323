import http from 'node:http';
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { ChangeEvent } from '../../contract/events.js';

/** A live stream as a browser opens it: the changes it has sent so far, and whether it ended. */
export interface OpenStream {
  changes: () => ChangeEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  close(): void;
}

/** The app listening on a free local port (for streams, which `inject` cannot hold open). */
export async function listening(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/** Opens GET /api/events with `cookie` (none: a visitor); resolves once the server has answered. */
export function openStream(port: number, cookie?: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { host: `localhost:${port}`, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let body = '';
        let ended = false;
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        const done = new Promise<void>((r) => res.on('end', () => ((ended = true), r())));
        const changes = () =>
          [...body.matchAll(/event: change\ndata: (.+)\n/g)].map((m) => JSON.parse(m[1]!) as ChangeEvent);
        res.once('data', () => resolve({ changes, ended: done, isEnded: () => ended, close: () => req.destroy() }));
      },
    );
    req.on('error', reject);
  });
}

/** The marker: a change every stream is sent (nothing reads it but the admins' screens). */
const MARKER: ChangeEvent = { type: 'contact-messages.changed' };

/**
 * Resolves once every stream has been sent everything published before the call: a change sent
 * to all of them is published, and each stream's changes arrive in order.
 */
export async function streamsCaughtUp(app: FastifyInstance, streams: OpenStream[]): Promise<void> {
  const before = streams.map((s) => s.changes().filter((c) => c.type === MARKER.type).length);
  await app.deps.bus.publish(MARKER);
  await vi.waitFor(
    () =>
      streams.forEach((s, i) => expect(s.changes().filter((c) => c.type === MARKER.type).length).toBe(before[i]! + 1)),
    { timeout: 10_000 },
  );
}

/** A stream's changes without the markers. */
export const seen = (s: OpenStream) => s.changes().filter((c) => c.type !== MARKER.type);
