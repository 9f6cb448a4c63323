import type { FastifyInstance } from 'fastify';
import { eventStream } from '../../contract/events.js';
import { sessionCookieValue, verifySignedToken } from '../auth/session.js';
import { HttpError } from '../errors.js';
import { clientAddress } from '../security/route-limits.js';
import { createStreamCounter, networkOf, type StreamOwner, type StreamRefusal } from '../security/stream-caps.js';
import type { SecurityLimits } from '../security/limits.js';
import { changeOf, type LiveEvent } from './bus.js';
import { leagueIdsOf, liveSessions } from './repository.js';

const HEARTBEAT_MS = 25_000;
/** Browsers wait this long before reconnecting a stream that ended or broke. */
const RETRY_MS = 3_000;
/**
 * Changes queued for a stream are sent together after this: the same change twice within it
 * (a burst of renames, a change arriving through two notifications) is sent once. Short enough
 * that nobody sees it.
 */
export const COALESCE_MS = 20;
/** Changes one stream may have waiting. */
const QUEUED_MAX = 1_000;

/** A change waiting to be sent on one stream; `leagueIds` when its viewer's leagues are still being read. */
interface Queued {
  text: string;
  leagueIds?: readonly string[];
}

interface Stream {
  viewer: Viewer | null;
  /** The session the stream was opened with (its token), checked again whenever the player's sessions change. */
  token: string | null;
  queue: Queued[];
  write(chunk: string): void;
  end(): void;
}

/** A signed-in player with open streams here, and the leagues they are in (null while being read). */
interface Viewer {
  userId: string;
  streams: Set<Stream>;
  leagues: Set<string> | null;
  /** Counts reads of `leagues`, so only the latest one is kept. */
  reads: number;
}

/**
 * GET /api/events: one Server-Sent Events stream per open page. Public changes go to everyone;
 * a change about leagues only to their members and the players it names (decision 0101); one
 * carrying a userId only to that player's streams. Browsers reconnect by themselves and refetch
 * what they show, so a reconnect resumes without a page reload.
 *
 * Each change is written as text once, whatever the number of streams, and what a stream is sent
 * is coalesced (COALESCE_MS). A stream opened with a session ends when that session does
 * (signed out, password changed or reset, sessions revoked, account deleted: every instance
 * hears `session.changed`), so it carries nothing of the player's after that.
 *
 * Streams are shared out per client, per network and per verified player, with a share kept for
 * verified players (security/stream-caps.ts, decision 0053), so a flood from some addresses never
 * shuts out the rest; one that carried no event for a while is ended (the browser reconnects), so
 * idle or abandoned connections cannot pile up.
 */
export async function sseRoutes(app: FastifyInstance) {
  const { limits } = app.security;
  const { config } = app.deps;
  const streams = createStreamCounter({
    total: limits.sseMaxTotal,
    reservedForPlayers: limits.sseReservedForPlayers,
    perAddress: limits.sseMaxPerAddress,
    perNetwork: limits.sseMaxPerNetwork,
    perPlayer: limits.sseMaxPerPlayer,
    playersPerNetwork: limits.sseMaxPlayersPerNetwork,
  });
  let nextId = 1;
  const open = new Set<Stream>();
  const viewers = new Map<string, Viewer>();

  // Streams with changes waiting, sent together once the window has passed.
  const dirty = new Set<Stream>();
  let flushTimer: NodeJS.Timeout | null = null;
  const markDirty = (stream: Stream) => {
    dirty.add(stream);
    if (!flushTimer) flushTimer = setTimeout(flushAll, COALESCE_MS);
  };
  const enqueue = (stream: Stream, item: Queued) => {
    // A stream whose changes cannot leave (its viewer's leagues never read) holds a bounded few:
    // past them it ends, and the browser reconnects and refetches.
    if (stream.queue.length >= QUEUED_MAX) return stream.end();
    stream.queue.push(item);
    markDirty(stream);
  };
  function flushAll() {
    flushTimer = null;
    const now = [...dirty];
    dirty.clear();
    for (const stream of now) flush(stream);
  }
  /** Sends what the stream has waiting, each change once, in order; what waits for its viewer's leagues stays. */
  function flush(stream: Stream) {
    const leagues = stream.viewer?.leagues;
    const waiting: Queued[] = [];
    const sent = new Set<string>();
    let out = '';
    for (const item of stream.queue) {
      if (item.leagueIds) {
        if (!leagues) {
          waiting.push(item);
          continue;
        }
        if (!item.leagueIds.some((l) => leagues.has(l))) continue;
      }
      if (sent.has(item.text)) continue;
      sent.add(item.text);
      out += `id: ${nextId++}\nevent: change\ndata: ${item.text}\n\n`;
    }
    stream.queue = waiting;
    if (out) stream.write(out);
  }

  /** Reads a viewer's leagues again (a read already under way is superseded: it may predate the change). */
  function readLeagues(viewer: Viewer) {
    viewer.leagues = null;
    const read = ++viewer.reads;
    leagueIdsOf(app.deps.db, viewer.userId).then(
      (ids) => {
        if (viewer.reads !== read || viewers.get(viewer.userId) !== viewer) return;
        viewer.leagues = new Set(ids);
        for (const stream of viewer.streams) if (stream.queue.length) markDirty(stream);
      },
      (err: unknown) => {
        if (viewer.reads !== read) return;
        // Without the leagues nothing addressed to them can be sent: the browser reconnects and refetches.
        app.log.warn({ err }, 'Could not read the leagues of a live stream; ending it');
        for (const stream of [...viewer.streams]) stream.end();
      },
    );
  }

  /** Ends the player's streams whose session has ended (each first sends what it has waiting). */
  async function endRevoked(userId: string) {
    const viewer = viewers.get(userId);
    if (!viewer) return;
    const signedIn = [...viewer.streams].filter((s) => s.token !== null);
    if (!signedIn.length) return;
    let alive: Set<string>;
    try {
      alive = await liveSessions(
        app.deps.db,
        signedIn.map((s) => s.token!),
      );
    } catch (err) {
      app.log.warn({ err }, 'Could not check the sessions of live streams; ending them');
      alive = new Set();
    }
    for (const stream of signedIn) {
      if (alive.has(stream.token!)) continue;
      flush(stream);
      stream.end();
    }
  }

  function deliver(event: LiveEvent) {
    const text = JSON.stringify(changeOf(event));
    if (event.userId) {
      const viewer = viewers.get(event.userId);
      if (viewer) for (const stream of viewer.streams) enqueue(stream, { text });
    } else if (event.toMembers && event.leagueIds) {
      const { leagueIds, alsoUsers = [] } = event;
      for (const viewer of viewers.values()) {
        const { leagues } = viewer;
        let item: Queued | null = null;
        if (alsoUsers.includes(viewer.userId)) item = { text };
        else if (leagues === null) item = { text, leagueIds };
        else if (leagueIds.some((l) => leagues.has(l))) item = { text };
        if (item) for (const stream of viewer.streams) enqueue(stream, item);
      }
    } else {
      for (const stream of open) enqueue(stream, { text });
    }
    // Whose leagues a membership change moved: the players it names (who joined, left or was
    // removed). The other members' own leagues are the same, so a join into a big league costs
    // one read, not one per member watching.
    if (event.type === 'membership.changed' && event.leagueIds)
      for (const userId of event.alsoUsers ?? []) {
        const viewer = viewers.get(userId);
        if (viewer) readLeagues(viewer);
      }
    // Memberships may have changed unannounced while the listener was away.
    if (event.type === 'live.resumed') for (const viewer of viewers.values()) readLeagues(viewer);
    if (event.type === 'session.changed' && event.userId) void endRevoked(event.userId);
  }
  const unsubscribe = app.deps.bus.subscribe(deliver);

  // Ends every stream when the server closes, so shutdown is not held up by idle connections.
  app.addHook('onClose', async () => {
    unsubscribe();
    if (flushTimer) clearTimeout(flushTimer);
    for (const stream of [...open]) stream.end();
  });
  app.get(
    '/api/events',
    {
      config: { auth: 'public' },
      schema: { tags: ['live'], summary: 'Server-Sent Events stream of changes', response: { 200: eventStream } },
    },
    async (req, reply) => {
      const session = await app.sessionUser(req);
      const cookie = session ? sessionCookieValue(req.headers.cookie, config.secureCookies) : null;
      const token = cookie === null ? null : verifySignedToken(cookie, config.AUTH_SECRET);
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
        idle = setTimeout(() => stream.end(), limits.sseIdleMs);
        idle.unref();
      };
      let viewer: Viewer | null = null;
      if (session) {
        viewer = viewers.get(session.id) ?? null;
        if (!viewer) {
          viewer = { userId: session.id, streams: new Set(), leagues: null, reads: 0 };
          viewers.set(session.id, viewer);
          readLeagues(viewer);
        }
      }
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        clearTimeout(idle);
        open.delete(stream);
        dirty.delete(stream);
        if (viewer) {
          viewer.streams.delete(stream);
          if (!viewer.streams.size && viewers.get(viewer.userId) === viewer) viewers.delete(viewer.userId);
        }
        ticket.release();
      };
      const stream: Stream = {
        viewer,
        token,
        queue: [],
        write(chunk) {
          if (stopped) return;
          res.write(chunk);
          restartIdle();
        },
        end() {
          stop();
          res.end();
        },
      };
      viewer?.streams.add(stream);
      open.add(stream);
      const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
      heartbeat.unref();
      restartIdle();
      req.raw.on('close', stop);
      // A session may have ended while the stream was being opened.
      if (token !== null) void endRevoked(session!.id);
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
