import { deadlineMs, type DeadlineFixture } from './deadline.js';
import { LIVE_WINDOW_MS } from './fixture-status.js';
import { instantMs } from './instant.js';

/**
 * The instants at which what a screen shows changes by the clock alone, so a page can wake up
 * exactly then (web/lib/page-clock.ts) instead of polling. Epoch milliseconds.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The instants a match moves on by the clock: its deadline (predictions close), its kick-off (in
 * play) and the end of its live window (played, awaiting its result). None while it has no time.
 */
export function fixtureInstants(f: DeadlineFixture): number[] {
  const deadline = deadlineMs(f);
  if (deadline === null) return [];
  const kickoff = instantMs(f.kickoffAt!);
  return [deadline, kickoff, kickoff + LIVE_WINDOW_MS];
}

/**
 * The next instant after `now` at which `deadlineCountdown(deadline, now)` (game/countdown.ts)
 * says something else: the text floors whole minutes under a day, whole hours on the second day
 * and whole days after, so it changes as the time left drops below such a step. Null once the
 * deadline has passed.
 */
export function countdownChangesAt(deadline: Date | string | null, now: Date): number | null {
  if (deadline === null) return null;
  const at = new Date(deadline).getTime();
  const left = at - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return null;
  if (left < MINUTE) return at;
  const step = left < DAY ? MINUTE : left < 2 * DAY ? HOUR : DAY;
  // The text shows floor(left / step); it drops once the time left is below that many steps.
  return at - Math.floor(left / step) * step + 1;
}

/** The earliest of `instants` after `now`, or null. */
export function nextInstant(instants: Iterable<number | null | undefined>, now: number): number | null {
  let next: number | null = null;
  for (const at of instants) if (at != null && at > now && (next === null || at < next)) next = at;
  return next;
}
