import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';

/** Migration 0016 on a database built by the code before it, on both databases: the snapshot table, nothing else touched. */
const database = useMigrationDatabase();

describe('migration 0016_feed_snapshots', () => {
  it('adds one snapshot per season, removed with its season, keeping the rest', async () => {
    const handle = await database.migratedThrough({ before: '0016_feed_snapshots' });
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const before = await sql<{
      id: string;
      feedUrl: string | null;
    }>`SELECT "id", "feedUrl" FROM "seasons" ORDER BY "id"`.execute(db);
    expect(before.rows).toEqual([{ id: '2025-26', feedUrl: null }]);

    expect(await migrateToLatest(handle)).toContain('0016_feed_snapshots');

    await sql`INSERT INTO "feedSnapshots" ("seasonId", "snapshot", "takenAt") VALUES ('2025-26', '{}', '2026-11-23T12:00:00.000Z')`.execute(
      db,
    );
    await expect(
      sql`INSERT INTO "feedSnapshots" ("seasonId", "snapshot", "takenAt") VALUES ('1999-00', '{}', 'x')`.execute(db),
    ).rejects.toThrow();
    expect((await sql`SELECT "id" FROM "seasons" ORDER BY "id"`.execute(db)).rows).toEqual([{ id: '2025-26' }]);
    await sql`DELETE FROM "seasons" WHERE "id" = '2025-26'`.execute(db);
    expect((await sql`SELECT * FROM "feedSnapshots"`.execute(db)).rows).toEqual([]);
  });
});
