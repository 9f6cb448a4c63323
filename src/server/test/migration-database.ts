import { afterEach } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/index.js';
import { blankDatabase, dropDatabase, migrateThrough } from './databases.js';
import { createTestApp, type TestApp } from './harness.js';

type AppOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'handle'>;

export interface MigrationDatabase {
  /**
   * A blank database (SQLite, or PostgreSQL when TEST_DB=postgres) migrated as the release that
   * had the migrations through `at` left it (see `migrateThrough`). Dropped after the test.
   */
  migratedThrough(at: Parameters<typeof migrateThrough>[1]): Promise<DatabaseHandle>;
  /** The real app on that database; closed after the test, before the database is dropped. */
  openApp(opts?: AppOptions): Promise<TestApp>;
}

/**
 * The per-test database of a migration test and its cleanup. Call once at the top of the test
 * file; each test then builds the old database with `migratedThrough`, fills it, migrates it and
 * may open the app on it with `openApp`.
 */
export function useMigrationDatabase(): MigrationDatabase {
  let handle: DatabaseHandle | undefined;
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    if (handle) await dropDatabase(handle);
    handle = undefined;
  });
  return {
    async migratedThrough(at) {
      handle = await blankDatabase();
      await migrateThrough(handle, at);
      return handle;
    },
    async openApp(opts = {}) {
      if (!handle) throw new Error('openApp needs a database: call migratedThrough first.');
      app = await createTestApp({ ...opts, handle });
      return app;
    },
  };
}

/** Any table, any column: a migration test reads the tables as each release had them. */
export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** Every prediction with its stored points, in a fixed order, to compare before and after a migration. */
export const predictionRows = async (db: AnyDb) =>
  (
    await sql<
      Record<string, unknown>
    >`SELECT "userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome" FROM "predictions" ORDER BY "userId", "fixtureId"`.execute(
      db,
    )
  ).rows.map((r) => ({
    ...r,
    points: r.points === null ? null : Number(r.points),
  }));

/**
 * The points aggregate (a row per season, gameweek and player) in a fixed order; `scored` keeps
 * only the rows with points or exact scores.
 */
export const pointRows = async (db: AnyDb, which: 'all' | 'scored' = 'all') =>
  (
    await sql<Record<string, unknown>>`SELECT "seasonId", "gameweek", "userId", "points", "exact" FROM "userPoints"${
      which === 'scored' ? sql` WHERE "points" <> 0 OR "exact" <> 0` : sql``
    } ORDER BY "seasonId", "gameweek", "userId"`.execute(db)
  ).rows.map((r) => ({
    seasonId: r.seasonId,
    gameweek: Number(r.gameweek),
    userId: r.userId,
    points: Number(r.points),
    exact: Number(r.exact),
  }));
