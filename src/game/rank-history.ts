/**
 * Rank history from real results per gameweek, never made-up numbers.
 *
 * For every gameweek with results, each player who had a scored prediction in it gets that
 * gameweek's points; players are ranked by those points (ties share a rank: 1, 1, 3). The history
 * starts at the first gameweek the player was ranked in (the gameweeks before it were never
 * theirs to play) and runs on without a gap in gameweek numbers, so a chart's axis counts
 * gameweeks evenly; it shows the last 10 of them. The summary figures cover every gameweek with
 * results.
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
  /** Null when the player had no scored prediction in that gameweek (or it has no results yet). */
  rank: number | null;
  points: number;
  /** Players ranked in that gameweek: 0 for a gameweek in the run with no results yet. */
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

/**
 * One gameweek's table: each player's points by slot (NO_SCORE: no scored prediction in it), and
 * every score sorted high to low. The slots are shared by every table of an index: a typed array
 * per gameweek is a small fraction of a map per gameweek (decision 0107; the server keeps one per
 * season, see statistics/routes.ts).
 */
export interface GameweekTable {
  slots: Map<string, number>;
  points: Int32Array;
  sortedDesc: number[];
}
export type TotalsIndex = Map<number, GameweekTable>;

/** A player's points in a gameweek table when they had no scored prediction in it (points are never negative). */
export const NO_SCORE = -1;

const sortedDescOf = (points: Int32Array): number[] =>
  Array.from(
    points
      .filter((p) => p !== NO_SCORE)
      .sort()
      .reverse(),
  );

/** Groups per-gameweek totals once, so many players' histories can be read from it cheaply. */
export function indexTotals(totals: readonly GameweekTotal[]): TotalsIndex {
  const slots = new Map<string, number>();
  for (const t of totals) if (!slots.has(t.userId)) slots.set(t.userId, slots.size);
  const points = new Map<number, Int32Array>();
  for (const t of totals) {
    let table = points.get(t.gameweek);
    if (!table) {
      table = new Int32Array(slots.size).fill(NO_SCORE);
      points.set(t.gameweek, table);
    }
    table[slots.get(t.userId)!] = t.points;
  }
  return indexTables(slots, points);
}

/**
 * An index from points already laid out by slot (each array as long as `slots`, NO_SCORE where a
 * player has none): what `indexTotals` builds, without an object per player and gameweek (a past
 * season of 10,000 players is 380,000 of them, all garbage a moment later).
 */
export function indexTables(slots: Map<string, number>, points: ReadonlyMap<number, Int32Array>): TotalsIndex {
  const index: TotalsIndex = new Map();
  for (const [gameweek, table] of points)
    index.set(gameweek, { slots, points: table, sortedDesc: sortedDescOf(table) });
  return index;
}

/** A player's points in one gameweek's table, or undefined without a scored prediction in it. */
const scoreIn = (table: GameweekTable, userId: string): number | undefined => {
  const slot = table.slots.get(userId);
  const points = slot === undefined ? NO_SCORE : table.points[slot]!;
  return points === NO_SCORE ? undefined : points;
};

/** Bytes an index holds, roughly (its arrays, and the shared slots' keys and entries once). */
export function totalsIndexBytes(index: TotalsIndex): number {
  let bytes = 0;
  const counted = new Set<Map<string, number>>();
  for (const table of index.values()) {
    bytes += 64 + table.points.byteLength + table.sortedDesc.length * 8;
    if (counted.has(table.slots)) continue;
    counted.add(table.slots);
    for (const id of table.slots.keys()) bytes += 64 + id.length * 2;
  }
  return bytes;
}

/** 1 + how many values in a descending list are greater than `points` (binary search). */
export function rankInSorted(points: number, sortedDesc: ArrayLike<number>): number {
  let lo = 0;
  let hi = sortedDesc.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedDesc[mid]! > points) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/** A player's rank among everyone with a scored prediction in one gameweek, and how many they are (null: the player had none). */
export function gameweekRankIn(
  index: TotalsIndex,
  gameweek: number,
  userId: string,
): { rank: number; players: number } | null {
  const table = index.get(gameweek);
  const mine = table && scoreIn(table, userId);
  return table && mine !== undefined
    ? { rank: rankInSorted(mine, table.sortedDesc), players: table.sortedDesc.length }
    : null;
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
    const mine = table && scoreIn(table, userId);
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
    history: fromFirstPlayed(entries).slice(-length),
    gameweeksAtTop: atTop,
    totalGameweeksParticipated: participated,
    topPositionRate: participated > 0 ? Math.round((atTop / participated) * 1000) / 10 : 0,
  };
}

/**
 * The entries from the player's first ranked gameweek on, with every gameweek number in between
 * (one without results yet as an unranked entry of no players), so no axis jumps from GW2 to GW14.
 */
function fromFirstPlayed(entries: readonly RankHistoryEntry[]): RankHistoryEntry[] {
  const first = entries.findIndex((e) => e.rank !== null);
  if (first === -1) return [];
  const out: RankHistoryEntry[] = [];
  for (const e of entries.slice(first)) {
    const previous = out.at(-1);
    if (previous)
      for (let gameweek = previous.gameweek + 1; gameweek < e.gameweek; gameweek += 1)
        out.push({ gameweek, rank: null, points: 0, players: 0 });
    out.push(e);
  }
  return out;
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
  const ids = [...new Set(userIds)];
  const slots = new Map<string, number>();
  const out: TotalsIndex = new Map();
  for (const [gameweek, table] of index) {
    const scores = ids.map((id) => scoreIn(table, id));
    if (scores.every((p) => p === undefined)) continue;
    if (slots.size === 0) ids.forEach((id, i) => slots.set(id, i));
    const points = Int32Array.from(scores, (p) => p ?? NO_SCORE);
    out.set(gameweek, { slots, points, sortedDesc: sortedDescOf(points) });
  }
  return out;
}
