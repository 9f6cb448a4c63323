import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';

/**
 * Migration 0050: moves a season file or feed proposed for unplayed matches past their deadline,
 * held for the admin (decision 0100). A database of the release before, with a feed, its runs,
 * snapshot and conflicts, upgrades with nothing lost; the new table starts empty, the feed panel
 * reads it, and a held move goes with its fixture.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const database = useMigrationDatabase();

const rows = async (db: AnyDb, table: string, order: string) =>
  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.ref(order)}`.execute(db)).rows;

describe('migration 0050: pending moves', () => {
  it('upgrades a database with a feed, its runs, snapshot and conflicts, with nothing lost; the feed panel lists held moves', async () => {
    const handle = await database.migratedThrough({ before: '0050_pending_moves' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    const admin = await buildUser(db, dialect, { role: 'admin', pastSeason: false });
    const played = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z' });
    const later = await buildFixture(db, {
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-12-02T19:30:00.000Z',
      gameweek: 14,
    });
    const at = '2025-08-20T10:00:00.000Z';
    await sql`UPDATE "seasons" SET "feedUrl" = 'https://example.com/2025-26.txt' WHERE "id" = ${TEST_SEASON}`.execute(
      db,
    );
    await sql`INSERT INTO "results" ("fixtureId", "homeScore", "awayScore", "final", "source", "updatedAt")
      VALUES (${played.id}, 2, 1, 1, 'admin', ${at})`.execute(db);
    await sql`INSERT INTO "feedConflicts" ("fixtureId", "seasonId", "feedHome", "feedAway", "seenAt", "resolvedAt", "resolution")
      VALUES (${played.id}, ${TEST_SEASON}, 3, 1, ${at}, NULL, NULL)`.execute(db);
    await sql`INSERT INTO "feedRuns" ("id", "seasonId", "startedAt", "finishedAt", "outcome", "message", "changes") VALUES
      ('run-1', ${TEST_SEASON}, ${at}, ${at}, 'failed', 'The feed could not be used: HTTP 404. Nothing was changed.', '[]'),
      ('run-2', ${TEST_SEASON}, '2025-08-21T10:00:00.000Z', '2025-08-21T10:00:01.000Z', 'changed', '1 result.', '["Result 2-1"]')`.execute(
      db,
    );
    await sql`INSERT INTO "feedSnapshots" ("seasonId", "snapshot", "takenAt") VALUES (${TEST_SEASON}, '{}', ${at})`.execute(
      db,
    );
    const before = {
      fixtures: await rows(anyDb, 'fixtures', 'id'),
      results: await rows(anyDb, 'results', 'fixtureId'),
      feedConflicts: await rows(anyDb, 'feedConflicts', 'fixtureId'),
      feedRuns: await rows(anyDb, 'feedRuns', 'id'),
      feedSnapshots: await rows(anyDb, 'feedSnapshots', 'seasonId'),
    };

    expect(await migrateToLatest(handle)).toContain('0050_pending_moves');

    for (const [table, want] of Object.entries(before)) {
      const order =
        table === 'fixtures' || table === 'feedRuns' ? 'id' : table === 'feedSnapshots' ? 'seasonId' : 'fixtureId';
      // Later migrations add columns (0060: knockout columns of fixtures and results); every old one is kept.
      const kept = (await rows(anyDb, table, order)).map((r, i) =>
        Object.fromEntries(Object.keys(want[i] ?? r).map((k) => [k, r[k]])),
      );
      expect(kept).toEqual(want);
    }
    expect(await rows(anyDb, 'pendingMoves', 'fixtureId')).toEqual([]);

    // The app on it: the panel reads the runs and conflicts as before, and a held move.
    const t = await database.openApp({ now: '2025-11-28T12:00:00Z', otherSeason: false });
    const cookie = await buildSessionCookie(db, dialect, admin.id, SECRET);
    await db
      .insertInto('pendingMoves')
      .values({
        fixtureId: later.id,
        seasonId: TEST_SEASON,
        source: 'feed',
        status: 'pending',
        fromKickoffAt: later.kickoffAt,
        fromLocalDate: later.localDate,
        fromLocalTime: later.localTime,
        fromPostponed: 0,
        kickoffAt: '2025-11-27T20:00:00.000Z',
        localDate: '2025-11-27',
        localTime: '20:00',
        postponed: 0,
        homeScore: 4,
        awayScore: 0,
        description: 'held',
        seenAt: at,
        decidedAt: null,
      })
      .execute();
    const state = await t.request({ method: 'GET', url: `/api/admin/seasons/${TEST_SEASON}/feed`, cookie });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({
      runs: [
        { id: 'run-2', outcome: 'changed' },
        { id: 'run-1', outcome: 'failed' },
      ],
      lastFailure: null,
      conflicts: [{ fixtureId: played.id, feed: { homeScore: 3, awayScore: 1 } }],
      moves: [{ fixtureId: later.id, status: 'pending', result: { homeScore: 4, awayScore: 0 } }],
    });
    // A held move goes with its fixture.
    await db.deleteFrom('fixtures').where('id', '=', later.id).execute();
    expect(await rows(anyDb, 'pendingMoves', 'fixtureId')).toEqual([]);
  });
});
