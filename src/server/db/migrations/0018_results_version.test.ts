import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildFixture } from '../../test/factories-season.js';
import { resultsVersion } from '../../features/statistics/repository.js';

/**
 * Migration 0018 (PostgreSQL): every statement that changes `results`, whoever runs it, moves
 * the results version the statistics and dashboard caches check per request. Upgrading a
 * database of the release before keeps its results; SQLite is unchanged (it has its own check).
 */
const database = useMigrationDatabase();

describe('migration 0018: a version of the results, moved by any change to them', () => {
  it('counts inserts, updates, deletes and truncation on PostgreSQL; changes nothing on SQLite', async () => {
    const handle = await database.migratedThrough({ last: '0017_points_in_bulk' });
    const { db, dialect } = handle;
    const played = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    const other = await buildFixture(db, {
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
    });
    await db
      .insertInto('results')
      .values({
        fixtureId: played.id,
        homeScore: 1,
        awayScore: 0,
        final: 1,
        source: 'admin',
        updatedAt: '2025-08-16T16:00:00.000Z',
      })
      .execute();

    expect(await migrateToLatest(handle)).toContain('0018_results_version');
    expect(await db.selectFrom('results').select(['fixtureId', 'homeScore']).execute()).toEqual([
      { fixtureId: played.id, homeScore: 1 },
    ]);
    if (dialect === 'sqlite') {
      expect(
        (
          await sql<{
            n: number;
          }>`SELECT COUNT(*) AS "n" FROM "sqlite_master" WHERE "type" = 'trigger' AND "tbl_name" = 'results'`.execute(
            db,
          )
        ).rows[0]!.n,
      ).toBe(0);
      return;
    }
    const seen = [await resultsVersion(db)];
    await db
      .insertInto('results')
      .values({
        fixtureId: other.id,
        homeScore: 2,
        awayScore: 2,
        final: 1,
        source: 'admin',
        updatedAt: '2025-08-16T16:05:00.000Z',
      })
      .execute();
    seen.push(await resultsVersion(db));
    await db.updateTable('results').set({ homeScore: 3 }).where('fixtureId', '=', other.id).execute();
    seen.push(await resultsVersion(db));
    await db.deleteFrom('results').where('fixtureId', '=', other.id).execute();
    seen.push(await resultsVersion(db));
    await sql`TRUNCATE "results"`.execute(db);
    seen.push(await resultsVersion(db));
    // A read changes nothing.
    await db.selectFrom('results').selectAll().execute();
    seen.push(await resultsVersion(db));
    expect(seen).toEqual(['0', '1', '2', '3', '4', '4']);
  });
});
