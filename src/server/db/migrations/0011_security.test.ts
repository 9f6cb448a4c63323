import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';

/**
 * Migration 0011 on a database built by the code before it, on both databases: fixtures gain an
 * empty lock column, and reset tokens stored in plain text by the old code become the hash that
 * Better Auth now looks up.
 */
const database = useMigrationDatabase();

describe('migration 0011_security', () => {
  it('adds the prediction lock and hashes plain reset tokens, keeping other rows', async () => {
    const handle = await database.migratedThrough({ before: '0011_security' });
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = '2025-08-01T12:00:00.000Z';
    await sql`INSERT INTO "fixtures" ("id", "homeTeam", "awayTeam", "kickoffAt", "localDate", "localTime", "gameweek", "league", "postponed", "createdAt", "updatedAt")
      VALUES ('F1', 'Arsenal FC', 'Chelsea FC', '2025-08-16T14:00:00.000Z', '2025-08-16', '15:00', 1, 'Premier League', 0, ${now}, ${now})`.execute(
      db,
    );
    const date = handle.dialect === 'postgres' ? new Date(now) : now;
    await sql`INSERT INTO "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
      VALUES ('v1', 'reset-password:PLAINTOKEN123', 'user-1', ${date}, ${date}, ${date}),
             ('v2', 'some-other-purpose', 'x', ${date}, ${date}, ${date})`.execute(db);

    expect(await migrateToLatest(handle)).toContain('0011_security');

    const fixture = await sql<{
      predictionsLockedAt: string | null;
    }>`SELECT "predictionsLockedAt" FROM "fixtures" WHERE "id" = 'F1'`.execute(db);
    expect(fixture.rows).toEqual([{ predictionsLockedAt: null }]);
    const rows = await sql<{
      id: string;
      identifier: string;
    }>`SELECT "id", "identifier" FROM "verification" ORDER BY "id"`.execute(db);
    const expected = crypto.createHash('sha256').update('reset-password:PLAINTOKEN123').digest('base64url');
    expect(rows.rows).toEqual([
      { id: 'v1', identifier: expected },
      { id: 'v2', identifier: 'some-other-purpose' },
    ]);
    expect(JSON.stringify(rows.rows)).not.toContain('PLAINTOKEN123');
  });
});
