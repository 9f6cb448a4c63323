import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventPayload } from '../../contract/events.js';

/**
 * A change clients should react to: what the stream sends (src/contract/events.ts; `keys` are
 * TanStack Query keys the browser invalidates), and `userId`, which limits delivery to that
 * user's connections and is never sent.
 */
export interface LiveEvent extends LiveEventPayload {
  userId?: string;
}

export interface EventBus {
  /** Call only after the transaction that made the change has committed. */
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'scoreline_events';

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

/**
 * PostgreSQL LISTEN/NOTIFY, so an event published by one instance reaches the SSE clients of
 * every instance (including its own, through the notification loop-back).
 */
export async function createPostgresBus(url: string, log: FastifyBaseLogger): Promise<EventBus> {
  const local = createLocalBus();
  let closed = false;
  let listener: pg.Client | null = null;
  const publisher = new pg.Pool({ connectionString: url, max: 2 });

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        void local.publish(JSON.parse(msg.payload) as LiveEvent);
      } catch (err) {
        log.warn({ err }, 'Ignored a malformed live event');
      }
    });
    client.on('error', (err) => {
      log.warn({ err }, 'Live event listener lost its connection; reconnecting');
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();

  return {
    async publish(event) {
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: (fn) => local.subscribe(fn),
    async close() {
      closed = true;
      await local.close();
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
