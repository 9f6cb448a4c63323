import { sql, type Kysely } from 'kysely';
import type { AppMigration, Dialect } from './types.js';

/**
 * A league's own scoring and a banker each gameweek (docs/decisions/0057-league-scoring-rules.md,
 * 0058-banker.md).
 *
 * - `predictions.tier`: the kind of pick against its final result (`exact`, `difference`: the
 *   right goal difference, `outcome`, `wrong`), set with its points; `predictions.banker` (0/1).
 *   Existing scored rows get their tier from their stored outcome and their result: a right
 *   outcome with the result's goal difference is `difference` (a frozen copy of the rule as it is
 *   when this migration ships: a migration never reads code that may change).
 * - `userPoints` counts each player's picks per tier, and their bankers per tier, beside the
 *   standard points it has always held, so any league's points are worked out from the counts.
 *   It is rebuilt from the predictions (no banker exists yet).
 * - `leagues` has its rule (points per tier, 3 / 1 / 1 by default, our standard), whether bankers
 *   count double in it (yes by default) and when its scoring was changed after matches had been
 *   scored (its members' notice).
 */
export const leagueScoring: AppMigration = {
  name: '0040_league_scoring',
  async up(db, dialect) {
    // PostgreSQL runs each migration in a transaction already; on SQLite we open one.
    if (dialect === 'sqlite') await db.transaction().execute((trx) => up(trx, dialect));
    else await up(db, dialect);
  },
};

async function up(db: Kysely<unknown>, dialect: Dialect) {
  await db.schema.alterTable('predictions').addColumn('tier', 'text').execute();
  await db.schema
    .alterTable('predictions')
    .addColumn('banker', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE "predictions" SET "tier" = CASE
      WHEN "predictions"."outcome" = 'outcome' AND "predictions"."homeScore" - "predictions"."awayScore" = r."homeScore" - r."awayScore" THEN 'difference'
      ELSE "predictions"."outcome" END
    FROM "results" r
    WHERE r."fixtureId" = "predictions"."fixtureId" AND "predictions"."points" IS NOT NULL`.execute(db);
  // A scored pick without a result (none should exist) keeps its outcome as its tier.
  await sql`UPDATE "predictions" SET "tier" = "outcome" WHERE "points" IS NOT NULL AND "tier" IS NULL`.execute(db);
  // A player's banker of a gameweek is found among their few bankers.
  await db.schema
    .createIndex('predictions_banker')
    .on('predictions')
    .columns(['userId', 'fixtureId'])
    .where(sql.ref('banker'), '=', 1)
    .execute();

  for (const column of ['difference', 'outcome', 'bankerExact', 'bankerDifference', 'bankerOutcome']) {
    await db.schema
      .alterTable('userPoints')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  if (dialect === 'postgres') await sql`TRUNCATE "userPoints"`.execute(db);
  else await sql`DELETE FROM "userPoints"`.execute(db);
  const gameweek = sql`(CASE WHEN k."n" = 0 THEN 0 ELSE f."gameweek" END)`;
  const count = (tier: string) => sql`SUM(CASE WHEN p."tier" = ${tier} THEN 1 ELSE 0 END)`;
  await sql`
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact", "difference", "outcome", "bankerExact", "bankerDifference", "bankerOutcome")
    SELECT f."seasonId", ${gameweek}, p."userId", SUM(p."points"), ${count('exact')}, ${count('difference')}, ${count('outcome')}, 0, 0, 0
    FROM "predictions" p
    JOIN "fixtures" f ON f."id" = p."fixtureId"
    CROSS JOIN (SELECT 0 AS "n" UNION ALL SELECT 1) k
    WHERE p."points" IS NOT NULL AND (k."n" = 0 OR f."gameweek" IS NOT NULL)
    GROUP BY f."seasonId", ${gameweek}, p."userId"
    ORDER BY f."seasonId", ${gameweek}, p."userId"`.execute(db);
  if (dialect === 'postgres') await sql`ANALYZE "userPoints"`.execute(db);

  await db.schema
    .alterTable('leagues')
    .addColumn('ruleExact', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable('leagues')
    .addColumn('ruleDifference', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('leagues')
    .addColumn('ruleOutcome', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('leagues')
    .addColumn('bankersAllowed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('leagues').addColumn('scoringChangedAt', 'text').execute();
}
