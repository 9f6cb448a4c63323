/**
 * The one standings rule (docs/decisions/0102-one-standings-rule.md): every table, position and
 * rank a screen, route or e-mail shows orders its players here, and nowhere else.
 *
 * Members are ordered by points descending; ties share a rank ("standard competition ranking",
 * 1-2-2-4: players level on points get the same rank, and the next rank skips the shared
 * places). Within a tie the order is the name's sort key (`standingNameKey`: lower-cased,
 * compatibility-decomposed, accents dropped), then the player's id, both compared by Unicode code
 * points. Nothing in it depends on a locale or a database collation, so
 * every process, browser and database agrees; SQL may pre-sort rows for a page, but a table's
 * order and ranks are always the ones this file gives.
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

/** A row with its shared rank (1-2-2-4) and its place in the order (1, 2, 3, 4). */
export type Ranked<T> = T & { rank: number; position: number };

const MARKS = /\p{M}/gu;

/**
 * A name's sort key: lower-cased by Unicode's default case mapping (`toLowerCase` takes no locale),
 * decomposed by compatibility (NFKD: "é" is "e" and an accent, "ﬁ" is "fi"), its marks dropped.
 * "Émile" sorts with "emile", "Zoë" with "zoe", "Ådne" with "adne", whatever the server's locale.
 */
export function standingNameKey(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(MARKS, '');
}

/**
 * Two strings by Unicode code point. JavaScript's `<` compares UTF-16 code units, which puts a
 * character beyond U+FFFF (a surrogate pair, D800–DFFF) before U+E000–U+FFFF; moving the
 * surrogates above them restores the code point order (the order of their UTF-8 bytes).
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

const codePointOrder = (unit: number) =>
  unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit;

/** The table order of two rows, given their names' sort keys. */
function compareKeyed(a: RankInput, aKey: string, b: RankInput, bKey: string): number {
  if (a.points !== b.points) return b.points - a.points;
  return compareCodePoints(aKey, bKey) || compareCodePoints(a.userId, b.userId);
}

/** The table order of two rows: points descending, then the name's key, then the id. */
export function compareRows(a: RankInput, b: RankInput): number {
  return compareKeyed(a, standingNameKey(a.name), b, standingNameKey(b.name));
}

/**
 * Rows in table order with their shared ranks and positions: the one ranking of every league
 * table (season, gameweek, all seasons, live) and of the overall leaderboard's tests.
 */
export function rankRows<T extends RankInput>(rows: readonly T[]): Ranked<T>[] {
  // Each name's sort key worked out once per row, not once per comparison (a live table of
  // 10,000 members is ranked again on every refresh while matches are in play).
  const keyed = rows.map((row) => ({ row, key: standingNameKey(row.name) }));
  keyed.sort((a, b) => compareKeyed(a.row, a.key, b.row, b.key));
  let rank = 0;
  return keyed.map(({ row }, i) => {
    if (i === 0 || row.points !== keyed[i - 1]!.row.points) rank = i + 1;
    return { ...row, rank, position: i + 1 };
  });
}

/** Rows in the order they take among players level on points (name key, then id), whatever their points. */
export function tieOrder<T extends { userId: string }>(rows: readonly T[], nameOf: (row: T) => string): T[] {
  const keyed = rows.map((row) => ({ row, key: standingNameKey(nameOf(row)) }));
  keyed.sort((a, b) => compareCodePoints(a.key, b.key) || compareCodePoints(a.row.userId, b.row.userId));
  return keyed.map((k) => k.row);
}

/**
 * `rankRows` for rows already in `tieOrder` (a league's kept roster, ordered once): a stable sort
 * by points keeps the tie order within each tie, so the result is `rankRows`' order, ranks and
 * positions, without comparing names again after every result.
 */
export function rankInTieOrder<T extends { points: number }>(rows: readonly T[]): Ranked<T>[] {
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
