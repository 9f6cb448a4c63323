import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { EventLoopDelay } from '../contract/event-loop.js';

/**
 * How often the event loop is sampled: Node's default. A finer timer would wake the process every
 * millisecond for as long as it runs; a block the budget cares about lasts several periods.
 */
export const EVENT_LOOP_RESOLUTION_MS = 10;

/**
 * The server process's own event-loop delay (`perf_hooks.monitorEventLoopDelay`): how late a timer
 * fired, sample by sample, over a window that `reset` starts again. Node records each sample as
 * the whole time between two firings, so the period is taken off to leave the delay a request
 * arriving then would have waited. One per app, read by the admin's route; it costs one timer.
 */
export function createEventLoopMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  histogram.enable();
  let since = performance.now();
  const ms = (ns: number) => Math.round(Math.max(0, ns / 1e6 - EVENT_LOOP_RESOLUTION_MS) * 10) / 10;

  const read = (): EventLoopDelay => {
    const samples = histogram.count;
    return {
      seconds: Math.round(performance.now() - since) / 1000,
      resolutionMs: EVENT_LOOP_RESOLUTION_MS,
      samples,
      // An empty histogram reports its extremes as sentinels: no sample, no delay.
      meanMs: samples ? ms(histogram.mean) : 0,
      p50Ms: samples ? ms(histogram.percentile(50)) : 0,
      p90Ms: samples ? ms(histogram.percentile(90)) : 0,
      p99Ms: samples ? ms(histogram.percentile(99)) : 0,
      maxMs: samples ? ms(histogram.max) : 0,
    };
  };

  return {
    read,
    /** Closes the window: answers its figures and starts a new one. */
    reset(): EventLoopDelay {
      const closed = read();
      histogram.reset();
      since = performance.now();
      return closed;
    },
    close(): void {
      histogram.disable();
    },
  };
}
export type EventLoopMonitor = ReturnType<typeof createEventLoopMonitor>;
