import { sql, type Kysely } from 'kysely';
import type { AppMigration, Dialect } from './types.js';

/**
 * The points aggregate `userPoints` is kept by one module of the app, the same way on both
 * databases (points/points-aggregate.ts; docs/decisions/0056-points-aggregate-in-code.md),
 * no longer by triggers: row triggers on SQLite (0005, 0009, 0014) standing aside for a
 * `bulkPoints` marker row, statement triggers on PostgreSQL (0009, 0014, 0017) standing aside for
 * a setting, and 0005's trigger that cleared a deleted fixture's points. They all go here.
 *
 * The aggregate is then rebuilt from the stored predictions, so a database of any earlier release
 * opens exact, whatever its triggers did: one row per season, gameweek (0 = the season) and player
 * with a scored prediction there. PostgreSQL keeps the table's fillfactor (0017); the rows are
 * written in key order, as the app writes them.
 */
export const pointsInCode: AppMigration = {
  name: '0039_points_in_code',
  async up(db, dialect) {
    // PostgreSQL runs each migration in a transaction already; on SQLite we open one.
    if (dialect === 'sqlite') await db.transaction().execute((trx) => up(trx, dialect));
    else await up(db, dialect);
  },
};

const POSTGRES = [
  `DROP TRIGGER IF EXISTS "predictions_points_ins" ON "predictions"`,
  `DROP TRIGGER IF EXISTS "predictions_points_upd" ON "predictions"`,
  `DROP TRIGGER IF EXISTS "predictions_points_del" ON "predictions"`,
  `DROP TRIGGER IF EXISTS "predictions_points" ON "predictions"`,
  `DROP TRIGGER IF EXISTS "fixtures_points_gameweek" ON "fixtures"`,
  `DROP TRIGGER IF EXISTS "fixtures_points_delete" ON "fixtures"`,
  `DROP FUNCTION IF EXISTS scoreline_points_inserted()`,
  `DROP FUNCTION IF EXISTS scoreline_points_updated()`,
  `DROP FUNCTION IF EXISTS scoreline_points_deleted()`,
  `DROP FUNCTION IF EXISTS scoreline_fixtures_gameweek()`,
  `DROP FUNCTION IF EXISTS scoreline_fixtures_delete()`,
  `DROP FUNCTION IF EXISTS scoreline_predictions_points()`,
  `DROP FUNCTION IF EXISTS scoreline_add_points(text, text, integer, integer)`,
  `DROP FUNCTION IF EXISTS scoreline_subtract_points(text, text, integer, integer)`,
];
const SQLITE = [
  'predictions_points_insert',
  'predictions_points_update',
  'predictions_points_delete',
  'fixtures_points_gameweek',
  'fixtures_points_delete',
].map((name) => `DROP TRIGGER IF EXISTS "${name}"`);

async function up(db: Kysely<unknown>, dialect: Dialect) {
  for (const s of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(s).execute(db);
  // The marker the SQLite triggers stood aside for lived only inside a transaction; none may be left.
  await sql`DELETE FROM "appMeta" WHERE "key" = 'bulkPoints'`.execute(db);
  if (dialect === 'postgres') await sql`TRUNCATE "userPoints"`.execute(db);
  else await sql`DELETE FROM "userPoints"`.execute(db);
  const gameweek = sql`(CASE WHEN k."n" = 0 THEN 0 ELSE f."gameweek" END)`;
  await sql`
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
    SELECT f."seasonId", ${gameweek}, p."userId", SUM(p."points"), SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END)
    FROM "predictions" p
    JOIN "fixtures" f ON f."id" = p."fixtureId"
    CROSS JOIN (SELECT 0 AS "n" UNION ALL SELECT 1) k
    WHERE p."points" IS NOT NULL AND (k."n" = 0 OR f."gameweek" IS NOT NULL)
    GROUP BY f."seasonId", ${gameweek}, p."userId"
    ORDER BY f."seasonId", ${gameweek}, p."userId"`.execute(db);
  if (dialect === 'postgres') await sql`ANALYZE "userPoints"`.execute(db);
}
