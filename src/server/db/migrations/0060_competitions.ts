import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * More than one competition, knockout football included (docs/decisions/0116-competitions.md).
 *
 * - `fixtures`: the `stage` of its round (`league`, `group`, `round-of-16`, `final`…), its `groupName`
 *   ("Group A"), its `leg` of a two-legged tie (1 or 2), and a placeholder label per side
 *   (`homeLabel`/`awayLabel`, "Winner Group A") while that team is not known: `homeTeam`/`awayTeam`
 *   then hold the same label, so every screen and query that shows or matches a fixture by its
 *   teams keeps working unchanged; the label is cleared when the team is filled in.
 * - `results`: `homeScore`/`awayScore` stay the score after 90 minutes (every existing scoring path
 *   reads them unchanged); `homeScoreEt`/`awayScoreEt` the cumulative score after extra time and
 *   `homePenalties`/`awayPenalties` the shoot-out, null when the match had none.
 * - `leagues`: which score counts in the league (`knockoutRule`: `ninety`, the default, or
 *   `extra-time`) and the points for naming who goes through a knockout tie (`qualifierPoints`, 0).
 * - The Champions League and the World Cup as competitions (their seasons come with the seed).
 */
export const competitions: AppMigration = {
  name: '0060_competitions',
  async up(db, dialect) {
    // PostgreSQL runs each migration in a transaction already; on SQLite we open one.
    if (dialect === 'sqlite') await db.transaction().execute((trx) => up(trx));
    else await up(db);
  },
};

/** The competitions this release brings (the Premier League has been there since migration 0014). */
const NEW_COMPETITIONS = [
  { id: 'champions-league', name: 'UEFA Champions League', code: 'UCL', timeZone: 'Europe/Paris' },
  // Its kick-offs carry their own offsets (venues in three countries and four zones): no one zone.
  { id: 'world-cup', name: 'FIFA World Cup', code: 'WC', timeZone: 'UTC' },
] as const;

async function up(db: Kysely<unknown>) {
  for (const column of ['stage', 'groupName', 'homeLabel', 'awayLabel'])
    await db.schema.alterTable('fixtures').addColumn(column, 'text').execute();
  await db.schema.alterTable('fixtures').addColumn('leg', 'integer').execute();

  for (const column of ['homeScoreEt', 'awayScoreEt', 'homePenalties', 'awayPenalties'])
    await db.schema.alterTable('results').addColumn(column, 'integer').execute();

  await db.schema
    .alterTable('leagues')
    .addColumn('knockoutRule', 'text', (c) => c.notNull().defaultTo('ninety'))
    .execute();
  await db.schema
    .alterTable('leagues')
    .addColumn('qualifierPoints', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const now = new Date().toISOString();
  for (const c of NEW_COMPETITIONS)
    await sql`INSERT INTO "competitions" ("id", "name", "code", "timeZone", "currentSeasonId", "createdAt")
      VALUES (${c.id}, ${c.name}, ${c.code}, ${c.timeZone}, NULL, ${now})
      ON CONFLICT ("id") DO NOTHING`.execute(db);
}
