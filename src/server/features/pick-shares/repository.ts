import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ScoreCount } from '../../../game/pick-shares.js';

/** A fixture as the pick shares need it: what decides whether its deadline has passed, and its last change. */
export interface ShareFixture {
  id: string;
  seasonId: string;
  gameweek: number | null;
  kickoffAt: string | null;
  postponed: number;
  predictionsLockedAt: string | null;
  updatedAt: string;
}

const SHARE_COLUMNS = [
  'id',
  'seasonId',
  'gameweek',
  'kickoffAt',
  'postponed',
  'predictionsLockedAt',
  'updatedAt',
] as const;

export async function shareFixture(db: DB, id: string): Promise<ShareFixture | undefined> {
  return db.selectFrom('fixtures').select(SHARE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type FixtureScoreCount = ScoreCount & { fixtureId: string };

/**
 * How many predictions each score got on each of `fixtureIds`: every player's (one range of the
 * predictions key per fixture), or only `leagueId`'s members'. For a league the members are read
 * first and each one's pick looked up by key, so a league of five costs five lookups per fixture
 * however many players predicted it (on SQLite CROSS JOIN fixes that order; PostgreSQL plans it
 * from its statistics).
 */
export async function scoreCounts(
  db: DB,
  fixtureIds: readonly string[],
  leagueId: string | null,
): Promise<FixtureScoreCount[]> {
  if (fixtureIds.length === 0) return [];
  const ids = sql.join(fixtureIds.map((id) => sql`${id}`));
  const { rows } =
    leagueId === null
      ? await sql<FixtureScoreCount>`
          SELECT p."fixtureId", p."homeScore", p."awayScore", COUNT(*) AS "count"
          FROM "predictions" p
          WHERE p."fixtureId" IN (${ids})
          GROUP BY p."fixtureId", p."homeScore", p."awayScore"`.execute(db)
      : await sql<FixtureScoreCount>`
          SELECT p."fixtureId", p."homeScore", p."awayScore", COUNT(*) AS "count"
          FROM "leagueMembers" m
          CROSS JOIN "predictions" p
          WHERE m."leagueId" = ${leagueId} AND p."userId" = m."userId" AND p."fixtureId" IN (${ids})
          GROUP BY p."fixtureId", p."homeScore", p."awayScore"`.execute(db);
  return rows.map((r) => ({
    fixtureId: r.fixtureId,
    homeScore: Number(r.homeScore),
    awayScore: Number(r.awayScore),
    count: Number(r.count),
  }));
}
