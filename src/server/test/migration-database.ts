import { afterEach } from 'vitest';
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
