import { z } from 'zod';

/**
 * The server process's event-loop delay over a window (since it started, or since the admin last
 * started a new one): how long a request arriving at a random moment would have waited for the
 * process to turn to it. Each instance answers for itself.
 */
export const eventLoopDelayDto = z.object({
  /** How long the window has lasted. */
  seconds: z.number(),
  /** The sampling period, already taken off every figure below. */
  resolutionMs: z.number(),
  samples: z.number().int(),
  meanMs: z.number(),
  p50Ms: z.number(),
  p90Ms: z.number(),
  p99Ms: z.number(),
  maxMs: z.number(),
});
export type EventLoopDelay = z.infer<typeof eventLoopDelayDto>;
export const eventLoopReply = z.object({ delay: eventLoopDelayDto });
