import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { DB } from '../../db/index.js';
import { POINTS_LOCK_KEY } from '../../db/migrations/0017_points_in_bulk.js';

const FLAG = 'bulkPoints';

/**
 * Runs a change to every prediction's points on one fixture (scoring a result, clearing it) and
 * keeps the league aggregate `userPoints` (per season, gameweek and player) exact with two set-based statements instead of the
 * per-row triggers. PostgreSQL's triggers are already statement-level, so there it just runs the
 * change. On SQLite a marker row, written and removed inside the same transaction (SQLite has one
 * writer, so no other write can see it), tells the row triggers to stand aside (migration 0009).
 */
export async function withBulkPoints<T>(db: DB, fixtureId: string, change: (trx: DB) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return change(db);
  const run = async (trx: DB) => {
    await trx.insertInto('appMeta').values({ key: FLAG, value: fixtureId }).execute();
    await applyFixturePoints(trx, fixtureId, -1);
    const out = await change(trx);
    await applyFixturePoints(trx, fixtureId, 1);
    await trx.deleteFrom('appMeta').where('key', '=', FLAG).execute();
    return out;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * Like `withBulkPoints`, for a change whose new points and outcome are known as SQL expressions
 * over the prediction's own columns (rescoring, clearing): on SQLite the aggregate is moved by the
 * net change per player in ONE set-based statement before the rows change (instead of taking all
 * the fixture's points out and putting them back: half the aggregate writes, issue 15). A player
 * scored for the first time gets their row even at 0 points, as the triggers would give them.
 * PostgreSQL: the same net change, in one MERGE (withPointsDeltaPostgres).
 */
export async function withPointsDelta<T>(
  db: DB,
  fixtureId: string,
  next: { points: RawBuilder<number | null>; exact: RawBuilder<number> },
  change: (trx: DB) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return withPointsDeltaPostgres(db, fixtureId, next, change);
  const run = async (trx: DB) => {
    await trx.insertInto('appMeta').values({ key: FLAG, value: fixtureId }).execute();
    await sql`
      INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
      SELECT g."season", g."gw", d."userId", d."dp", d."de"
      FROM (
        SELECT p."userId",
          COALESCE(${next.points}, 0) - COALESCE(p."points", 0) AS "dp",
          ${next.exact} - (CASE WHEN p."points" IS NOT NULL AND p."outcome" = 'exact' THEN 1 ELSE 0 END) AS "de",
          p."points" IS NULL AND ${next.points} IS NOT NULL AS "first"
        FROM "predictions" p WHERE p."fixtureId" = ${fixtureId}
      ) d
      JOIN (
        SELECT f."seasonId" AS "season", 0 AS "gw" FROM "fixtures" f WHERE f."id" = ${fixtureId}
        UNION ALL SELECT f."seasonId", f."gameweek" FROM "fixtures" f WHERE f."id" = ${fixtureId} AND f."gameweek" IS NOT NULL
      ) g
      WHERE d."dp" <> 0 OR d."de" <> 0 OR d."first"
      ON CONFLICT ("seasonId", "gameweek", "userId") DO UPDATE
        SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact"`.execute(trx);
    const out = await change(trx);
    await trx.deleteFrom('appMeta').where('key', '=', FLAG).execute();
    return out;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * PostgreSQL (migration 0017): the statement triggers stand aside for this transaction and the
 * aggregate moves by the net change per player in ONE MERGE over the fixture's season and
 * gameweek rows (updated in place, HOT; missing rows inserted), before the predictions change.
 * The statement trigger's 20,000 upserts (one per player and total) cost 150 ms of a result's
 * save on the bench world; the MERGE joins the two row sets once. Every writer of userPoints
 * holds the same advisory lock, so no other transaction inserts a row the MERGE is inserting.
 */
async function withPointsDeltaPostgres<T>(
  db: DB,
  fixtureId: string,
  next: { points: RawBuilder<number | null>; exact: RawBuilder<number> },
  change: (trx: DB) => Promise<T>,
): Promise<T> {
  const run = async (trx: DB) => {
    await sql`SELECT pg_advisory_xact_lock(${POINTS_LOCK_KEY}), set_config('scoreline.points_in_bulk', 'on', true)`.execute(trx);
    const fixture = await trx.selectFrom('fixtures').select(['seasonId', 'gameweek']).where('id', '=', fixtureId).executeTakeFirst();
    if (fixture) {
      // A fixture outside any gameweek counts in its season's total only.
      const gameweeks = fixture.gameweek === null ? sql`(VALUES (0))` : sql`(VALUES (0), (${fixture.gameweek}::integer))`;
      const gameweekList = fixture.gameweek === null ? sql`ARRAY[0]` : sql`ARRAY[0, ${fixture.gameweek}::integer]`;
      await sql`
        MERGE INTO "userPoints" up
        USING (
          SELECT g."gw", d."userId", d."dp", d."de"
          FROM (
            SELECT p."userId",
              COALESCE(${next.points}, 0) - COALESCE(p."points", 0) AS "dp",
              ${next.exact} - (CASE WHEN p."points" IS NOT NULL AND p."outcome" = 'exact' THEN 1 ELSE 0 END) AS "de",
              p."points" IS NULL AND ${next.points} IS NOT NULL AS "first"
            FROM "predictions" p WHERE p."fixtureId" = ${fixtureId}
          ) d
          CROSS JOIN ${gameweeks} AS g("gw")
          WHERE d."dp" <> 0 OR d."de" <> 0 OR d."first"
        ) s
        -- The season and gameweeks named outright as well, so the plan reads just their rows by the key.
        ON up."seasonId" = ${fixture.seasonId} AND up."gameweek" = ANY(${gameweekList}) AND up."gameweek" = s."gw" AND up."userId" = s."userId"
        WHEN MATCHED AND (s."dp" <> 0 OR s."de" <> 0) THEN
          UPDATE SET "points" = up."points" + s."dp", "exact" = up."exact" + s."de"
        WHEN NOT MATCHED THEN
          INSERT ("seasonId", "gameweek", "userId", "points", "exact") VALUES (${fixture.seasonId}, s."gw", s."userId", s."dp", s."de")`.execute(trx);
    }
    const out = await change(trx);
    await sql`SELECT set_config('scoreline.points_in_bulk', 'off', true)`.execute(trx);
    return out;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Adds (sign 1) or removes (sign -1) the fixture's stored points in its season's total and its gameweek's. */
async function applyFixturePoints(db: DB, fixtureId: string, sign: 1 | -1) {
  await sql`
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
    SELECT g."season", g."gw", p."userId", ${sign} * SUM(p."points"), ${sign} * SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END)
    FROM "predictions" p
    JOIN (
      SELECT f."seasonId" AS "season", 0 AS "gw" FROM "fixtures" f WHERE f."id" = ${fixtureId}
      UNION ALL SELECT f."seasonId", f."gameweek" FROM "fixtures" f WHERE f."id" = ${fixtureId} AND f."gameweek" IS NOT NULL
    ) g
    WHERE p."fixtureId" = ${fixtureId} AND p."points" IS NOT NULL
    GROUP BY g."season", g."gw", p."userId"
    ON CONFLICT ("seasonId", "gameweek", "userId") DO UPDATE
      SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact"`.execute(db);
}
