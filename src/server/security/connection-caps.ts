import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { Config } from '../config.js';

/**
 * Open connections, in total and per client. Without caps one client could hold thousands of
 * idle keep-alive connections (each a file descriptor and buffers) until the process runs out of
 * them and nobody else gets in. A connection beyond a cap is closed as soon as it opens, before
 * a byte of it is read.
 *
 * Per client means per socket address (IPv6: per /64, one subscriber's network). Behind a reverse
 * proxy (TRUST_PROXY) every connection comes from the proxy, so there the per-client cap is off
 * and the proxy's own per-client limit takes its place (docs/operations.md); the total still holds.
 */
export interface ConnectionCaps {
  maxTotal: number;
  /** null: no per-client cap (behind a proxy). */
  maxPerClient: number | null;
}

export type ConnectionRefusal = 'total' | 'client';

export function connectionCapsOf(config: Config): ConnectionCaps {
  return {
    maxTotal: config.MAX_CONNECTIONS,
    maxPerClient: config.TRUST_PROXY === false ? config.MAX_CONNECTIONS_PER_CLIENT : null,
  };
}

/** The key a client's connections are counted under: its address, IPv6 reduced to its /64. */
export const connectionClient = (socket: Socket) => normalizeIP(socket.remoteAddress ?? '');

/**
 * Applies the caps to a server (before it listens). Returns the open connections of a client,
 * for tests and the log. `onRefused` hears each refused connection.
 */
export function capConnections(
  server: Server,
  caps: ConnectionCaps,
  onRefused: (why: ConnectionRefusal) => void = () => {},
): { openFrom(client: string): number } {
  // Node closes a connection beyond this itself, before any 'connection' listener sees it.
  server.maxConnections = caps.maxTotal;
  server.on('drop', () => onRefused('total'));
  const open = new Map<string, number>();
  const perClient = caps.maxPerClient;
  if (perClient !== null) {
    server.on('connection', (socket: Socket) => {
      const client = connectionClient(socket);
      const count = (open.get(client) ?? 0) + 1;
      if (count > perClient) {
        socket.destroy();
        onRefused('client');
        return;
      }
      open.set(client, count);
      socket.once('close', () => {
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      });
    });
  }
  return { openFrom: (client) => open.get(normalizeIP(client)) ?? 0 };
}

/** A log line for refusals, at most one a minute per kind, so a flood does not flood the log too. */
export function refusalLogger(
  warn: (message: string) => void,
  caps: ConnectionCaps,
  now: () => number = Date.now,
): (why: ConnectionRefusal) => void {
  const last: Record<ConnectionRefusal, number> = { total: -Infinity, client: -Infinity };
  return (why) => {
    if (now() - last[why] < 60_000) return;
    last[why] = now();
    warn(
      why === 'total'
        ? `Connections refused: ${caps.maxTotal} already open (MAX_CONNECTIONS)`
        : `Connections refused: a client already had ${caps.maxPerClient} open (MAX_CONNECTIONS_PER_CLIENT)`,
    );
  };
}
