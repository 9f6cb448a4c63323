import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';

/**
 * Migration 0070: the team a pick names to go through. A database written by the release before
 * (picks scored and pending, bankers) upgrades with every pick as it was and no team named.
 */
const database = useMigrationDatabase();

async function picksOf(db: AnyDb): Promise<Array<Record<string, unknown>>> {
  const { rows } = await sql<
    Record<string, unknown>
  >`SELECT * FROM "predictions" ORDER BY "userId", "fixtureId"`.execute(db);
  return rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
  );
}

describe('migration 0070: prediction qualifier', () => {
  it('keeps every pick and names no team on any', async () => {
    const handle = await database.migratedThrough({ before: '0070_prediction_qualifier' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    const alice = await buildUser(db, dialect, { pastSeason: false });
    const f1 = await buildFixture(db, {
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
    });
    const f2 = await buildFixture(db, {
      homeTeam: 'Everton FC',
      awayTeam: 'Arsenal FC',
      kickoffAt: '2025-08-30T14:00:00.000Z',
      gameweek: 2,
    });
    await sql`INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome", "tier", "banker")
      VALUES (${alice.id}, ${f1.id}, 2, 1, '2025-08-10T10:00:00.000Z', 3, 'exact', 'exact', 1),
             (${alice.id}, ${f2.id}, 1, 1, '2025-08-11T10:00:00.000Z', NULL, NULL, NULL, 0)`.execute(db);
    const before = await picksOf(anyDb);

    expect(await migrateToLatest(handle)).toContain('0070_prediction_qualifier');

    const after = await picksOf(anyDb);
    expect(after.map(({ qualifier: _q, ...rest }) => rest)).toEqual(before);
    expect(after.map((r) => r.qualifier)).toEqual([null, null]);
  });
});
