import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../index.js';
import { migrateToLatest } from '../migrate.js';
import { dropDatabase, testDialect } from '../../test/databases.js';
import { migrations } from './index.js';

/**
 * Migration 0011 on a database built by the code before it, on both databases: fixtures gain an
 * empty lock column, and reset tokens stored in plain text by the old code become the hash that
 * Better Auth now looks up.
 */
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  if (handle) await dropDatabase(handle);
  handle = undefined;
});

async function emptyDatabase(): Promise<DatabaseHandle> {
  if (testDialect() === 'postgres') {
    const base = process.env.TEST_PG_URL!;
    const name = `m_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    return openDatabase(`${base}/${name}`, { poolSize: 2 });
  }
  return openDatabase(path.join(os.tmpdir(), 'scoreline-test', `m-${crypto.randomUUID()}.db`));
}

/** Runs only the migrations that shipped before `name`, as the previous release did. */
async function migrateBefore(h: DatabaseHandle, name: string) {
  const previous = migrations.slice(0, migrations.findIndex((m) => m.name === name));
  const provider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of previous) out[m.name] = { up: (db: Kysely<unknown>) => m.up(db, h.dialect) };
      return out;
    },
  };
  const { error } = await new Migrator({ db: h.db, provider }).migrateToLatest();
  if (error) throw error;
}

describe('migration 0011_security', () => {
  it('adds the prediction lock and hashes plain reset tokens, keeping other rows', async () => {
    handle = await emptyDatabase();
    await migrateBefore(handle, '0011_security');
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = '2025-08-01T12:00:00.000Z';
    await sql`INSERT INTO "fixtures" ("id", "homeTeam", "awayTeam", "kickoffAt", "localDate", "localTime", "gameweek", "league", "postponed", "createdAt", "updatedAt")
      VALUES ('F1', 'Arsenal FC', 'Chelsea FC', '2025-08-16T14:00:00.000Z', '2025-08-16', '15:00', 1, 'Premier League', 0, ${now}, ${now})`.execute(db);
    const date = handle.dialect === 'postgres' ? new Date(now) : now;
    await sql`INSERT INTO "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
      VALUES ('v1', 'reset-password:PLAINTOKEN123', 'user-1', ${date}, ${date}, ${date}),
             ('v2', 'some-other-purpose', 'x', ${date}, ${date}, ${date})`.execute(db);

    expect(await migrateToLatest(handle)).toContain('0011_security');

    const fixture = await sql<{ predictionsLockedAt: string | null }>`SELECT "predictionsLockedAt" FROM "fixtures" WHERE "id" = 'F1'`.execute(db);
    expect(fixture.rows).toEqual([{ predictionsLockedAt: null }]);
    const rows = await sql<{ id: string; identifier: string }>`SELECT "id", "identifier" FROM "verification" ORDER BY "id"`.execute(db);
    const expected = crypto.createHash('sha256').update('reset-password:PLAINTOKEN123').digest('base64url');
    expect(rows.rows).toEqual([
      { id: 'v1', identifier: expected },
      { id: 'v2', identifier: 'some-other-purpose' },
    ]);
    expect(JSON.stringify(rows.rows)).not.toContain('PLAINTOKEN123');
  });
});
