import { sql, type Kysely } from 'kysely';
import type { AppMigration, Dialect } from './types.js';

/**
 * Predictions stored clustered by fixture (decision record 0105). A result rescores every prediction on one
 * fixture (10,000 at 10,000 players); keyed by player first, those rows lay on as many pages as
 * there are players, so saving a result wrote thousands of pages. Nothing else changes: the same
 * columns, the same one prediction per player and fixture, the same points triggers.
 *
 * SQLite: a `WITHOUT ROWID` table with the primary key (fixtureId, userId), so one fixture's
 * predictions are neighbours in the table's own b-tree; the player's index (userId, predictedAt)
 * stays (it carries the key, so a player's reads need no other index). The old fixture index is
 * the key's prefix now, so it goes. SQLite cannot change a table's key, so the table is rebuilt:
 * create, copy in key order, drop, rename, inside one transaction. Every trigger whose text names
 * predictions (its own 0014 points triggers, and the fixtures triggers that update predictions)
 * is dropped first (a rename refuses a schema whose triggers name a missing table) and recreated
 * from its stored SQL afterwards. Foreign keys are off for the copy (its rows already satisfied
 * them; nothing references predictions) and checked before the commit.
 *
 * PostgreSQL: the heap rewritten in fixture order (CLUSTER on the fixture index) with a
 * fillfactor of 70, so a rescoring's new row versions mostly fit on the same page and, as no index
 * covers points or outcome, are HOT updates that touch no index.
 */
export const PREDICTIONS_FILLFACTOR = 70;

export const predictionsByFixture: AppMigration = {
  name: '0015_predictions_by_fixture',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect === 'postgres') await postgres(db);
    else await sqlite(db);
  },
};

async function postgres(db: Kysely<unknown>) {
  await sql.raw(`ALTER TABLE "predictions" SET (fillfactor = ${PREDICTIONS_FILLFACTOR})`).execute(db);
  await sql`CLUSTER "predictions" USING "predictions_fixture"`.execute(db);
  await sql`ANALYZE "predictions"`.execute(db);
}

const COLUMNS = `"userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome"`;

async function sqlite(db: Kysely<unknown>) {
  // Kysely runs SQLite migrations outside a transaction (no transactional DDL there), on its one
  // connection: the PRAGMA takes effect, and this migration makes its own transaction.
  const triggers = (
    await sql<{ name: string; sql: string }>`SELECT "name", "sql" FROM "sqlite_master"
      WHERE "type" = 'trigger' AND ("tbl_name" = 'predictions' OR "sql" LIKE '%"predictions"%') ORDER BY "rowid"`.execute(
      db,
    )
  ).rows;
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      for (const t of triggers) await sql.raw(`DROP TRIGGER "${t.name}"`).execute(db);
      await sql`CREATE TABLE "predictions_next" (
        "userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "fixtureId" text NOT NULL REFERENCES "fixtures" ("id") ON DELETE CASCADE,
        "homeScore" integer NOT NULL,
        "awayScore" integer NOT NULL,
        "predictedAt" text NOT NULL,
        "points" integer,
        "outcome" text,
        CONSTRAINT "predictions_pk" PRIMARY KEY ("fixtureId", "userId")
      ) WITHOUT ROWID`.execute(db);
      await sql
        .raw(
          `INSERT INTO "predictions_next" (${COLUMNS}) SELECT ${COLUMNS} FROM "predictions" ORDER BY "fixtureId", "userId"`,
        )
        .execute(db);
      await sql`DROP TABLE "predictions"`.execute(db);
      await sql`ALTER TABLE "predictions_next" RENAME TO "predictions"`.execute(db);
      await sql`CREATE INDEX "predictions_user_time" ON "predictions" ("userId", "predictedAt")`.execute(db);
      for (const t of triggers) await sql.raw(t.sql).execute(db);
      const broken = (await sql`PRAGMA foreign_key_check("predictions")`.execute(db)).rows;
      if (broken.length) throw new Error(`${broken.length} predictions refer to a missing player or fixture`);
      await sql`COMMIT`.execute(db);
    } catch (err) {
      await sql`ROLLBACK`.execute(db);
      throw err;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
