import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { displayNameSql } from '../leagues/repository.js';

/**
 * The overall leaderboard reads `userPoints` (per season, gameweek — 0 is the season total — and
 * player; kept exact by triggers), so every query, the counts included, is bounded to one
 * (season, gameweek) by the table's primary key prefix (migration 0014). A player is on it once
 * they have a scored prediction in that season (or gameweek; migration 0017 removed the rows of
 * players with none). Order: points, then the name
 * (case-insensitive), then the id — the league tables' order (src/game/ranking.ts).
 */
export interface LeaderboardEntry {
  userId: string;
  displayName: string;
  points: number;
  exact: number;
}

const order = sql`p."points" DESC, LOWER(${displayNameSql}), p."userId"`;

/** One page of a season's (or gameweek's) leaderboard, in display order. */
export async function leaderboardPage(
  db: DB,
  scope: { seasonId: string; gameweek: number },
  offset: number,
  limit: number,
): Promise<LeaderboardEntry[]> {
  const { rows } = await sql<LeaderboardEntry>`
    SELECT p."userId", ${displayNameSql} AS "displayName", p."points", p."exact"
    FROM "userPoints" p JOIN "user" u ON u."id" = p."userId"
    WHERE p."seasonId" = ${scope.seasonId} AND p."gameweek" = ${scope.gameweek}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((r) => ({ ...r, points: Number(r.points), exact: Number(r.exact) }));
}

/** How many players the leaderboard has, and how many have more than `points`. */
export async function leaderboardCounts(
  db: DB,
  scope: { seasonId: string; gameweek: number },
  points: number | null,
): Promise<{ total: number; above: number }> {
  const { rows } = await sql<{ total: number; above: number }>`
    SELECT COUNT(*) AS "total", COALESCE(SUM(CASE WHEN p."points" > ${points ?? 0} THEN 1 ELSE 0 END), 0) AS "above"
    FROM "userPoints" p
    WHERE p."seasonId" = ${scope.seasonId} AND p."gameweek" = ${scope.gameweek}`.execute(db);
  return { total: Number(rows[0]?.total ?? 0), above: Number(rows[0]?.above ?? 0) };
}

/** One player's row with their rank (1 + players with more points) and display position, or undefined when they are not on it. */
export async function leaderboardStanding(
  db: DB,
  scope: { seasonId: string; gameweek: number },
  userId: string,
): Promise<(LeaderboardEntry & { rank: number; position: number }) | undefined> {
  const { rows } = await sql<LeaderboardEntry & { rank: number; position: number }>`
    WITH me AS (
      SELECT p."userId", ${displayNameSql} AS "displayName", p."points", p."exact", LOWER(${displayNameSql}) AS "key"
      FROM "userPoints" p JOIN "user" u ON u."id" = p."userId"
      WHERE p."seasonId" = ${scope.seasonId} AND p."gameweek" = ${scope.gameweek} AND p."userId" = ${userId}
    )
    SELECT me."userId", me."displayName", me."points", me."exact",
      1 + (SELECT COUNT(*) FROM "userPoints" o WHERE o."seasonId" = ${scope.seasonId} AND o."gameweek" = ${scope.gameweek} AND o."points" > me."points") AS "rank",
      1 + (SELECT COUNT(*) FROM "userPoints" o WHERE o."seasonId" = ${scope.seasonId} AND o."gameweek" = ${scope.gameweek} AND o."points" > me."points")
        + (SELECT COUNT(*) FROM "userPoints" p JOIN "user" u ON u."id" = p."userId"
           WHERE p."seasonId" = ${scope.seasonId} AND p."gameweek" = ${scope.gameweek} AND p."points" = me."points"
             AND (LOWER(${displayNameSql}) < me."key" OR (LOWER(${displayNameSql}) = me."key" AND p."userId" < me."userId"))) AS "position"
    FROM me`.execute(db);
  const r = rows[0];
  return (
    r && { ...r, points: Number(r.points), exact: Number(r.exact), rank: Number(r.rank), position: Number(r.position) }
  );
}
