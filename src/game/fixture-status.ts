import { instantMs } from './instant.js';

export const FIXTURE_STATUSES = ['upcoming', 'live', 'awaiting', 'finished', 'postponed'] as const;
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];

/**
 * How long a match counts as in play after its kick-off: 90 minutes, half-time, stoppage time
 * and a margin (a result is a fact after the whistle). After that, a match without a final result is awaiting it.
 */
export const LIVE_WINDOW_MS = (2 * 60 + 15) * 60 * 1000;

/**
 * When a match is over by the clock alone, for what needs no result: seeding a file's scores of
 * matches already played, and a season's end (its last kick-off this long ago).
 */
export const MATCH_OVER_MS = 3 * 60 * 60 * 1000;

/** The instant before which a kick-off counts as in play at `now` (the live window's start). */
export function liveSince(now: Date): string {
  return new Date(now.getTime() - LIVE_WINDOW_MS).toISOString();
}

/** True when a match kicking off at `kickoffAt` is over by the clock at `now` (kick-off + 3 h). */
export function isOverByClock(kickoffAt: string, now: Date): boolean {
  return instantMs(kickoffAt) + MATCH_OVER_MS <= now.getTime();
}

/**
 * A fixture's status follows from the clock and the data: postponed when the admin says so,
 * finished once a final result is saved; otherwise upcoming before kick-off, live for the live
 * window after it, then awaiting its result (never "live" for days). Players see an awaiting
 * match as played with its "result not in yet", a live one without a score entered as "score
 * not known yet"; the admin screens count the awaiting ones (docs/live-matches.md).
 */
export function deriveStatus(
  f: { kickoffAt: string | null; postponed: boolean | number },
  result: { final: boolean | number } | null,
  now: Date,
): FixtureStatus {
  if (f.postponed || f.kickoffAt === null) return 'postponed';
  if (result && result.final) return 'finished';
  const since = now.getTime() - instantMs(f.kickoffAt);
  if (since < 0) return 'upcoming';
  return since < LIVE_WINDOW_MS ? 'live' : 'awaiting';
}
