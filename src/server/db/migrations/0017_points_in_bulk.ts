import { sql, type Kysely } from 'kysely';
import type { AppMigration, Dialect } from './types.js';

/**
 * Saving a result rescored 10,000 predictions on PostgreSQL far over its budget (decision record
 * 0105). The causes, found with EXPLAIN ANALYZE on the two-season bench world:
 * - the UPDATE of one fixture's predictions was not HOT: at fillfactor 70 a page of rows clustered
 *   by fixture has room for a third of its rows' new versions, so two thirds moved to other pages
 *   with an entry in each of the three indexes (32,000 WAL records, 11,000 full-page images);
 * - the statement trigger turned 20,000 transition rows into 20,000 `INSERT … ON CONFLICT`
 *   upserts into `userPoints`, whose rows of one season's gameweek lay scattered over thousands of
 *   pages at fillfactor 100 (no HOT, an index entry and a full-page image per row).
 *
 * PostgreSQL, so:
 * - predictions at fillfactor 45 (a page keeps room for a new version of every row on it: the
 *   rows of one fixture are neighbours, and a result rewrites all of them), rewritten in fixture
 *   order; userPoints at fillfactor 50, rewritten in key order (season, gameweek, player), as the
 *   app writes them (a gameweek's rows appear together at its first result);
 * - the trigger functions stand aside while `scoreline.points_in_bulk` is on (set for its own
 *   transaction by the results code, which moves the aggregate itself in one MERGE:
 *   features/results/points-bulk.ts), as SQLite's row triggers stand aside for the `bulkPoints`
 *   marker (0009);
 * - they count only scored predictions. Before, a player's unscored pick (every save) wrote two
 *   rows at 0 points, so on PostgreSQL a player with no scored prediction yet appeared on the
 *   overall leaderboard; on SQLite they never did. Those rows go (both databases: a cleared
 *   result could leave the same on SQLite);
 * - an upsert whose net change is zero writes nothing;
 * - every writer of userPoints takes one transaction-scoped advisory lock first (results, fixture
 *   moves: all rare, admin or feed work), so the MERGE can insert missing rows without racing
 *   another writer.
 */
export const POINTS_LOCK_KEY = 7_215_015;
export const PREDICTIONS_FILLFACTOR = 45;
export const USER_POINTS_FILLFACTOR = 50;

export const pointsInBulk: AppMigration = {
  name: '0017_points_in_bulk',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect === 'postgres') await postgres(db);
    await dropUnscoredRows(db);
  },
};

const EXACT = (row: string) =>
  `(CASE WHEN ${row}."points" IS NOT NULL AND ${row}."outcome" = 'exact' THEN 1 ELSE 0 END)`;
const KEY = `("seasonId", "gameweek", "userId")`;
const ADD_NONZERO = `DO UPDATE SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact"
      WHERE excluded."points" <> 0 OR excluded."exact" <> 0`;
const BULK = `current_setting('scoreline.points_in_bulk', true) = 'on'`;
const LOCK = `PERFORM pg_advisory_xact_lock(${POINTS_LOCK_KEY});`;

async function postgres(db: Kysely<unknown>) {
  const applyDelta = (source: string) => `
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
    SELECT f."seasonId", gw.g, d."userId", SUM(d.dp), SUM(d.de)
    FROM (${source}) d
    JOIN "fixtures" f ON f."id" = d."fixtureId"
    CROSS JOIN LATERAL (VALUES (0), (f."gameweek")) AS gw(g)
    WHERE gw.g IS NOT NULL
    GROUP BY f."seasonId", gw.g, d."userId"
    ON CONFLICT ${KEY} ${ADD_NONZERO};`;
  // Scored rows only: an unscored prediction is in no total.
  const plus = (t: string) =>
    `SELECT "userId", "fixtureId", "points" AS dp, ${EXACT(t)} AS de FROM ${t} WHERE "points" IS NOT NULL`;
  const minus = (t: string) =>
    `SELECT "userId", "fixtureId", -"points" AS dp, -${EXACT(t)} AS de FROM ${t} WHERE "points" IS NOT NULL`;
  const scored = (t: string) => `EXISTS (SELECT 1 FROM ${t} WHERE "points" IS NOT NULL)`;
  const fn = (
    name: string,
    when: string,
    source: string,
  ) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${BULK} OR NOT (${when}) THEN RETURN NULL; END IF;
      ${LOCK}
      ${applyDelta(source)}
      RETURN NULL;
    END $$`;
  const statements = [
    fn('scoreline_points_inserted', scored('new_rows'), plus('new_rows')),
    fn(
      'scoreline_points_updated',
      `${scored('new_rows')} OR ${scored('old_rows')}`,
      `${plus('new_rows')} UNION ALL ${minus('old_rows')}`,
    ),
    fn('scoreline_points_deleted', scored('old_rows'), minus('old_rows')),
    // 0014's function for a fixture moved to another gameweek or season, now under the lock.
    `CREATE OR REPLACE FUNCTION scoreline_fixtures_gameweek() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE moved_season boolean := OLD."seasonId" IS DISTINCT FROM NEW."seasonId";
     BEGIN
       ${LOCK}
       UPDATE "userPoints" up SET "points" = up."points" - p."points", "exact" = up."exact" - ${EXACT('p')}
         FROM "predictions" p
         WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL AND up."userId" = p."userId" AND up."seasonId" = OLD."seasonId"
           AND (up."gameweek" = OLD."gameweek" OR (moved_season AND up."gameweek" = 0));
       INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
         SELECT NEW."seasonId", gw.g, p."userId", p."points", ${EXACT('p')}
         FROM "predictions" p
         CROSS JOIN (VALUES (NEW."gameweek"), (CASE WHEN moved_season THEN 0 END)) AS gw(g)
         WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL AND gw.g IS NOT NULL
         ON CONFLICT ${KEY} DO UPDATE SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact";
       RETURN NULL;
     END $$`,
    `ALTER TABLE "predictions" SET (fillfactor = ${PREDICTIONS_FILLFACTOR})`,
    `CLUSTER "predictions" USING "predictions_fixture"`,
    `ALTER TABLE "userPoints" SET (fillfactor = ${USER_POINTS_FILLFACTOR})`,
    `CLUSTER "userPoints" USING "userPoints_pk"`,
    `ANALYZE "predictions"`,
    `ANALYZE "userPoints"`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

/** Rows at 0 with no scored prediction behind them (see above): not on any leaderboard. */
async function dropUnscoredRows(db: Kysely<unknown>) {
  await sql`
    DELETE FROM "userPoints"
    WHERE "points" = 0 AND "exact" = 0 AND NOT EXISTS (
      SELECT 1 FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
      WHERE p."userId" = "userPoints"."userId" AND p."points" IS NOT NULL AND f."seasonId" = "userPoints"."seasonId"
        AND ("userPoints"."gameweek" = 0 OR f."gameweek" = "userPoints"."gameweek"))`.execute(db);
}
