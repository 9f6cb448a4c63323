/**
 * Rank history (DESIGN.md point 4: real data, not the specification's random numbers).
 *
 * For every gameweek with results, each player who had a scored prediction in it gets that
 * gameweek's points; players are ranked by those points (ties share a rank: 1, 1, 3). The history
 * shows the player's rank and points in the last 10 gameweeks with results; the summary figures
 * cover every gameweek with results.
 */

export const RANK_HISTORY_LENGTH = 10;

/** One player's points in one gameweek (the repository's GROUP BY userId, gameweek). */
export interface GameweekTotal {
  userId: string;
  gameweek: number;
  points: number;
}

export interface RankHistoryEntry {
  gameweek: number;
  /** Null when the player had no scored prediction in that gameweek. */
  rank: number | null;
  points: number;
  /** Players ranked in that gameweek. */
  players: number;
}

export interface RankHistory {
  history: RankHistoryEntry[];
  gameweeksAtTop: number;
  totalGameweeksParticipated: number;
  /** gameweeksAtTop as a percentage of gameweeks participated, one decimal. */
  topPositionRate: number;
}

/** Competition ranking ("1224"): a player's rank is 1 + the number of players with more points. */
export function rankOf(points: number, allPoints: readonly number[]): number {
  let above = 0;
  for (const p of allPoints) if (p > points) above += 1;
  return above + 1;
}

/** One gameweek's table: each player's points, and all points sorted high to low. */
export interface GameweekTable {
  points: Map<string, number>;
  sortedDesc: number[];
}
export type TotalsIndex = Map<number, GameweekTable>;

/** Groups per-gameweek totals once, so many players' histories can be read from it cheaply. */
export function indexTotals(totals: readonly GameweekTotal[]): TotalsIndex {
  const index: TotalsIndex = new Map();
  for (const t of totals) {
    let table = index.get(t.gameweek);
    if (!table) {
      table = { points: new Map(), sortedDesc: [] };
      index.set(t.gameweek, table);
    }
    table.points.set(t.userId, t.points);
  }
  for (const table of index.values()) table.sortedDesc = [...table.points.values()].sort((a, b) => b - a);
  return index;
}

/** 1 + how many values in a descending list are greater than `points` (binary search). */
function rankInSorted(points: number, sortedDesc: readonly number[]): number {
  let lo = 0;
  let hi = sortedDesc.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedDesc[mid]! > points) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/**
 * @param index per-gameweek tables of every player in scope (a league's members, or everyone)
 * @param gameweeksWithResults gameweeks that have at least one final result
 */
export function rankHistoryFromIndex(
  index: TotalsIndex,
  gameweeksWithResults: readonly number[],
  userId: string,
  length = RANK_HISTORY_LENGTH,
): RankHistory {
  const gameweeks = [...new Set(gameweeksWithResults)].sort((a, b) => a - b);
  const entries: RankHistoryEntry[] = gameweeks.map((gameweek) => {
    const table = index.get(gameweek);
    const mine = table?.points.get(userId);
    return {
      gameweek,
      rank: table && mine !== undefined ? rankInSorted(mine, table.sortedDesc) : null,
      points: mine ?? 0,
      players: table?.sortedDesc.length ?? 0,
    };
  });
  const participated = entries.filter((e) => e.rank !== null).length;
  const atTop = entries.filter((e) => e.rank === 1).length;
  return {
    history: entries.slice(-length),
    gameweeksAtTop: atTop,
    totalGameweeksParticipated: participated,
    topPositionRate: participated > 0 ? Math.round((atTop / participated) * 1000) / 10 : 0,
  };
}

/** The same from raw per-gameweek totals. */
export function computeRankHistory(
  totals: readonly GameweekTotal[],
  gameweeksWithResults: readonly number[],
  userId: string,
  length = RANK_HISTORY_LENGTH,
): RankHistory {
  return rankHistoryFromIndex(indexTotals(totals), gameweeksWithResults, userId, length);
}

/** The tables of a subset of players (a league's members) from the everyone-index. */
export function subsetIndex(index: TotalsIndex, userIds: Iterable<string>): TotalsIndex {
  const ids = [...userIds];
  const out: TotalsIndex = new Map();
  for (const [gameweek, table] of index) {
    const points = new Map<string, number>();
    for (const id of ids) {
      const p = table.points.get(id);
      if (p !== undefined) points.set(id, p);
    }
    if (points.size > 0) out.set(gameweek, { points, sortedDesc: [...points.values()].sort((a, b) => b - a) });
  }
  return out;
}
