import { DEADLINE_MS } from './limits.js';

/** How long before a prediction deadline a reminder may go out, in hours. */
export type ReminderWindow = 24 | 6;
export const REMINDER_WINDOWS: readonly ReminderWindow[] = [24, 6];
export const DEFAULT_REMINDER_WINDOWS: readonly ReminderWindow[] = [24];
const HOUR_MS = 60 * 60 * 1000;

/** The stored form ('24', '6' or '24,6') as windows, widest first; unknown parts are dropped. */
export function parseWindows(stored: string): ReminderWindow[] {
  const set = new Set(stored.split(',').map((p) => Number(p.trim())));
  return REMINDER_WINDOWS.filter((w) => set.has(w));
}

/** Windows as stored: widest first, no duplicates ('24,6'). */
export function formatWindows(windows: readonly ReminderWindow[]): string {
  const set = new Set(windows);
  return REMINDER_WINDOWS.filter((w) => set.has(w)).join(',');
}

/** The prediction deadline of a kick-off (predictions close 2 hours before). */
export function deadlineOf(kickoffAt: string | Date): Date {
  return new Date(new Date(kickoffAt).getTime() - DEADLINE_MS);
}

/**
 * Which reminder is due for a match whose prediction deadline is `deadline`: the narrowest of
 * the player's windows that `now` is inside, where a window of W hours runs from W hours before
 * the deadline (inclusive) up to the deadline itself (exclusive: after it, nothing can be done).
 * Null when none is. Taking the narrowest means a player with 24 h and 6 h gets one mail a day
 * ahead and another 6 hours ahead, never both at once, even after the scheduler was down.
 */
export function reminderWindowFor(
  deadline: Date,
  now: Date,
  windows: readonly ReminderWindow[],
): ReminderWindow | null {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return null;
  let due: ReminderWindow | null = null;
  for (const w of windows) {
    if (left <= w * HOUR_MS && (due === null || w < due)) due = w;
  }
  return due;
}

/** The widest window any player may choose: kick-offs up to this far ahead (plus the deadline) may need a reminder. */
export const MAX_REMINDER_LEAD_MS = Math.max(...REMINDER_WINDOWS) * HOUR_MS + DEADLINE_MS;
