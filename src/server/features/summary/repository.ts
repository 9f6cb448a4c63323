import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { leagueRuleSql, pointsFromCountsSql } from '../results/scoring-sql.js';

export interface LeagueRankRow {
  leagueId: string;
  name: string;
  memberCount: number;
  /** The viewer's season points up to and including the gameweek. */
  points: number;
  position: number;
  previousPosition: number;
}

/**
 * The viewer's rank in each of their leagues after gameweek `gameweek` of a season and before it
 * (its points taken off), under each league's own rule. Points up to a gameweek are the sum of
 * that season's gameweek rows up to it (`userPoints`' counts, found by primary key per member); a
 * rank is 1 + the members with more points, the league table's shared rank (src/game/ranking.ts),
 * as the positions route counts it.
 */
export async function leagueRanksAfter(db: DB, userId: string, seasonId: string, gameweek: number): Promise<LeagueRankRow[]> {
  const { rule, bankersCount } = leagueRuleSql('l');
  const points = pointsFromCountsSql('p', rule, bankersCount);
  const { rows } = await sql<LeagueRankRow>`
    WITH mine AS (
      SELECT m."leagueId", m."joinedAt" FROM "leagueMembers" m WHERE m."userId" = ${userId}
    ),
    totals AS (
      SELECT o."leagueId", o."userId",
        COALESCE(SUM(${points}), 0) AS "upTo",
        COALESCE(SUM(CASE WHEN p."gameweek" = ${gameweek} THEN ${points} ELSE 0 END), 0) AS "thisWeek"
      FROM "leagueMembers" o
      JOIN mine ON mine."leagueId" = o."leagueId"
      JOIN "leagues" l ON l."id" = o."leagueId"
      LEFT JOIN "userPoints" p ON p."seasonId" = ${seasonId} AND p."userId" = o."userId" AND p."gameweek" BETWEEN 1 AND ${gameweek}
      GROUP BY o."leagueId", o."userId"
    ),
    me AS (SELECT t."leagueId", t."upTo", t."upTo" - t."thisWeek" AS "before" FROM totals t WHERE t."userId" = ${userId})
    SELECT me."leagueId", l."name", me."upTo" AS "points",
      1 + (SELECT COUNT(*) FROM totals o WHERE o."leagueId" = me."leagueId" AND o."upTo" > me."upTo") AS "position",
      1 + (SELECT COUNT(*) FROM totals o WHERE o."leagueId" = me."leagueId" AND o."upTo" - o."thisWeek" > me."before") AS "previousPosition",
      (SELECT COUNT(*) FROM totals c WHERE c."leagueId" = me."leagueId") AS "memberCount"
    FROM me
    JOIN "leagues" l ON l."id" = me."leagueId"
    JOIN mine ON mine."leagueId" = me."leagueId"
    ORDER BY mine."joinedAt", me."leagueId"`.execute(db);
  return rows.map((r) => ({
    leagueId: r.leagueId,
    name: r.name,
    points: Number(r.points),
    position: Number(r.position),
    previousPosition: Number(r.previousPosition),
    memberCount: Number(r.memberCount),
  }));
}

/** The viewer's rank among every player with points in one gameweek of a season (null: no row), and how many there are. */
export async function gameweekRank(db: DB, userId: string, seasonId: string, gameweek: number): Promise<{ rank: number; players: number } | null> {
  const { rows } = await sql<{ rank: number; players: number }>`
    SELECT
      1 + (SELECT COUNT(*) FROM "userPoints" o WHERE o."seasonId" = ${seasonId} AND o."gameweek" = ${gameweek} AND o."points" > me."points") AS "rank",
      (SELECT COUNT(*) FROM "userPoints" c WHERE c."seasonId" = ${seasonId} AND c."gameweek" = ${gameweek}) AS "players"
    FROM "userPoints" me
    WHERE me."seasonId" = ${seasonId} AND me."gameweek" = ${gameweek} AND me."userId" = ${userId}`.execute(db);
  const r = rows[0];
  return r ? { rank: Number(r.rank), players: Number(r.players) } : null;
}

/**
 * The gameweek a player last saw results in: that of the most recent kick-off with a final result
 * (not the highest gameweek with one: a match brought forward from a later round would win that).
 */
export async function latestResultGameweek(db: DB, seasonId: string): Promise<number | null> {
  const row = await db
    .selectFrom('fixtures')
    .innerJoin('results', 'results.fixtureId', 'fixtures.id')
    .select('fixtures.gameweek')
    .where('fixtures.seasonId', '=', seasonId)
    .where('results.final', '=', 1)
    .where('fixtures.gameweek', 'is not', null)
    .where('fixtures.kickoffAt', 'is not', null)
    .orderBy('fixtures.kickoffAt', 'desc')
    .orderBy('fixtures.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.gameweek ?? null;
}
