import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { changeEventDto, type ChangeEvent } from '../../contract/events.js';

/**
 * Where a change belongs, as the bus carries it beside the change; never sent to a browser.
 * - `userId`: only that player's tabs hear it (their own prediction, settings, sessions).
 * - `leagueIds`: the leagues the change is about. League-scoped caches drop only these leagues'
 *   entries (leagues/table-cache.ts); without it, a change may concern any league.
 * - `toMembers`: the stream sends it only to those leagues' members and to `alsoUsers` (its author,
 *   a player just removed), never to visitors or other players (decision 0101).
 */
export interface Delivery {
  userId?: string;
  leagueIds?: readonly string[];
  toMembers?: true;
  alsoUsers?: readonly string[];
}

/** A change (src/contract/events.ts: what changed, typed) with where it belongs (`Delivery`). */
export type LiveEvent = ChangeEvent & Delivery;

/**
 * A change about leagues, sent only to their members and `alsoUsers` (the author at least: a
 * player who just left or was removed is no member any more, but their screens moved too).
 */
export function toLeagueMembers(
  change: ChangeEvent,
  leagueIds: readonly string[],
  alsoUsers: readonly string[],
): LiveEvent {
  return { ...change, leagueIds, toMembers: true, alsoUsers };
}

/** The change alone, as the stream sends it. */
export function changeOf(event: LiveEvent): ChangeEvent {
  const { userId: _u, leagueIds: _l, toMembers: _t, alsoUsers: _a, ...change } = event;
  return change;
}

export interface EventBus {
  /** Call only after the transaction that made the change has committed. */
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export const CHANNEL = 'scoreline_events';
/** Live events sent in one NOTIFY round trip at most (each payload is at most 8,000 bytes). */
const PUBLISH_BATCH_MAX = 500;
/** PostgreSQL refuses a notification payload of 8,000 bytes or more: longer league lists go in several. */
const PAYLOAD_MAX_BYTES = 7_000;

const ids = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= 1000 && v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 100);

/**
 * The notifications that carry one event to the other instances: one, unless its leagues make
 * it too long for PostgreSQL, then one per share of its leagues (each is the same change about
 * fewer leagues, which every reader handles as the whole).
 */
export function notificationsOf(event: LiveEvent, origin: string): string[] {
  const whole = JSON.stringify({ ...event, origin });
  const leagues = event.leagueIds ?? [];
  if (Buffer.byteLength(whole) < PAYLOAD_MAX_BYTES || leagues.length < 2) return [whole];
  const half = Math.ceil(leagues.length / 2);
  return [leagues.slice(0, half), leagues.slice(half)].flatMap((part) =>
    notificationsOf({ ...event, leagueIds: part }, origin),
  );
}

/** Reads a notification's delivery back (a malformed one: null). */
function deliveryOf(raw: Record<string, unknown>): Delivery | null {
  const { userId, leagueIds, toMembers, alsoUsers } = raw;
  if (userId !== undefined && typeof userId !== 'string') return null;
  if (leagueIds !== undefined && !ids(leagueIds)) return null;
  if (alsoUsers !== undefined && !ids(alsoUsers)) return null;
  if (toMembers !== undefined && toMembers !== true) return null;
  return {
    ...(userId === undefined ? {} : { userId }),
    ...(leagueIds === undefined ? {} : { leagueIds }),
    ...(toMembers === undefined ? {} : { toMembers }),
    ...(alsoUsers === undefined ? {} : { alsoUsers }),
  };
}

/** Fan-out inside one process: enough for SQLite, which one server owns. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** What the bus logs with (Fastify's logger fits). */
export interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ReconnectOptions {
  /** First wait after losing the connection; doubled after each failed attempt. */
  minDelayMs?: number;
  /** The longest wait between attempts. */
  maxDelayMs?: number;
}

/** Sent to this instance's own clients when the listener is back: refetch everything shown. */
export const LIVE_RESUMED: LiveEvent = { type: 'live.resumed' };

/**
 * PostgreSQL LISTEN/NOTIFY, so an event published by one instance reaches the SSE clients and
 * caches of every instance (its own at once, the others through the notification).
 *
 * The listening connection is kept for the life of the server: when it drops (the database
 * restarts, fails over, or the network breaks) it reconnects with back-off (1 s, doubling to
 * 30 s) until it succeeds, however long that takes, logging each failure and the recovery. A
 * failed `connect()` only rejects (pg emits no 'error' for it), so every attempt's failure
 * schedules the next one itself. Notifications sent while it was away are lost, so on recovery
 * the local clients are told to refetch everything they show (LIVE_RESUMED).
 */
export async function createPostgresBus(url: string, log: BusLog, opts: ReconnectOptions = {}): Promise<EventBus> {
  const minDelay = opts.minDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  const local = createLocalBus();
  /** This instance, as its notifications name it (never sent to browsers: stripped on receipt). */
  const origin = crypto.randomUUID();
  let closed = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  const clientOptions = { connectionString: url, connectionTimeoutMillis: 10_000, keepAlive: true };
  // A NOTIFY commits a transaction of its own (PostgreSQL gives it a transaction id), and with
  // synchronous_commit on every such commit waited for a WAL flush: one fsync per live event, so
  // under a burst of saves the events queued behind the disk for seconds (decision 0104). The commit
  // of a notification has nothing to make durable (notifications are never replayed after a
  // crash; a listener that loses its connection refetches, LIVE_RESUMED), so this pool's
  // connections commit without waiting for the flush. The data's own commits are unchanged.
  const publisher = new pg.Pool({ ...clientOptions, max: 1, options: '-c synchronous_commit=off' });
  // An idle pooled connection that drops emits 'error' on the pool; unhandled, it would end the process.
  publisher.on('error', (err) => log.warn({ err }, 'Live event publisher lost an idle connection'));

  const delay = () => Math.min(maxDelay, minDelay * 2 ** failures);

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void reconnect();
    }, delay());
    retryTimer.unref();
  };

  /** One connection that LISTENs; reports its own loss once, whether by 'error' or 'end'. */
  const connectOnce = async (): Promise<pg.Client> => {
    const client = new pg.Client(clientOptions);
    let active = false;
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const raw = JSON.parse(msg.payload) as Record<string, unknown>;
        const { origin: from, userId: _u, leagueIds: _l, toMembers: _t, alsoUsers: _a, ...rest } = raw;
        // This instance's own events were delivered here when published (publish, below).
        if (from === origin) return;
        // Only changes of the vocabulary reach the caches and the browsers, whoever sent the notification.
        const change = changeEventDto.safeParse(rest);
        const delivery = deliveryOf(raw);
        if (!change.success || !delivery) {
          log.warn({ type: (rest as { type?: unknown }).type }, 'Ignored a malformed live event');
          return;
        }
        void local.publish({ ...change.data, ...delivery });
      } catch (err) {
        log.warn({ err }, 'Ignored a malformed live event');
      }
    });
    const lost = (err?: Error) => {
      if (!active) return;
      active = false;
      if (listener === client) listener = null;
      void client.end().catch(() => {});
      if (closed) return;
      log.warn({ err, retryInMs: delay() }, 'Live event listener lost its connection to PostgreSQL; reconnecting');
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      void client.end().catch(() => {});
      throw err;
    }
    active = true;
    return client;
  };

  const reconnect = async () => {
    if (closed) return;
    try {
      const client = await connectOnce();
      if (closed) {
        await client.end().catch(() => {});
        return;
      }
      listener = client;
      log.info({ failedAttempts: failures }, 'Live event listener reconnected to PostgreSQL');
      failures = 0;
      void local.publish(LIVE_RESUMED);
    } catch (err) {
      failures += 1;
      log.warn(
        { err, attempt: failures, retryInMs: delay() },
        'Live event listener could not reconnect to PostgreSQL; trying again',
      );
      scheduleReconnect();
    }
  };

  // At start-up a database that cannot be reached is an error the operator must see.
  listener = await connectOnce();

  /**
   * Events published while a NOTIFY is on its way are sent together by the next one: one round
   * trip and one transaction for all of them, in the order they were published (PostgreSQL
   * delivers a transaction's notifications in order, and folds identical ones into one, which
   * is all a client needs of a duplicate). Each publish resolves once its own batch is sent.
   *
   * A publish never fails: it runs after its write committed, and this instance has the event
   * already, so a NOTIFY that fails (the database unreachable, the connection lost) must not
   * turn a committed write into an error. The events it carried are lost to the other instances,
   * so they are owed a resynchronisation: LIVE_RESUMED goes out first in the next NOTIFY that
   * succeeds (retried with back-off until one does), and they refetch, as after losing their
   * own listener.
   */
  const pending: Array<{ payloads: string[]; resolve: () => void }> = [];
  const resumedPayload = JSON.stringify({ ...LIVE_RESUMED, origin });
  let sending = false;
  let owesResync = false;
  let sendFailures = 0;
  let resyncTimer: NodeJS.Timeout | null = null;
  const scheduleResync = () => {
    if (closed || resyncTimer) return;
    resyncTimer = setTimeout(
      () => {
        resyncTimer = null;
        if (!sending) void sendPending();
      },
      Math.min(maxDelay, minDelay * 2 ** (sendFailures - 1)),
    );
    resyncTimer.unref();
  };
  const sendPending = async () => {
    sending = true;
    while (!closed && (pending.length > 0 || owesResync)) {
      const batch = pending.splice(0, PUBLISH_BATCH_MAX);
      const resync = owesResync;
      const payloads = [...(resync ? [resumedPayload] : []), ...batch.flatMap((b) => b.payloads)];
      try {
        await publisher.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n', [
          CHANNEL,
          payloads,
        ]);
        if (resync) {
          owesResync = false;
          log.info({ failedAttempts: sendFailures }, 'Live events reach the other instances again; they refetch');
          sendFailures = 0;
        }
        for (const b of batch) b.resolve();
      } catch (err) {
        owesResync = true;
        sendFailures += 1;
        // Everything waiting would fail the same way: its writes are answered, the resync covers them.
        const dropped = [...batch, ...pending.splice(0)];
        log.warn(
          { err, events: dropped.length, attempt: sendFailures },
          'Live events could not reach the other instances; they will be told to refetch once sending works again',
        );
        for (const b of dropped) b.resolve();
        scheduleResync();
        break;
      }
    }
    sending = false;
  };

  return {
    publish: (event) =>
      new Promise<void>((resolve) => {
        // This instance's subscribers (its caches, its SSE clients) have the event at once, so a
        // player's next request here sees what they just changed; the other instances through
        // NOTIFY, whose loop-back this instance then skips by its origin.
        void local.publish(event);
        if (closed) return resolve();
        pending.push({ payloads: notificationsOf(event, origin), resolve });
        if (!sending) void sendPending();
      }),
    subscribe: (fn) => local.subscribe(fn),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (resyncTimer) clearTimeout(resyncTimer);
      for (const b of pending.splice(0)) b.resolve();
      await local.close();
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
