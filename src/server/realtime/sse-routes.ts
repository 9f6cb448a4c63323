import type { FastifyInstance } from 'fastify';
import { eventStream } from '../../contract/events.js';
import { HttpError } from '../errors.js';
import { clientAddress } from '../security/route-limits.js';
import { createStreamCounter, networkOf, type StreamOwner, type StreamRefusal } from '../security/stream-caps.js';
import type { SecurityLimits } from '../security/limits.js';
import type { LiveEvent } from './bus.js';

const HEARTBEAT_MS = 25_000;
/** Browsers wait this long before reconnecting a stream that ended or broke. */
const RETRY_MS = 3_000;

/**
 * GET /api/events: one Server-Sent Events stream per open page. Public changes go to everyone;
 * events carrying a userId only to that user's connections. Browsers reconnect by themselves
 * and refetch what they show, so a reconnect resumes without a page reload.
 *
 * Streams are shared out per client, per network and per verified player, with a share kept for
 * verified players (security/stream-caps.ts, decision 0053), so a flood from some addresses never
 * shuts out the rest; one that carried no event for a while is ended (the browser reconnects), so
 * idle or abandoned connections cannot pile up.
 */
export async function sseRoutes(app: FastifyInstance) {
  const { limits } = app.security;
  const streams = createStreamCounter({
    total: limits.sseMaxTotal,
    reservedForPlayers: limits.sseReservedForPlayers,
    perAddress: limits.sseMaxPerAddress,
    perNetwork: limits.sseMaxPerNetwork,
    perPlayer: limits.sseMaxPerPlayer,
    playersPerNetwork: limits.sseMaxPlayersPerNetwork,
  });
  let nextId = 1;
  const open = new Set<() => void>();
  // Ends every stream when the server closes, so shutdown is not held up by idle connections.
  app.addHook('onClose', async () => {
    for (const end of [...open]) end();
  });
  app.get(
    '/api/events',
    {
      config: { auth: 'public' },
      schema: { tags: ['live'], summary: 'Server-Sent Events stream of changes', response: { 200: eventStream } },
    },
    async (req, reply) => {
      const session = await app.sessionUser(req);
      const userId = session?.id;
      // An account counts as a player once its address is verified: unverified sign-ups cost nothing to make.
      const network = networkOf(req.ip);
      const owner: StreamOwner = session?.emailVerified
        ? { kind: 'player', userId: session.id, network }
        : { kind: 'visitor', address: clientAddress(req), network };
      const ticket = streams.tryOpen(owner);
      if (!ticket.ok) {
        reply.header('retry-after', '60');
        throw new HttpError(429, 'rate_limited', refusalMessage(ticket.refused, limits));
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      let idle: NodeJS.Timeout | undefined;
      const restartIdle = () => {
        clearTimeout(idle);
        idle = setTimeout(() => end(), limits.sseIdleMs);
        idle.unref();
      };
      const send = (event: LiveEvent) => {
        if (event.userId && event.userId !== userId) return;
        const { userId: _omit, ...payload } = event;
        res.write(`id: ${nextId++}\nevent: change\ndata: ${JSON.stringify(payload)}\n\n`);
        restartIdle();
      };
      const unsubscribe = app.deps.bus.subscribe(send);
      const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
      heartbeat.unref();
      restartIdle();
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        clearTimeout(idle);
        unsubscribe();
        open.delete(end);
        ticket.release();
      };
      const end = () => {
        stop();
        res.end();
      };
      open.add(end);
      req.raw.on('close', stop);
    },
  );
}

/** What a refused stream is told (the page retries by itself; nobody has to act unless it is their own tabs). */
function refusalMessage(refused: StreamRefusal, limits: SecurityLimits): string {
  switch (refused) {
    case 'address':
      return `Too many live-update connections from your address (${limits.sseMaxPerAddress}). Close some Scoreline tabs; the page retries by itself.`;
    case 'player':
      return `Too many live-update connections for your account (${limits.sseMaxPerPlayer}). Close some Scoreline tabs; the page retries by itself.`;
    case 'network':
    case 'players_network':
      return 'Too many live-update connections from your network right now. The page retries by itself in a minute.';
    case 'visitors':
      return 'The server has too many live-update connections from visitors right now. Signed-in players have places kept for them; the page retries by itself in a minute.';
    case 'total':
      return 'The server has too many live-update connections right now. The page retries by itself in a minute.';
  }
}
