import type { FastifyInstance } from 'fastify';
import { claimLease, seasonsWithFeed } from './repository.js';
import { instanceId, runFeedSync } from './service.js';

export const POLL_LEASE = 'feed-poll';

/**
 * One poll of every season that has a feed address, by at most one instance per period: the
 * instance that claims the poll lease (held until just before the next period, never released)
 * runs it; the others skip. Returns the seasons this instance ran.
 */
export async function pollFeeds(app: FastifyInstance, periodMs: number, signal?: AbortSignal): Promise<string[]> {
  const { db } = app.deps;
  const wall = Date.now();
  // A little under a period, so the next tick (on whichever instance) finds it free.
  const until = new Date(wall + Math.max(1000, periodMs - 5000)).toISOString();
  if (!(await claimLease(db, POLL_LEASE, instanceId(app), new Date(wall).toISOString(), until))) return [];
  const ran: string[] = [];
  for (const s of await seasonsWithFeed(db)) {
    if (signal?.aborted) break;
    const out = await runFeedSync(app, s.id, 'schedule', signal);
    if (!out.busy) ran.push(s.id);
  }
  return ran;
}

/** Polls every FEED_POLL_MINUTES (off when unset). Returns its stop function (it cancels a fetch in flight). */
export function startFeedScheduler(app: FastifyInstance): () => Promise<void> {
  const minutes = app.deps.config.FEED_POLL_MINUTES;
  if (!minutes) return async () => {};
  const periodMs = minutes * 60_000;
  const stop = new AbortController();
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pollFeeds(app, periodMs, stop.signal)
      .catch((err: unknown) => app.log.error({ err }, 'The results feed poll failed'))
      .finally(() => {
        running = null;
      });
  };
  app.log.info(`Results feeds are read every ${minutes} minute${minutes === 1 ? '' : 's'} (FEED_POLL_MINUTES)`);
  const first = setTimeout(tick, 5000);
  const timer = setInterval(tick, periodMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    stop.abort();
    await running;
  };
}
