import { predictionDeadline, predictionWindow, type DeadlineFixture } from './deadline.js';
import { matchSign, type Scoreline } from './scoring.js';

/**
 * How the players picked a match, once its deadline has passed (decision record 0061): the
 * share of home wins, draws and away wins in whole percentages that add up to 100, and the most
 * common exact scores.
 */
export const PICK_SIDES = ['home', 'draw', 'away'] as const;
export type PickSide = (typeof PICK_SIDES)[number];

/** How many exact scores a match's summary names. */
export const TOP_SCORES = 3;

/** One predicted score and how many players picked it. */
export interface ScoreCount extends Scoreline {
  count: number;
}

export interface SideShare {
  count: number;
  percent: number;
}

export interface PickSummary {
  /** Predictions counted. */
  predictions: number;
  sides: Record<PickSide, SideShare>;
  /** The most common scores, most picked first (`rankScores`), at most TOP_SCORES. */
  topScores: Array<ScoreCount & { percent: number }>;
}

/**
 * Whether anyone may see how a match was picked: only once its predictions have closed, by the
 * deadline or because it was moved after its deadline had passed (then for good). Never while
 * it is open, nor while it is postponed before its deadline came.
 */
export const picksShown = (f: DeadlineFixture, now: Date): boolean => predictionWindow(f, now) === 'closed';

/**
 * The latest instant a match's predictions may have closed, when they are closed now (else
 * null): its deadline, or the moment it was locked when moved after its deadline, whichever is
 * later. A save that began before then may still be committing just after it.
 */
export function closedSince(f: DeadlineFixture, now: Date): Date | null {
  if (!picksShown(f, now)) return null;
  const deadline = predictionDeadline(f);
  const passed = deadline !== null && deadline.getTime() <= now.getTime() ? deadline.getTime() : -Infinity;
  const locked = f.predictionsLockedAt ? Date.parse(f.predictionsLockedAt) : -Infinity;
  const since = Math.max(passed, locked);
  return Number.isFinite(since) ? new Date(since) : now;
}

export const sideOf = (s: Scoreline): PickSide => {
  const sign = matchSign(s);
  return sign === 1 ? 'home' : sign === -1 ? 'away' : 'draw';
};

/**
 * Whole percentages of `counts` that add up to exactly 100 (all 0 when there is nothing to
 * share): each gets its percentage rounded down, and the points left over go one each to the
 * largest remainders (the largest remainder method). Equal remainders go to the larger count,
 * then to the earlier position, so the answer never depends on anything but the counts.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return counts.map(() => 0);
  // Integer arithmetic: the remainder of count × 100 / total, compared exactly.
  const floors = counts.map((c) => Math.floor((c * 100) / total));
  const remainders = counts.map((c) => (c * 100) % total);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = counts
    .map((_, i) => i)
    .sort((a, b) => remainders[b]! - remainders[a]! || counts[b]! - counts[a]! || a - b);
  for (const i of order) {
    if (left === 0) break;
    if (remainders[i] === 0) continue;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

/**
 * Scores most picked first; among scores picked equally often, the one with fewer home goals
 * first, then fewer away goals (1-0 before 1-1 before 2-0), so equal counts always come in the
 * same order.
 */
export function rankScores<T extends ScoreCount>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.count - a.count || a.homeScore - b.homeScore || a.awayScore - b.awayScore);
}

/** A whole percentage of `count` out of `total`, rounded half up (0 when there is no total). */
export const percentOf = (count: number, total: number): number =>
  total > 0 ? Math.floor((count * 200 + total) / (total * 2)) : 0;

/**
 * A match's summary from its predicted scores with their counts (one row per distinct score;
 * rows for the same score are added together, rows with no count are ignored).
 */
export function summarisePicks(rows: readonly ScoreCount[]): PickSummary {
  const byScore = new Map<string, ScoreCount>();
  for (const r of rows) {
    if (r.count <= 0) continue;
    const key = `${r.homeScore}-${r.awayScore}`;
    const seen = byScore.get(key);
    if (seen) seen.count += r.count;
    else byScore.set(key, { homeScore: r.homeScore, awayScore: r.awayScore, count: r.count });
  }
  const scores = [...byScore.values()];
  const counts: Record<PickSide, number> = { home: 0, draw: 0, away: 0 };
  for (const s of scores) counts[sideOf(s)] += s.count;
  const predictions = counts.home + counts.draw + counts.away;
  const [home, draw, away] = wholePercents([counts.home, counts.draw, counts.away]) as [number, number, number];
  return {
    predictions,
    sides: {
      home: { count: counts.home, percent: home },
      draw: { count: counts.draw, percent: draw },
      away: { count: counts.away, percent: away },
    },
    topScores: rankScores(scores)
      .slice(0, TOP_SCORES)
      .map((s) => ({ ...s, percent: percentOf(s.count, predictions) })),
  };
}
