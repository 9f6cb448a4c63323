import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import type { DatabaseHandle } from './index.js';

/** Runs every pending migration. Throws (with the failing migration's name) when one fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of migrations) {
        out[m.name] = { up: (db: Kysely<unknown>) => m.up(db, handle.dialect) };
      }
      return out;
    },
  };
  // Kysely's migrator takes a lock (an advisory lock on PostgreSQL), so several instances
  // starting together on one database migrate once.
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`.replace('  ', ' '));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
