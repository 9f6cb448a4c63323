import { DEADLINE_MS } from './limits.js';
import { instantMs } from './instant.js';

/** Predictions close 2 hours before the stored UTC kick-off (real elapsed time, not wall clock). */
export const DEADLINE_MESSAGE =
  'Sorry, predictions for this match are no longer allowed. The deadline is 2 hours before kick-off.';

export interface DeadlineFixture {
  kickoffAt: string | null;
  postponed: boolean | number;
  /** Set once a match was moved after its deadline had passed (decision record 0012). */
  predictionsLockedAt?: string | null;
}

/** Why a match that was moved after its deadline still takes no predictions. */
export const LOCKED_MESSAGE =
  'Predictions for this match closed at its original deadline and stay closed, although it has been moved.';

/** The instant predictions close, or null while a postponed match has no kick-off time. */
export function predictionDeadline(f: DeadlineFixture): Date | null {
  const ms = deadlineMs(f);
  return ms === null ? null : new Date(ms);
}

/** The same instant as epoch milliseconds (no Date made: screens compare it on every request). */
export function deadlineMs(f: DeadlineFixture): number | null {
  if (f.postponed || f.kickoffAt === null) return null;
  return instantMs(f.kickoffAt) - DEADLINE_MS;
}

export const PREDICTION_WINDOWS = ['open', 'closed', 'postponed'] as const;
export type PredictionWindow = (typeof PREDICTION_WINDOWS)[number];

/**
 * Whether a prediction may be saved now. At the deadline instant itself it is already closed;
 * a postponed match takes no predictions until it has a new time; a match moved after its
 * deadline had passed stays closed, wherever it moved.
 */
export function predictionWindow(f: DeadlineFixture, now: Date): PredictionWindow {
  if (f.predictionsLockedAt) return 'closed';
  const deadline = deadlineMs(f);
  if (deadline === null) return 'postponed';
  return now.getTime() < deadline ? 'open' : 'closed';
}

export function isPredictionOpen(f: DeadlineFixture, now: Date): boolean {
  return predictionWindow(f, now) === 'open';
}

/** Kick-off now or in the future is upcoming, earlier is past. A postponed match without a time is upcoming. */
export function isUpcoming(f: { kickoffAt: string | null }, now: Date): boolean {
  return f.kickoffAt === null || instantMs(f.kickoffAt) >= now.getTime();
}
