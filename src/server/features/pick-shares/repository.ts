import { sql, SqliteAdapter } from 'kysely';
import { afterPendingIo } from '../../event-loop.js';
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
 *
 * Every player's counts on SQLite are read a fixture at a time, the loop turning between them:
 * better-sqlite3 runs a statement on the event loop itself, and a matchday's fixtures counted in
 * one statement (every player's pick of each) held every other request until it ended; one
 * fixture's is short. PostgreSQL counts elsewhere: one statement.
 */
export async function scoreCounts(
  db: DB,
  fixtureIds: readonly string[],
  leagueId: string | null,
): Promise<FixtureScoreCount[]> {
  if (fixtureIds.length === 0) return [];
  if (leagueId === null && db.getExecutor().adapter instanceof SqliteAdapter && fixtureIds.length > 1) {
    const out: FixtureScoreCount[] = [];
    for (const [i, id] of fixtureIds.entries()) {
      if (i > 0) await afterPendingIo();
      out.push(...(await scoreCounts(db, [id], null)));
    }
    return out;
  }
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
