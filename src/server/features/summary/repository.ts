import { sql } from 'kysely';
import type { DB } from '../../db/index.js';

export interface LeagueRankRow {
  leagueId: string;
  name: string;
  memberCount: number;
  /** The viewer's season points up to and including the gameweek. */
  points: number;
  position: number;
  previousPosition: number;
}

/** The viewer's rank among every player with points in one gameweek of a season (null: no row), and how many there are. */
export async function gameweekRank(
  db: DB,
  userId: string,
  seasonId: string,
  gameweek: number,
): Promise<{ rank: number; players: number } | null> {
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
