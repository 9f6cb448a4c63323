import { sql, type Kysely } from 'kysely';
import type { AppMigration, Dialect } from './types.js';

/**
 * Seasons are data (docs/season.md, decision record 0015). A competition has seasons;
 * a season has clubs, gameweek definitions and fixtures; points are kept per season.
 *
 * An existing database keeps everything: its fixtures and stored gameweek definitions become the
 * 2025/26 season's, its clubs are the 20 of 2025/26 (plus any other team its fixtures name), its
 * points aggregate is rebuilt per season from the stored points, and its results are marked as
 * the admin's (we cannot know better, and the admin's result must win over a feed).
 *
 * SQLite can only add columns: `fixtures` gains its season in place (rebuilding it would cascade
 * into predictions and results); `gameweeks` and `userPoints`, which nothing references, are
 * rebuilt with their new keys.
 */
const COMPETITION = { id: 'premier-league', name: 'Premier League', code: 'PL', timeZone: 'Europe/London' };
const SEASON = { id: '2025-26', label: '2025/26' };

/**
 * The 20 clubs of 2025/26 as the catalogue had them when this migration shipped (a migration
 * never reads files that may change later): id, name, short name, code, colours, badge pattern.
 */
const CLUBS_2025_26: ReadonlyArray<readonly [string, string, string, string, string, string, string]> = [
  ['arsenal', 'Arsenal FC', 'Arsenal', 'ARS', '#EF0107', '#FFFFFF', 'plain'],
  ['aston-villa', 'Aston Villa FC', 'Aston Villa', 'AVL', '#670E36', '#95BFE5', 'plain'],
  ['bournemouth', 'AFC Bournemouth', 'Bournemouth', 'BOU', '#DA291C', '#000000', 'stripes'],
  ['brentford', 'Brentford FC', 'Brentford', 'BRE', '#E30613', '#FFFFFF', 'stripes'],
  ['brighton', 'Brighton & Hove Albion FC', 'Brighton', 'BHA', '#0057B8', '#FFFFFF', 'stripes'],
  ['burnley', 'Burnley FC', 'Burnley', 'BUR', '#6C1D45', '#99D6EA', 'plain'],
  ['chelsea', 'Chelsea FC', 'Chelsea', 'CHE', '#034694', '#FFFFFF', 'plain'],
  ['crystal-palace', 'Crystal Palace FC', 'Crystal Palace', 'CRY', '#1B458F', '#C4122E', 'stripes'],
  ['everton', 'Everton FC', 'Everton', 'EVE', '#003399', '#FFFFFF', 'plain'],
  ['fulham', 'Fulham FC', 'Fulham', 'FUL', '#FFFFFF', '#000000', 'plain'],
  ['leeds-united', 'Leeds United FC', 'Leeds', 'LEE', '#FFFFFF', '#1D428A', 'plain'],
  ['liverpool', 'Liverpool FC', 'Liverpool', 'LIV', '#C8102E', '#F6EB61', 'plain'],
  ['manchester-city', 'Manchester City FC', 'Man City', 'MCI', '#6CABDD', '#1C2C5B', 'plain'],
  ['manchester-united', 'Manchester United FC', 'Man United', 'MUN', '#DA291C', '#FBE122', 'plain'],
  ['newcastle-united', 'Newcastle United FC', 'Newcastle', 'NEW', '#241F20', '#FFFFFF', 'stripes'],
  ['nottingham-forest', 'Nottingham Forest FC', "Nott'm Forest", 'NFO', '#DD0000', '#FFFFFF', 'plain'],
  ['sunderland', 'Sunderland AFC', 'Sunderland', 'SUN', '#EB172B', '#FFFFFF', 'stripes'],
  ['tottenham-hotspur', 'Tottenham Hotspur FC', 'Spurs', 'TOT', '#132257', '#FFFFFF', 'plain'],
  ['west-ham-united', 'West Ham United FC', 'West Ham', 'WHU', '#7A263A', '#1BB1E7', 'plain'],
  ['wolverhampton-wanderers', 'Wolverhampton Wanderers FC', 'Wolves', 'WOL', '#FDB913', '#231F20', 'plain'],
];

export const seasons: AppMigration = {
  name: '0014_seasons',
  async up(db, dialect) {
    // PostgreSQL runs each migration in a transaction already; on SQLite we open one, so a crash
    // half-way through the table rebuilds leaves the old schema, not a mix.
    if (dialect === 'sqlite') await db.transaction().execute((trx) => up(trx, dialect));
    else await up(db, dialect);
  },
};

async function up(db: Kysely<unknown>, dialect: Dialect) {
  const now = new Date().toISOString();
  await createSeasonTables(db, now);
  await addClubs(db, now);
  await seasonFixtures(db);
  await rebuildGameweeks(db);
  await db.schema
    .alterTable('results')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await rebuildUserPoints(db, dialect);
  await createFeedTables(db);
  // The old seed's marker meant "the 2025/26 file was offered once"; the new seed fills a built-in
  // season in by (season, home, away) once. A database with fixtures gets that fill-in; one whose
  // admin deleted every fixture keeps the marker, so they do not come back.
  await sql`DELETE FROM "appMeta" WHERE "key" = 'season.2025-26.seeded' AND EXISTS (SELECT 1 FROM "fixtures")`.execute(
    db,
  );
}

async function createSeasonTables(db: Kysely<unknown>, now: string) {
  await db.schema
    .createTable('competitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('timeZone', 'text', (c) => c.notNull())
    // NULL: the clock decides the current season; an admin may pin one (no foreign key: the two tables point at each other).
    .addColumn('currentSeasonId', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO "competitions" ("id", "name", "code", "timeZone", "currentSeasonId", "createdAt")
    VALUES (${COMPETITION.id}, ${COMPETITION.name}, ${COMPETITION.code}, ${COMPETITION.timeZone}, NULL, ${now})`.execute(
    db,
  );

  await db.schema
    .createTable('seasons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('startDate', 'text')
    .addColumn('endDate', 'text')
    .addColumn('feedUrl', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seasons_competition').on('seasons').column('competitionId').execute();
  await sql`INSERT INTO "seasons" ("id", "competitionId", "label", "startDate", "endDate", "feedUrl", "createdAt", "updatedAt")
    SELECT ${SEASON.id}, ${COMPETITION.id}, ${SEASON.label}, MIN("localDate"), MAX("localDate"), NULL, ${now}, ${now} FROM "fixtures"`.execute(
    db,
  );

  await db.schema
    .createTable('clubs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('shortName', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('primaryColour', 'text', (c) => c.notNull())
    .addColumn('secondaryColour', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull().defaultTo('plain'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('seasonClubs')
    .addColumn('seasonId', 'text', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('clubId', 'text', (c) => c.notNull().references('clubs.id'))
    .addPrimaryKeyConstraint('seasonClubs_pk', ['seasonId', 'clubId'])
    .execute();
  await db.schema.createIndex('seasonClubs_club').on('seasonClubs').column('clubId').execute();
}

/** The 20 clubs of 2025/26, and any other team the existing fixtures name (an admin's import), all in 2025/26. */
async function addClubs(unknownDb: Kysely<unknown>, now: string) {
  // The migration's own view of the two tables it fills (schema.ts describes today's, not this one's).
  const db = unknownDb as Kysely<{ clubs: Record<string, string>; seasonClubs: { seasonId: string; clubId: string } }>;
  const known = new Set(CLUBS_2025_26.map((c) => c[1]));
  const ids = new Set(CLUBS_2025_26.map((c) => c[0]));
  const rows = CLUBS_2025_26.map(([id, name, shortName, code, primaryColour, secondaryColour, pattern]) => ({
    id,
    name,
    shortName,
    code,
    primaryColour,
    secondaryColour,
    pattern,
    createdAt: now,
  }));
  const teams = await sql<{
    name: string;
  }>`SELECT "homeTeam" AS "name" FROM "fixtures" UNION SELECT "awayTeam" FROM "fixtures"`.execute(unknownDb);
  for (const { name } of teams.rows.sort((a, b) => a.name.localeCompare(b.name))) {
    if (known.has(name)) continue;
    known.add(name);
    const base =
      name
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40) || 'club';
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
    rows.push({
      id,
      name,
      shortName: name.replace(/ A?FC$/, '').slice(0, 20) || name.slice(0, 20),
      code: (letters + 'XXX').slice(0, 3),
      primaryColour: '#475569',
      secondaryColour: '#FFFFFF',
      pattern: 'plain',
      createdAt: now,
    });
  }
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('clubs')
      .values(rows.slice(i, i + 50))
      .execute();
    await db
      .insertInto('seasonClubs')
      .values(rows.slice(i, i + 50).map((r) => ({ seasonId: SEASON.id, clubId: r.id })))
      .execute();
  }
}

/** Every fixture belongs to a season; the old ones to 2025/26. Lists read a season's gameweek; imports match by season, home and away. */
async function seasonFixtures(db: Kysely<unknown>) {
  await db.schema
    .alterTable('fixtures')
    .addColumn('seasonId', 'text', (c) => c.references('seasons.id'))
    .execute();
  await sql`UPDATE "fixtures" SET "seasonId" = ${SEASON.id}`.execute(db);
  await db.schema.dropIndex('fixtures_gameweek').execute();
  await db.schema
    .createIndex('fixtures_season_gameweek')
    .on('fixtures')
    .columns(['seasonId', 'gameweek', 'kickoffAt'])
    .execute();
  await db.schema.createIndex('fixtures_season_kickoff').on('fixtures').columns(['seasonId', 'kickoffAt']).execute();
  // Not unique: an old database may hold an admin-added duplicate pair; re-import matching handles it in code.
  await db.schema
    .createIndex('fixtures_season_pair')
    .on('fixtures')
    .columns(['seasonId', 'homeTeam', 'awayTeam'])
    .execute();
}

async function rebuildGameweeks(db: Kysely<unknown>) {
  await db.schema
    .createTable('gameweeks_next')
    .addColumn('seasonId', 'text', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('gameweek', 'integer', (c) => c.notNull())
    .addColumn('startDate', 'text', (c) => c.notNull())
    .addColumn('endDate', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gameweeks_season_pk', ['seasonId', 'gameweek'])
    .execute();
  await sql`INSERT INTO "gameweeks_next" ("seasonId", "gameweek", "startDate", "endDate", "updatedAt")
    SELECT ${SEASON.id}, "gameweek", "startDate", "endDate", "updatedAt" FROM "gameweeks"`.execute(db);
  await db.schema.dropTable('gameweeks').execute();
  await db.schema.alterTable('gameweeks_next').renameTo('gameweeks').execute();
}

const EXACT = (row: string) =>
  `(CASE WHEN ${row}."points" IS NOT NULL AND ${row}."outcome" = 'exact' THEN 1 ELSE 0 END)`;
const ADD = `DO UPDATE SET "points" = "userPoints"."points" + excluded."points", "exact" = "userPoints"."exact" + excluded."exact"`;
const KEY = `("seasonId", "gameweek", "userId")`;

/**
 * `userPoints` becomes (season, gameweek, player), gameweek 0 being that season's total; it is
 * rebuilt from the stored points, and the triggers of 0005/0009 are rewritten to carry each
 * fixture's season. An all-seasons total is the sum of the gameweek-0 rows.
 */
async function rebuildUserPoints(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    for (const s of [
      `DROP TRIGGER IF EXISTS "fixtures_points_gameweek" ON "fixtures"`,
      // 0005's row-level functions, unused since 0009.
      `DROP FUNCTION IF EXISTS scoreline_predictions_points()`,
      `DROP FUNCTION IF EXISTS scoreline_add_points(text, text, integer, integer)`,
      `DROP FUNCTION IF EXISTS scoreline_subtract_points(text, text, integer, integer)`,
    ])
      await sql.raw(s).execute(db);
  } else {
    for (const name of [
      'predictions_points_insert',
      'predictions_points_update',
      'predictions_points_delete',
      'fixtures_points_gameweek',
    ]) {
      await sql.raw(`DROP TRIGGER IF EXISTS "${name}"`).execute(db);
    }
  }
  await db.schema.dropTable('userPoints').execute();
  await db.schema
    .createTable('userPoints')
    .addColumn('seasonId', 'text', (c) => c.notNull())
    .addColumn('gameweek', 'integer', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exact', 'integer', (c) => c.notNull().defaultTo(0))
    // A league table reads one season's gameweek (0 = the season) for its members: the key's prefix.
    .addPrimaryKeyConstraint('userPoints_pk', ['seasonId', 'gameweek', 'userId'])
    .execute();
  await sql
    .raw(
      `INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
    SELECT f."seasonId", 0, p."userId", SUM(p."points"), SUM(${EXACT('p')})
    FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
    WHERE p."points" IS NOT NULL GROUP BY f."seasonId", p."userId"`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
    SELECT f."seasonId", f."gameweek", p."userId", SUM(p."points"), SUM(${EXACT('p')})
    FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
    WHERE p."points" IS NOT NULL AND f."gameweek" IS NOT NULL GROUP BY f."seasonId", f."gameweek", p."userId"`,
    )
    .execute(db);
  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** PostgreSQL: 0009's statement-level triggers, with the net change grouped per season, gameweek and player. */
async function postgresTriggers(db: Kysely<unknown>) {
  const applyDelta = (source: string) => `
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
    SELECT f."seasonId", gw.g, d."userId", SUM(d.dp), SUM(d.de)
    FROM (${source}) d
    JOIN "fixtures" f ON f."id" = d."fixtureId"
    CROSS JOIN LATERAL (VALUES (0), (f."gameweek")) AS gw(g)
    WHERE gw.g IS NOT NULL
    GROUP BY f."seasonId", gw.g, d."userId"
    ON CONFLICT ${KEY} ${ADD};`;
  const plus = (t: string) => `SELECT "userId", "fixtureId", COALESCE("points", 0) AS dp, ${EXACT(t)} AS de FROM ${t}`;
  const minus = (t: string) =>
    `SELECT "userId", "fixtureId", -COALESCE("points", 0) AS dp, -${EXACT(t)} AS de FROM ${t}`;
  const fn = (
    name: string,
    source: string,
  ) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${applyDelta(source)} RETURN NULL; END $$`;
  const statements = [
    fn('scoreline_points_inserted', plus('new_rows')),
    fn('scoreline_points_updated', `${plus('new_rows')} UNION ALL ${minus('old_rows')}`),
    fn('scoreline_points_deleted', minus('old_rows')),
    // A fixture moved to another gameweek (or season) takes its scored predictions' points along.
    `CREATE OR REPLACE FUNCTION scoreline_fixtures_gameweek() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE moved_season boolean := OLD."seasonId" IS DISTINCT FROM NEW."seasonId";
     BEGIN
       UPDATE "userPoints" up SET "points" = up."points" - p."points", "exact" = up."exact" - ${EXACT('p')}
         FROM "predictions" p
         WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL AND up."userId" = p."userId" AND up."seasonId" = OLD."seasonId"
           AND (up."gameweek" = OLD."gameweek" OR (moved_season AND up."gameweek" = 0));
       INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
         SELECT NEW."seasonId", gw.g, p."userId", p."points", ${EXACT('p')}
         FROM "predictions" p
         CROSS JOIN (VALUES (NEW."gameweek"), (CASE WHEN moved_season THEN 0 END)) AS gw(g)
         WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL AND gw.g IS NOT NULL
         ON CONFLICT ${KEY} ${ADD};
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER "fixtures_points_gameweek" AFTER UPDATE OF "gameweek", "seasonId" ON "fixtures" FOR EACH ROW
       WHEN (OLD."gameweek" IS DISTINCT FROM NEW."gameweek" OR OLD."seasonId" IS DISTINCT FROM NEW."seasonId")
       EXECUTE FUNCTION scoreline_fixtures_gameweek()`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

/**
 * SQLite: 0009's row triggers (standing aside while the `bulkPoints` marker exists), with the
 * fixture's season in every address; and 0005's gameweek trigger, now also for a season move.
 */
async function sqliteTriggers(db: Kysely<unknown>) {
  const seasonOf = (row: string) => `(SELECT f."seasonId" FROM "fixtures" f WHERE f."id" = ${row}."fixtureId")`;
  const subtractOld = `
    UPDATE "userPoints" SET "points" = "points" - OLD."points", "exact" = "exact" - ${EXACT('OLD')}
      WHERE OLD."points" IS NOT NULL AND "seasonId" = ${seasonOf('OLD')} AND "gameweek" = 0 AND "userId" = OLD."userId";
    UPDATE "userPoints" SET "points" = "points" - OLD."points", "exact" = "exact" - ${EXACT('OLD')}
      WHERE OLD."points" IS NOT NULL AND "seasonId" = ${seasonOf('OLD')}
        AND "gameweek" = (SELECT f."gameweek" FROM "fixtures" f WHERE f."id" = OLD."fixtureId") AND "userId" = OLD."userId";`;
  const addNew = `
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
      SELECT f."seasonId", 0, NEW."userId", NEW."points", ${EXACT('NEW')} FROM "fixtures" f
      WHERE NEW."points" IS NOT NULL AND f."id" = NEW."fixtureId"
      ON CONFLICT ${KEY} ${ADD};
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
      SELECT f."seasonId", f."gameweek", NEW."userId", NEW."points", ${EXACT('NEW')} FROM "fixtures" f
      WHERE NEW."points" IS NOT NULL AND f."id" = NEW."fixtureId" AND f."gameweek" IS NOT NULL
      ON CONFLICT ${KEY} ${ADD};`;
  const notBulk = `NOT EXISTS (SELECT 1 FROM "appMeta" WHERE "key" = 'bulkPoints')`;
  const movedSeason = `OLD."seasonId" IS NOT NEW."seasonId"`;
  const statements = [
    `CREATE TRIGGER "predictions_points_insert" AFTER INSERT ON "predictions"
       WHEN NEW."points" IS NOT NULL AND ${notBulk} BEGIN ${addNew} END`,
    `CREATE TRIGGER "predictions_points_update" AFTER UPDATE OF "points", "outcome", "userId", "fixtureId" ON "predictions"
       WHEN (OLD."points" IS NOT NEW."points" OR OLD."outcome" IS NOT NEW."outcome" OR OLD."userId" IS NOT NEW."userId" OR OLD."fixtureId" IS NOT NEW."fixtureId") AND ${notBulk}
       BEGIN ${subtractOld} ${addNew} END`,
    `CREATE TRIGGER "predictions_points_delete" AFTER DELETE ON "predictions" WHEN OLD."points" IS NOT NULL AND ${notBulk} BEGIN ${subtractOld} END`,
    `CREATE TRIGGER "fixtures_points_gameweek" AFTER UPDATE OF "gameweek", "seasonId" ON "fixtures"
       WHEN OLD."gameweek" IS NOT NEW."gameweek" OR ${movedSeason} BEGIN
       UPDATE "userPoints" SET
         "points" = "points" - (SELECT p."points" FROM "predictions" p WHERE p."fixtureId" = NEW."id" AND p."userId" = "userPoints"."userId"),
         "exact" = "exact" - (SELECT ${EXACT('p')} FROM "predictions" p WHERE p."fixtureId" = NEW."id" AND p."userId" = "userPoints"."userId")
       WHERE "seasonId" = OLD."seasonId" AND ("gameweek" = OLD."gameweek" OR (${movedSeason} AND "gameweek" = 0))
         AND "userId" IN (SELECT p."userId" FROM "predictions" p WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL);
       INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
         SELECT NEW."seasonId", gw."g", p."userId", p."points", ${EXACT('p')} FROM "predictions" p
         JOIN (SELECT NEW."gameweek" AS "g" UNION ALL SELECT 0 WHERE ${movedSeason}) gw
         WHERE p."fixtureId" = NEW."id" AND p."points" IS NOT NULL AND gw."g" IS NOT NULL
         ON CONFLICT ${KEY} ${ADD};
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

/**
 * What the results feed keeps (written by the feed service): each run and what it
 * changed, the disagreements with an admin's result for the admin to settle, and short leases
 * that make a scheduled job run once across several instances.
 */
async function createFeedTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('feedRuns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seasonId', 'text', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('startedAt', 'text', (c) => c.notNull())
    .addColumn('finishedAt', 'text')
    .addColumn('outcome', 'text')
    .addColumn('message', 'text')
    .addColumn('changes', 'text')
    .execute();
  await db.schema.createIndex('feedRuns_season_started').on('feedRuns').columns(['seasonId', 'startedAt']).execute();

  await db.schema
    .createTable('feedConflicts')
    .addColumn('fixtureId', 'text', (c) => c.primaryKey().references('fixtures.id').onDelete('cascade'))
    .addColumn('seasonId', 'text', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('feedHome', 'integer', (c) => c.notNull())
    .addColumn('feedAway', 'integer', (c) => c.notNull())
    .addColumn('seenAt', 'text', (c) => c.notNull())
    .addColumn('resolvedAt', 'text')
    .addColumn('resolution', 'text')
    .execute();
  await db.schema.createIndex('feedConflicts_season').on('feedConflicts').columns(['seasonId', 'resolvedAt']).execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();
}
