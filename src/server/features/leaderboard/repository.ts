import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { displayNameSql } from '../leagues/index.js';

/**
 * The overall leaderboard reads `userPoints` (per season, gameweek — 0 is the season total — and
 * player; kept exact by triggers), bounded to one (season, gameweek) by the table's primary key
 * prefix (migration 0014). A player is on it once they have a scored prediction in that season (or
 * gameweek; migration 0017 removed the rows of players with none).
 *
 * The rows come in no particular order: the database's collation never decides where players level
 * on points stand. The kept board (kept-board.ts) ranks them once with src/game/ranking.ts, the
 * league tables' one rule (decision 0102).
 */
export interface LeaderboardEntry {
  userId: string;
  displayName: string;
  points: number;
  exact: number;
}

/** Every player on a season's (or gameweek's) leaderboard, unordered. */
export async function leaderboardRows(
  db: DB,
  scope: { seasonId: string; gameweek: number },
): Promise<LeaderboardEntry[]> {
  const { rows } = await sql<LeaderboardEntry>`
    SELECT p."userId", ${displayNameSql} AS "displayName", p."points", p."exact"
    FROM "userPoints" p JOIN "user" u ON u."id" = p."userId"
    WHERE p."seasonId" = ${scope.seasonId} AND p."gameweek" = ${scope.gameweek}`.execute(db);
  return rows.map((r) => ({ ...r, points: Number(r.points), exact: Number(r.exact) }));
}
