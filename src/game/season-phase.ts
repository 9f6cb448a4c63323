import { MATCH_OVER_MS } from './fixture-status.js';

export const SEASON_PHASES = ['upcoming', 'in-progress', 'finished'] as const;
export type SeasonPhase = (typeof SEASON_PHASES)[number];

/** What the phase of a season depends on: its first and last scheduled kick-offs (postponed matches without a time left out). */
export interface SeasonSpan {
  firstKickoff: string | null;
  lastKickoff: string | null;
}

/**
 * A season's phase by the clock (decision record 0016):
 * - `upcoming` before its first kick-off, or while it has no scheduled match at all;
 * - `finished` once its last scheduled match is over by the clock (kick-off + 3 h), whether or
 *   not every result is in (a missing one shows as "awaiting result", it does not hold the
 *   season open for ever); a match rescheduled later reopens it;
 * - `in-progress` in between.
 */
export function seasonPhase(span: SeasonSpan, now: Date): SeasonPhase {
  if (span.firstKickoff === null || span.lastKickoff === null) return 'upcoming';
  const t = now.getTime();
  if (t < Date.parse(span.firstKickoff)) return 'upcoming';
  if (t >= Date.parse(span.lastKickoff) + MATCH_OVER_MS) return 'finished';
  return 'in-progress';
}

/**
 * The instants (epoch ms) at which a season's phase changes: its first kick-off and the moment its
 * last match is over. Between two consecutive ones, nothing `seasonPhase` or `currentSeason`
 * answers can change, so a server may keep their answers for that stretch of time.
 */
export function phaseChanges(span: SeasonSpan): number[] {
  if (span.firstKickoff === null || span.lastKickoff === null) return [];
  return [Date.parse(span.firstKickoff), Date.parse(span.lastKickoff) + MATCH_OVER_MS];
}

/** The stretch [from, until) around `t` in which no season's phase changes (see `phaseChanges`). */
export function steadyPhaseWindow(spans: readonly SeasonSpan[], t: number): { from: number; until: number } {
  let from = -Infinity;
  let until = Infinity;
  for (const span of spans) {
    for (const at of phaseChanges(span)) {
      if (at <= t) from = Math.max(from, at);
      else until = Math.min(until, at);
    }
  }
  return { from, until };
}

/** A season as the current-season rule sees it; `startDate` orders seasons that have no kick-off yet. */
export interface SeasonCandidate extends SeasonSpan {
  id: string;
  startDate: string | null;
}

const FAR_FUTURE = '9999-12-31';
const startOf = (s: SeasonCandidate) => s.firstKickoff ?? s.startDate ?? FAR_FUTURE;

/**
 * The current season of a competition (decision record 0016): the one an admin pinned, if it
 * exists; else the season in progress (the latest to start, should two overlap); else the next
 * upcoming one (the earliest to start; one with no fixtures yet counts as upcoming, after those
 * with a date); else the most recently finished one. Null only when there is no season at all.
 */
export function currentSeason<T extends SeasonCandidate>(
  seasons: readonly T[],
  now: Date,
  pinnedId: string | null = null,
): T | null {
  if (pinnedId !== null) {
    const pinned = seasons.find((s) => s.id === pinnedId);
    if (pinned) return pinned;
  }
  const byPhase = (phase: SeasonPhase) => seasons.filter((s) => seasonPhase(s, now) === phase);
  const byStart = (a: T, b: T) => startOf(a).localeCompare(startOf(b)) || a.id.localeCompare(b.id);
  const inProgress = byPhase('in-progress').sort(byStart);
  if (inProgress.length) return inProgress[inProgress.length - 1]!;
  const upcoming = byPhase('upcoming').sort(byStart);
  if (upcoming.length) return upcoming[0]!;
  const finished = byPhase('finished').sort(
    (a, b) => a.lastKickoff!.localeCompare(b.lastKickoff!) || a.id.localeCompare(b.id),
  );
  return finished[finished.length - 1] ?? null;
}

/**
 * What a screen is about, for the season it leads with (decision record 0043):
 * - `board`: what can be predicted next (the predictions board, the dashboard, match day): the
 *   current season;
 * - `standings`: what has been played (league tables, the overall leaderboard, statistics,
 *   gameweek summaries): the current season too, except between seasons — the current season
 *   not kicked off yet — when it is the season played last, with its final standings, until the
 *   next season's first kick-off.
 */
export const SEASON_LEADS = ['board', 'standings'] as const;
export type SeasonLead = (typeof SEASON_LEADS)[number];

/** A season with its phase (worked out by the server's clock) and its UK first and last fixture dates. */
export interface PhasedSeason {
  id: string;
  phase: SeasonPhase;
  startDate: string | null;
  endDate: string | null;
}

/**
 * The season a screen leads with when no season is asked for, among one competition's seasons
 * and its `current` one (`currentSeason`). Only phases are read, so the server (from its spans)
 * and the web (from `/api/seasons`) decide it alike. For `standings` while the current season
 * has not started: a season in progress beside it (an admin pinned the next one early), else the
 * most recently finished one; the current one when none has been played.
 */
export function leadingSeason<T extends PhasedSeason>(
  lead: SeasonLead,
  seasons: readonly T[],
  current: T | null,
): T | null {
  if (lead === 'board' || current === null || current.phase !== 'upcoming') return current;
  const played = seasons.filter((s) => s.id !== current.id && s.phase !== 'upcoming');
  const latest = (key: 'startDate' | 'endDate') => (a: T, b: T) =>
    (b[key] ?? '').localeCompare(a[key] ?? '') || b.id.localeCompare(a.id);
  const inProgress = played.filter((s) => s.phase === 'in-progress').sort(latest('startDate'));
  if (inProgress.length) return inProgress[0]!;
  return played.filter((s) => s.phase === 'finished').sort(latest('endDate'))[0] ?? current;
}
