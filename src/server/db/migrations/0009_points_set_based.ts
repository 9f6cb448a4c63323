import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * Keeps `userPoints` exact at the cost of one statement per change instead of one per row.
 * Saving a result rescores every prediction on the match (10,000+ rows); 0005's row triggers did
 * two or three upserts per row, which took seconds on PostgreSQL.
 *
 * PostgreSQL: statement-level triggers read the statement's transition tables and apply the net
 * change per player and gameweek in one grouped upsert. SQLite has no statement-level triggers:
 * its row triggers now skip rows whose points did not change and address userPoints by its
 * primary key (no OR); and they stand aside while the `bulkPoints` marker row exists, which the
 * results code writes inside its transaction when it rescores a whole fixture and adjusts the
 * aggregate set-based itself (src/server/features/results/points-bulk.ts).
 */
const EXACT = (row: string) =>
  `(CASE WHEN ${row}."points" IS NOT NULL AND ${row}."outcome" = 'exact' THEN 1 ELSE 0 END)`;

const applyDelta = (source: string) => `
  INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
  SELECT d."userId", gw.g, SUM(d.dp), SUM(d.de)
  FROM (${source}) d
  JOIN "fixtures" f ON f."id" = d."fixtureId"
  CROSS JOIN LATERAL (VALUES (0), (f."gameweek")) AS gw(g)
  WHERE gw.g IS NOT NULL
  GROUP BY d."userId", gw.g
  ON CONFLICT ("userId", "gameweek") DO UPDATE
    SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact";`;
const plus = (t: string) => `SELECT "userId", "fixtureId", COALESCE("points", 0) AS dp, ${EXACT(t)} AS de FROM ${t}`;
const minus = (t: string) => `SELECT "userId", "fixtureId", -COALESCE("points", 0) AS dp, -${EXACT(t)} AS de FROM ${t}`;

async function postgres(db: Kysely<unknown>) {
  const fn = (name: string, source: string) => `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${applyDelta(source)} RETURN NULL; END $$`;
  const statements = [
    `DROP TRIGGER IF EXISTS "predictions_points" ON "predictions"`,
    fn('scoreline_points_inserted', plus('new_rows')),
    fn('scoreline_points_updated', `${plus('new_rows')} UNION ALL ${minus('old_rows')}`),
    fn('scoreline_points_deleted', minus('old_rows')),
    `CREATE TRIGGER "predictions_points_ins" AFTER INSERT ON "predictions" REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION scoreline_points_inserted()`,
    `CREATE TRIGGER "predictions_points_upd" AFTER UPDATE ON "predictions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION scoreline_points_updated()`,
    `CREATE TRIGGER "predictions_points_del" AFTER DELETE ON "predictions" REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION scoreline_points_deleted()`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

async function sqlite(db: Kysely<unknown>) {
  const subtractOld = `
    UPDATE "userPoints" SET "points" = "points" - OLD."points", "exact" = "exact" - ${EXACT('OLD')}
      WHERE OLD."points" IS NOT NULL AND "userId" = OLD."userId" AND "gameweek" = 0;
    UPDATE "userPoints" SET "points" = "points" - OLD."points", "exact" = "exact" - ${EXACT('OLD')}
      WHERE OLD."points" IS NOT NULL AND "userId" = OLD."userId"
        AND "gameweek" = (SELECT f."gameweek" FROM "fixtures" f WHERE f."id" = OLD."fixtureId");`;
  const addNew = `
    INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
      SELECT NEW."userId", 0, NEW."points", ${EXACT('NEW')} WHERE NEW."points" IS NOT NULL
      ON CONFLICT ("userId", "gameweek") DO UPDATE SET "points" = "points" + excluded."points", "exact" = "exact" + excluded."exact";
    INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
      SELECT NEW."userId", f."gameweek", NEW."points", ${EXACT('NEW')} FROM "fixtures" f
      WHERE NEW."points" IS NOT NULL AND f."id" = NEW."fixtureId" AND f."gameweek" IS NOT NULL
      ON CONFLICT ("userId", "gameweek") DO UPDATE SET "points" = "points" + excluded."points", "exact" = "exact" + excluded."exact";`;
  const notBulk = `NOT EXISTS (SELECT 1 FROM "appMeta" WHERE "key" = 'bulkPoints')`;
  const statements = [
    `DROP TRIGGER IF EXISTS "predictions_points_insert"`,
    `DROP TRIGGER IF EXISTS "predictions_points_update"`,
    `DROP TRIGGER IF EXISTS "predictions_points_delete"`,
    `CREATE TRIGGER "predictions_points_insert" AFTER INSERT ON "predictions"
       WHEN NEW."points" IS NOT NULL AND ${notBulk} BEGIN ${addNew} END`,
    `CREATE TRIGGER "predictions_points_update" AFTER UPDATE OF "points", "outcome", "userId", "fixtureId" ON "predictions"
       WHEN (OLD."points" IS NOT NEW."points" OR OLD."outcome" IS NOT NEW."outcome" OR OLD."userId" IS NOT NEW."userId" OR OLD."fixtureId" IS NOT NEW."fixtureId") AND ${notBulk}
       BEGIN ${subtractOld} ${addNew} END`,
    `CREATE TRIGGER "predictions_points_delete" AFTER DELETE ON "predictions" WHEN OLD."points" IS NOT NULL AND ${notBulk} BEGIN ${subtractOld} END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export const pointsSetBased: AppMigration = {
  name: '0009_points_set_based',
  async up(db, dialect) {
    if (dialect === 'postgres') await postgres(db);
    else await sqlite(db);
  },
};
