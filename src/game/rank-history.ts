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

/**
 * @param totals per-gameweek points of every player in scope (a league's members, or everyone)
 * @param gameweeksWithResults gameweeks that have at least one final result
 */
export function computeRankHistory(
  totals: readonly GameweekTotal[],
  gameweeksWithResults: readonly number[],
  userId: string,
  length = RANK_HISTORY_LENGTH,
): RankHistory {
  const byGameweek = new Map<number, GameweekTotal[]>();
  for (const t of totals) {
    const list = byGameweek.get(t.gameweek) ?? [];
    list.push(t);
    byGameweek.set(t.gameweek, list);
  }
  const gameweeks = [...new Set(gameweeksWithResults)].sort((a, b) => a - b);
  const entries: RankHistoryEntry[] = gameweeks.map((gameweek) => {
    const list = byGameweek.get(gameweek) ?? [];
    const mine = list.find((t) => t.userId === userId);
    return {
      gameweek,
      rank: mine ? rankOf(mine.points, list.map((t) => t.points)) : null,
      points: mine?.points ?? 0,
      players: list.length,
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
