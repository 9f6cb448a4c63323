import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { changeEventDto, type ChangeEvent } from '../../contract/events.js';

/**
 * A change (src/contract/events.ts: what changed, typed) as the bus carries it: the event the
 * stream sends, and `userId`, which limits delivery to that user's connections and is never sent.
 */
export type LiveEvent = ChangeEvent & { userId?: string };

export interface EventBus {
  /** Call only after the transaction that made the change has committed. */
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export const CHANNEL = 'scoreline_events';
/** Live events sent in one NOTIFY round trip at most (each payload is at most 8,000 bytes). */
const PUBLISH_BATCH_MAX = 500;

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
        const { origin: from, userId, ...rest } = JSON.parse(msg.payload) as { origin?: string; userId?: unknown };
        // This instance's own events were delivered here when published (publish, below).
        if (from === origin) return;
        // Only changes of the vocabulary reach the caches and the browsers, whoever sent the notification.
        const change = changeEventDto.safeParse(rest);
        if (!change.success || (userId !== undefined && typeof userId !== 'string')) {
          log.warn({ type: (rest as { type?: unknown }).type }, 'Ignored a malformed live event');
          return;
        }
        void local.publish(userId === undefined ? change.data : { ...change.data, userId });
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
   * is all a client needs of a duplicate). Each publish resolves once its own batch is committed.
   */
  const pending: Array<{ payload: string; resolve: () => void; reject: (err: unknown) => void }> = [];
  let sending = false;
  const sendPending = async () => {
    sending = true;
    while (pending.length > 0) {
      const batch = pending.splice(0, PUBLISH_BATCH_MAX);
      try {
        await publisher.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n', [
          CHANNEL,
          batch.map((b) => b.payload),
        ]);
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    sending = false;
  };

  return {
    publish: (event) =>
      new Promise<void>((resolve, reject) => {
        // This instance's subscribers (its caches, its SSE clients) have the event at once, so a
        // player's next request here sees what they just changed; the other instances through
        // NOTIFY, whose loop-back this instance then skips by its origin.
        void local.publish(event);
        pending.push({ payload: JSON.stringify({ ...event, origin }), resolve, reject });
        if (!sending) void sendPending();
      }),
    subscribe: (fn) => local.subscribe(fn),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await local.close();
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
