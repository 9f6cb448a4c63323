/**
 * League tables: members ordered by points descending, then by display name
 * alphabetically (case-insensitive, then by id so the order is total); ranks start at 1.
 *
 * Ties share a rank ("standard competition ranking", 1-2-2-4): players level on points get the
 * same rank, and the next rank skips the shared places. The name only orders rows within a tie,
 * it does not split the rank. The server computes the same with RANK() in SQL; tests compare both.
 */
export const UNNAMED_PLAYER = 'Unnamed Player';

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/** The name on a leaderboard: team name, else username, else the member's display name. */
export function leaderboardName(u: {
  teamName?: string | null;
  username?: string | null;
  displayName?: string | null;
}): string {
  if (present(u.teamName)) return u.teamName.trim();
  if (present(u.username)) return u.username.trim();
  if (present(u.displayName)) return u.displayName.trim();
  return UNNAMED_PLAYER;
}

export interface RankInput {
  userId: string;
  name: string;
  points: number;
}

export type Ranked<T extends RankInput> = T & { rank: number };

/** Sort key for names; SQL uses lower() the same way, so both sides agree. */
export const nameKey = (name: string) => name.toLowerCase();

/** The table order of two rows, given their names' sort keys. */
function compareKeyed(a: RankInput, aKey: string, b: RankInput, bKey: string): number {
  if (a.points !== b.points) return b.points - a.points;
  if (aKey !== bKey) return aKey < bKey ? -1 : 1;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

export function compareRows(a: RankInput, b: RankInput): number {
  return compareKeyed(a, nameKey(a.name), b, nameKey(b.name));
}

export function rankRows<T extends RankInput>(rows: readonly T[]): Ranked<T>[] {
  // Each name's sort key worked out once per row, not once per comparison (a live table of
  // 10,000 members is ranked again on every refresh while matches are in play).
  const keyed = rows.map((row) => ({ row, key: nameKey(row.name) }));
  keyed.sort((a, b) => compareKeyed(a.row, a.key, b.row, b.key));
  const sorted = keyed.map((k) => k.row);
  let rank = 0;
  return sorted.map((row, i) => {
    if (i === 0 || row.points !== sorted[i - 1]!.points) rank = i + 1;
    return { ...row, rank };
  });
}

/**
 * Ranks rows given in name order (as `compareRows` orders players level on points) by points: the
 * sort is stable, so the name order stands within each tie and the result is `compareRows`' order.
 * Used where the database gave the name order (its own LOWER and collation, which the table's
 * SQL ordered by) and the points were worked out in memory. Positions run 1, 2, 3…; ranks are shared.
 */
export function rankInNameOrder<T extends { points: number }>(
  rows: readonly T[],
): (T & { rank: number; position: number })[] {
  const sorted = [...rows].sort((a, b) => b.points - a.points);
  let rank = 0;
  return sorted.map((row, i) => {
    if (i === 0 || row.points !== sorted[i - 1]!.points) rank = i + 1;
    return { ...row, rank, position: i + 1 };
  });
}

export const POSITION_CHANGES = ['up', 'down', 'same'] as const;
export type PositionChange = (typeof POSITION_CHANGES)[number];

/** Movement since the previous standings: a smaller rank number is a move up. */
export function positionChange(previous: number | null, current: number): PositionChange {
  if (previous === null || previous === current) return 'same';
  return current < previous ? 'up' : 'down';
}
