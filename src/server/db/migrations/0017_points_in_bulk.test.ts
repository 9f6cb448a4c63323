import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { migrateThrough } from '../../test/databases.js';
import { pointRows, predictionRows, useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildPrediction, buildResultByTriggers } from '../../test/factories-game.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { PREDICTIONS_FILLFACTOR, USER_POINTS_FILLFACTOR } from './0017_points_in_bulk.js';
import { updateGameweek } from '../../features/feed/repository.js';

/**
 * Migration 0017: on PostgreSQL the aggregate of points moves in bulk for a result (one MERGE, the
 * statement triggers standing aside) and its storage allows HOT updates; on both databases the
 * aggregate holds scored predictions only. A database built by the release before (through 0016,
 * written as that code writes it) upgrades with nothing lost; the stray rows the old PostgreSQL
 * triggers wrote for unscored picks go, so a player with no scored prediction is on no
 * leaderboard (as on SQLite); and with today's code on it (after 0039, which hands the aggregate
 * to the app's code) every writer keeps the aggregate exact.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';

const database = useMigrationDatabase();

/** The aggregate recomputed from the predictions: one row per player, season and gameweek (0 = season) with a scored prediction. */
const recount = async (db: AnyDb) =>
  (
    await sql<
      Record<string, unknown>
    >`SELECT f."seasonId", g."gw" AS "gameweek", p."userId", SUM(p."points") AS "points", SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END) AS "exact"
      FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
      JOIN (SELECT 0 AS "gw" UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) g ON g."gw" = 0 OR g."gw" = f."gameweek"
      WHERE p."points" IS NOT NULL GROUP BY f."seasonId", g."gw", p."userId"
      ORDER BY f."seasonId", g."gw", p."userId"`.execute(db)
  ).rows.map((r) => ({ ...r, gameweek: Number(r.gameweek), points: Number(r.points), exact: Number(r.exact) }));
const nonZero = <T extends { points: number; exact: number }>(rows: T[]) =>
  rows.filter((r) => r.points !== 0 || r.exact !== 0);

describe('migration 0017: the aggregate of points in bulk, scored predictions only', () => {
  it('upgrades a database of the release before with nothing lost, drops rows of unscored picks, and keeps points exact afterwards', async () => {
    const handle = await database.migratedThrough({ last: '0016_feed_snapshots' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    // Two players with scored picks, one who has only picked a match still to come.
    const scorer = await buildUser(db, dialect);
    const rival = await buildUser(db, dialect);
    const newcomer = await buildUser(db, dialect);
    const admin = await buildUser(db, dialect, { role: 'admin' });
    const played = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    const second = await buildFixture(db, {
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-23T14:00:00.000Z',
      gameweek: 2,
    });
    const open = await buildFixture(db, {
      homeTeam: 'Everton FC',
      awayTeam: 'Arsenal FC',
      kickoffAt: '2025-08-30T14:00:00.000Z',
      gameweek: 3,
    });
    for (const [i, u] of [scorer, rival].entries()) {
      for (const f of [played, second, open])
        await buildPrediction(db, {
          userId: u.id,
          fixtureId: f.id,
          homeScore: i + 1,
          awayScore: 1,
          predictedAt: `2025-08-1${i}T10:00:00.000Z`,
        });
    }
    await buildPrediction(db, {
      userId: newcomer.id,
      fixtureId: open.id,
      homeScore: 2,
      awayScore: 0,
      predictedAt: '2025-08-15T10:00:00.000Z',
    });
    await buildResultByTriggers(db, { fixtureId: played.id, homeScore: 1, awayScore: 1 });
    await buildResultByTriggers(db, { fixtureId: second.id, homeScore: 2, awayScore: 1 });
    const before = { predictions: await predictionRows(anyDb), points: nonZero(await pointRows(anyDb)) };
    const strays = (await pointRows(anyDb)).filter((r) => (r as Record<string, unknown>).userId === newcomer.id);
    // The old PostgreSQL triggers wrote rows at 0 for an unscored pick; SQLite's never did.
    if (dialect === 'postgres') expect(strays.length).toBeGreaterThan(0);
    else expect(strays).toEqual([]);

    await migrateThrough(handle, { last: '0017_points_in_bulk' });

    // Nothing lost: every prediction and every point; the aggregate is exactly the scored picks.
    expect(await predictionRows(anyDb)).toEqual(before.predictions);
    expect(nonZero(await pointRows(anyDb))).toEqual(before.points);
    expect(await pointRows(anyDb)).toEqual(await recount(anyDb));
    if (dialect === 'postgres') {
      const options = async (table: string) =>
        (
          await sql<{
            reloptions: string[] | null;
          }>`SELECT "reloptions" FROM "pg_class" WHERE "relname" = ${table}`.execute(db)
        ).rows[0]!.reloptions;
      expect(await options('predictions')).toContain(`fillfactor=${PREDICTIONS_FILLFACTOR}`);
      expect(await options('userPoints')).toContain(`fillfactor=${USER_POINTS_FILLFACTOR}`);
    }

    // Today's code on it: the later migrations (0039 hands the aggregate to the app's code) and the app.
    await migrateToLatest(handle);
    const t = await database.openApp({ now: '2025-08-29T12:00:00Z', otherSeason: false });
    const cookie = async (id: string) => buildSessionCookie(db, dialect, id, SECRET);
    const [adminCookie, newcomerCookie] = [await cookie(admin.id), await cookie(newcomer.id)];
    const exact = async () => expect(await pointRows(anyDb)).toEqual(await recount(anyDb));

    // The leaderboard: players with a scored prediction only, on both databases.
    const board = await t.request({
      method: 'GET',
      url: `/api/leaderboard?season=${TEST_SEASON}`,
      cookie: newcomerCookie,
    });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().total).toBe(2);
    expect(
      board
        .json()
        .rows.map((r: { userId: string }) => r.userId)
        .sort(),
    ).toEqual([scorer.id, rival.id].sort());
    expect(board.json().viewer).toBeNull();

    // A player's pick writes nothing to the aggregate.
    const saved = await t.request({
      method: 'PUT',
      url: `/api/predictions/${open.id}`,
      cookie: newcomerCookie,
      payload: { homeScore: 3, awayScore: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await exact();
    // A result on a match with picks from everyone: the bulk path scores each of them, the newcomer included.
    await db.updateTable('fixtures').set({ kickoffAt: '2025-08-28T14:00:00.000Z' }).where('id', '=', open.id).execute();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/results/${open.id}`,
          cookie: adminCookie,
          payload: { homeScore: 3, awayScore: 0 },
        })
      ).statusCode,
    ).toBe(200);
    await exact();
    const after = (
      await t.request({ method: 'GET', url: `/api/leaderboard?season=${TEST_SEASON}`, cookie: newcomerCookie })
    ).json();
    expect(after.total).toBe(3);
    expect(after.viewer).toMatchObject({ userId: newcomer.id, points: 3 });
    // Corrected (only changed picks move), cleared (back to pending, rows stay at what is left), saved again.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/results/${open.id}`,
          cookie: adminCookie,
          payload: { homeScore: 2, awayScore: 0 },
        })
      ).statusCode,
    ).toBe(200);
    await exact();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/results/${second.id}`, cookie: adminCookie })).statusCode,
    ).toBe(200);
    expect(nonZero(await pointRows(anyDb))).toEqual(nonZero(await recount(anyDb)));
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/results/${second.id}`,
          cookie: adminCookie,
          payload: { homeScore: 0, awayScore: 0 },
        })
      ).statusCode,
    ).toBe(200);
    await exact();
    // A fixture moved to another gameweek takes its points along; a deleted one takes them away.
    await updateGameweek(db, played.id, 2, '2025-08-29T12:00:00.000Z');
    expect(nonZero(await pointRows(anyDb))).toEqual(nonZero(await recount(anyDb)));
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/fixtures/${played.id}`, cookie: adminCookie })).statusCode,
    ).toBe(200);
    expect(nonZero(await pointRows(anyDb))).toEqual(nonZero(await recount(anyDb)));
  });
});
