import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * League tables read points from `userPoints`, one row per player and gameweek (gameweek 0 is
 * the season total, including fixtures without a gameweek), so a table of 10,000 members reads
 * 10,000 small rows instead of millions of predictions.
 *
 * Database triggers keep it exact whatever code writes the points: a prediction's points being
 * set, changed or cleared (result saved, edited, removed), a prediction deleted (also through a
 * cascade), a fixture moved to another gameweek, or a fixture deleted. Nothing else has to call
 * anything. Rows whose points and exact count are both zero may exist; a missing row means 0.
 */
export const leagues: AppMigration = {
  name: '0005_leagues',
  async up(db: Kysely<unknown>, dialect) {
    await db.schema
      .createTable('userPoints')
      .addColumn('userId', 'text', (c) => c.notNull())
      .addColumn('gameweek', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('exact', 'integer', (c) => c.notNull().defaultTo(0))
      // Gameweek first: a league table reads one gameweek's rows (0 for the season) for its members.
      .addPrimaryKeyConstraint('userPoints_pk', ['gameweek', 'userId'])
      .execute();
    await db.schema.createIndex('leagues_privacy').on('leagues').columns(['privacy', 'createdAt']).execute();
    await db.schema.createIndex('leagueMembers_joined').on('leagueMembers').columns(['leagueId', 'joinedAt']).execute();

    if (dialect === 'postgres') await postgresTriggers(db);
    else await sqliteTriggers(db);

    // Points stored before this migration.
    await sql`INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
      SELECT p."userId", 0, SUM(p."points"), SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END)
      FROM "predictions" p WHERE p."points" IS NOT NULL GROUP BY p."userId"`.execute(db);
    await sql`INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
      SELECT p."userId", f."gameweek", SUM(p."points"), SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END)
      FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
      WHERE p."points" IS NOT NULL AND f."gameweek" IS NOT NULL GROUP BY p."userId", f."gameweek"`.execute(db);
  },
};

const EXACT = (row: 'OLD' | 'NEW' | 'p') => `(CASE WHEN ${row}."outcome" = 'exact' THEN 1 ELSE 0 END)`;

async function sqliteTriggers(db: Kysely<unknown>) {
  const addNew = `
    INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
      SELECT NEW."userId", 0, NEW."points", ${EXACT('NEW')} WHERE NEW."points" IS NOT NULL
      ON CONFLICT ("userId", "gameweek") DO UPDATE SET "points" = "points" + excluded."points", "exact" = "exact" + excluded."exact";
    INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
      SELECT NEW."userId", f."gameweek", NEW."points", ${EXACT('NEW')} FROM "fixtures" f
      WHERE f."id" = NEW."fixtureId" AND f."gameweek" IS NOT NULL AND NEW."points" IS NOT NULL
      ON CONFLICT ("userId", "gameweek") DO UPDATE SET "points" = "points" + excluded."points", "exact" = "exact" + excluded."exact";`;
  const subtractOld = `
    UPDATE "userPoints" SET "points" = "points" - OLD."points", "exact" = "exact" - ${EXACT('OLD')}
      WHERE OLD."points" IS NOT NULL AND "userId" = OLD."userId"
        AND ("gameweek" = 0 OR "gameweek" = (SELECT f."gameweek" FROM "fixtures" f WHERE f."id" = OLD."fixtureId"));`;
  const statements = [
    `CREATE TRIGGER "predictions_points_insert" AFTER INSERT ON "predictions" BEGIN ${addNew} END`,
    `CREATE TRIGGER "predictions_points_update" AFTER UPDATE OF "points", "outcome", "userId", "fixtureId" ON "predictions" BEGIN ${subtractOld} ${addNew} END`,
    `CREATE TRIGGER "predictions_points_delete" AFTER DELETE ON "predictions" BEGIN ${subtractOld} END`,
    // Clear the points while the fixture (and so its gameweek) still exists; the cascade then deletes rows worth nothing.
    `CREATE TRIGGER "fixtures_points_delete" BEFORE DELETE ON "fixtures" BEGIN
       UPDATE "predictions" SET "points" = NULL, "outcome" = NULL WHERE "fixtureId" = OLD."id" AND "points" IS NOT NULL;
     END`,
    `CREATE TRIGGER "fixtures_points_gameweek" AFTER UPDATE OF "gameweek" ON "fixtures" WHEN OLD."gameweek" IS NOT NEW."gameweek" BEGIN
       UPDATE "userPoints" SET
         "points" = "points" - (SELECT p."points" FROM "predictions" p WHERE p."fixtureId" = NEW."id" AND p."userId" = "userPoints"."userId"),
         "exact" = "exact" - (SELECT ${EXACT('p')} FROM "predictions" p WHERE p."fixtureId" = NEW."id" AND p."userId" = "userPoints"."userId")
       WHERE "gameweek" = OLD."gameweek"
         AND "userId" IN (SELECT p."userId" FROM "predictions" p WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL);
       INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
         SELECT p."userId", NEW."gameweek", p."points", ${EXACT('p')} FROM "predictions" p
         WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL AND NEW."gameweek" IS NOT NULL
         ON CONFLICT ("userId", "gameweek") DO UPDATE SET "points" = "points" + excluded."points", "exact" = "exact" + excluded."exact";
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  const upsert = (
    gw: string,
  ) => `INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact") VALUES (u, ${gw}, pts, ex)
    ON CONFLICT ("userId", "gameweek") DO UPDATE SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact";`;
  const statements = [
    `CREATE FUNCTION scoreline_add_points(u text, fx text, pts integer, ex integer) RETURNS void LANGUAGE plpgsql AS $$
     DECLARE gw integer;
     BEGIN
       SELECT f."gameweek" INTO gw FROM "fixtures" f WHERE f."id" = fx;
       ${upsert('0')}
       IF gw IS NOT NULL THEN ${upsert('gw')} END IF;
     END $$`,
    `CREATE FUNCTION scoreline_subtract_points(u text, fx text, pts integer, ex integer) RETURNS void LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE "userPoints" SET "points" = "points" - pts, "exact" = "exact" - ex
         WHERE "userId" = u AND ("gameweek" = 0 OR "gameweek" = (SELECT f."gameweek" FROM "fixtures" f WHERE f."id" = fx));
     END $$`,
    `CREATE FUNCTION scoreline_predictions_points() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
         IF OLD."points" IS NOT NULL THEN
           PERFORM scoreline_subtract_points(OLD."userId", OLD."fixtureId", OLD."points", ${EXACT('OLD')});
         END IF;
       END IF;
       IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
         IF NEW."points" IS NOT NULL THEN
           PERFORM scoreline_add_points(NEW."userId", NEW."fixtureId", NEW."points", ${EXACT('NEW')});
         END IF;
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER "predictions_points" AFTER INSERT OR DELETE OR UPDATE OF "points", "outcome", "userId", "fixtureId" ON "predictions"
       FOR EACH ROW EXECUTE FUNCTION scoreline_predictions_points()`,
    // Clear the points while the fixture (and so its gameweek) still exists; the cascade then deletes rows worth nothing.
    `CREATE FUNCTION scoreline_fixtures_delete() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE "predictions" SET "points" = NULL, "outcome" = NULL WHERE "fixtureId" = OLD."id" AND "points" IS NOT NULL;
       RETURN OLD;
     END $$`,
    `CREATE TRIGGER "fixtures_points_delete" BEFORE DELETE ON "fixtures" FOR EACH ROW EXECUTE FUNCTION scoreline_fixtures_delete()`,
    `CREATE FUNCTION scoreline_fixtures_gameweek() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF OLD."gameweek" IS NOT NULL THEN
         UPDATE "userPoints" up SET "points" = up."points" - p."points", "exact" = up."exact" - ${EXACT('p')}
           FROM "predictions" p
           WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL AND up."userId" = p."userId" AND up."gameweek" = OLD."gameweek";
       END IF;
       IF NEW."gameweek" IS NOT NULL THEN
         INSERT INTO "userPoints" ("userId", "gameweek", "points", "exact")
           SELECT p."userId", NEW."gameweek", p."points", ${EXACT('p')} FROM "predictions" p
           WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL
           ON CONFLICT ("userId", "gameweek") DO UPDATE SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact";
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER "fixtures_points_gameweek" AFTER UPDATE OF "gameweek" ON "fixtures" FOR EACH ROW
       WHEN (OLD."gameweek" IS DISTINCT FROM NEW."gameweek") EXECUTE FUNCTION scoreline_fixtures_gameweek()`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
