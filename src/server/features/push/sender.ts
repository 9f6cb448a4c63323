import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import type { PushPayload } from '../../../contract/push.js';
import { ipLiteral, isPrivateAddress, publicOnlyLookup } from '../../season-files/feed-address.js';
import { deleteSubscriptionById, markDelivered, type PushTarget } from './repository.js';

/** Deliveries in flight at once: a slow push service holds a few slots, never the server. */
const CONCURRENCY = 4;
/** Messages waiting beyond this are dropped with a warning (their log rows stay failed and are retried). */
const MAX_WAITING = 10_000;
/** How long a push service keeps a message for a device that is offline: a reminder is stale after a day. */
const TTL_SECONDS = 24 * 60 * 60;

export type Delivery = 'delivered' | 'gone' | 'failed';

export interface PushJob {
  targets: readonly PushTarget[];
  payload: PushPayload;
  urgency?: 'normal' | 'high';
  /** Called once every device was tried: whether at least one got it. */
  done?: (delivered: boolean) => Promise<void> | void;
}

export interface PushQueue {
  /** Queues a message; never waits for it (a request or a scheduler pass goes on at once). */
  enqueue(job: PushJob): void;
  /** Resolves when nothing is queued or in flight (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The in-process push queue: bounded concurrency, each delivery bounded by PUSH_TIMEOUT_SECONDS.
 * A push service that answers 404 or 410 has dropped the subscription, so we drop it too. A dead
 * or slow push service delays only its own messages.
 */
export function createPushQueue(app: FastifyInstance): PushQueue {
  const waiting: Array<() => Promise<void>> = [];
  let active = 0;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  const pump = () => {
    while (active < CONCURRENCY && waiting.length > 0) {
      const task = waiting.shift()!;
      active++;
      void task()
        .catch((err: unknown) => app.log.warn({ err }, 'A push message could not be handled'))
        .finally(() => {
          active--;
          pump();
        });
    }
    if (active === 0 && waiting.length === 0) {
      const w = idleWaiters;
      idleWaiters = [];
      for (const resolve of w) resolve();
    }
  };

  const run = async (job: PushJob) => {
    let delivered = false;
    for (const target of job.targets) {
      const outcome = await deliver(app, target, job.payload, job.urgency ?? 'normal');
      if (outcome === 'delivered') {
        delivered = true;
        await markDelivered(app.deps.db, target.id, app.deps.clock.nowIso());
      } else if (outcome === 'gone') {
        await deleteSubscriptionById(app.deps.db, target.id);
      }
    }
    await job.done?.(delivered);
  };

  return {
    enqueue(job) {
      if (closed) return;
      if (waiting.length >= MAX_WAITING) {
        app.log.warn('The push queue is full; a message was dropped');
        void Promise.resolve(job.done?.(false)).catch(() => {});
        return;
      }
      waiting.push(() => run(job));
      // Started on the next turn, so whoever queued it has answered first.
      setImmediate(pump);
    },
    idle() {
      if (active === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      waiting.length = 0;
      if (active > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}

/**
 * One encrypted message (RFC 8291, aes128gcm) with a VAPID signature (RFC 8292) to one device.
 * web-push builds the request; we send it, so that the endpoint's address is checked the way the
 * results feed's is (never a private or loopback address unless PUSH_ALLOW_PRIVATE_ADDRESSES) and
 * the whole exchange has a deadline.
 */
export async function deliver(
  app: FastifyInstance,
  target: PushTarget,
  payload: PushPayload,
  urgency: 'normal' | 'high',
): Promise<Delivery> {
  const { config } = app.deps;
  let url: URL;
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    url = new URL(target.endpoint);
    if (url.protocol !== 'https:') return 'gone';
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: config.VAPID_SUBJECT,
          publicKey: config.VAPID_PUBLIC_KEY,
          privateKey: config.VAPID_PRIVATE_KEY,
        },
        TTL: TTL_SECONDS,
        urgency,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (err) {
    // Keys that cannot encrypt (not a P-256 point) will never work: the device is dropped.
    app.log.warn({ err, subscription: target.id }, 'A push subscription is not usable; removed');
    return 'gone';
  }
  const literal = ipLiteral(url.hostname);
  if (!config.PUSH_ALLOW_PRIVATE_ADDRESSES && literal && isPrivateAddress(literal)) {
    app.log.warn({ subscription: target.id }, 'A push endpoint points at a private address; removed');
    return 'gone';
  }
  const timeoutMs = config.PUSH_TIMEOUT_SECONDS * 1000;
  const status = await new Promise<number | Error>((resolve) => {
    const req = https.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        ...(config.PUSH_ALLOW_PRIVATE_ADDRESSES ? {} : { lookup: publicOnlyLookup }),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume(); // the body says nothing we act on
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err) => resolve(err));
    req.end(details.body ?? undefined);
  });
  if (status instanceof Error) {
    app.log.warn({ err: status, subscription: target.id }, 'A push service did not answer');
    return 'failed';
  }
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  app.log.warn({ status, subscription: target.id }, 'A push service refused a message');
  return 'failed';
}

declare module 'fastify' {
  interface FastifyInstance {
    pushQueue: PushQueue;
  }
}
