import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { pointRows, predictionRows, useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildPrediction, buildResultByTriggers } from '../../test/factories-game.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { pointTriggers } from '../../test/points.js';

/**
 * Migration 0039: the points aggregate is no longer kept by triggers but by the app's code
 * (points/points-aggregate.ts). A database written by the release before (triggers
 * keeping the aggregate as its results were saved) upgrades with every prediction kept, its
 * triggers and trigger functions gone, and the aggregate rebuilt exactly from the predictions,
 * even where the old one had drifted; then today's code keeps it exact.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';

const database = useMigrationDatabase();

/** The aggregate recomputed in JavaScript from the predictions: a row per season, gameweek (0 = season) and player with a scored prediction. */
async function recount(db: AnyDb) {
  const rows = (
    await sql<{
      seasonId: string;
      gameweek: number | null;
      userId: string;
      points: number | null;
      outcome: string | null;
    }>`
    SELECT f."seasonId", f."gameweek", p."userId", p."points", p."outcome" FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"`.execute(
      db,
    )
  ).rows;
  const out = new Map<string, { seasonId: string; gameweek: number; userId: string; points: number; exact: number }>();
  for (const r of rows) {
    if (r.points === null) continue;
    for (const gameweek of r.gameweek === null ? [0] : [0, Number(r.gameweek)]) {
      const key = `${r.seasonId}|${String(gameweek).padStart(3, '0')}|${r.userId}`;
      const row = out.get(key) ?? { seasonId: r.seasonId, gameweek, userId: r.userId, points: 0, exact: 0 };
      row.points += Number(r.points);
      row.exact += r.outcome === 'exact' ? 1 : 0;
      out.set(key, row);
    }
  }
  return [...out.keys()].sort().map((k) => out.get(k)!);
}
const sortRows = <T extends { seasonId: unknown; gameweek: number; userId: unknown }>(rows: T[]) =>
  [...rows].sort((a, b) =>
    `${String(a.seasonId)}|${String(a.gameweek).padStart(3, '0')}|${String(a.userId)}`.localeCompare(
      `${String(b.seasonId)}|${String(b.gameweek).padStart(3, '0')}|${String(b.userId)}`,
    ),
  );

describe('migration 0039: the points aggregate kept by the app, not by triggers', () => {
  it('upgrades a database of the release before with nothing lost, no points trigger left and the aggregate exact, also where it had drifted', async () => {
    const handle = await database.migratedThrough({ before: '0039_points_in_code' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    expect((await pointTriggers(db, dialect)).length).toBeGreaterThan(0);

    // As the release before wrote it: picks, then results scored row by row with its triggers moving the aggregate.
    const players = [
      await buildUser(db, dialect, { pastSeason: false }),
      await buildUser(db, dialect, { pastSeason: false }),
      await buildUser(db, dialect, { pastSeason: false }),
    ];
    const admin = await buildUser(db, dialect, { role: 'admin', pastSeason: false });
    const fixtures = [
      await buildFixture(db, {
        homeTeam: 'Arsenal FC',
        awayTeam: 'Chelsea FC',
        kickoffAt: '2025-08-16T14:00:00.000Z',
        gameweek: 1,
      }),
      await buildFixture(db, {
        homeTeam: 'Liverpool FC',
        awayTeam: 'Everton FC',
        kickoffAt: '2025-08-23T14:00:00.000Z',
        gameweek: 2,
      }),
      await buildFixture(db, {
        homeTeam: 'Everton FC',
        awayTeam: 'Arsenal FC',
        kickoffAt: '2025-08-24T14:00:00.000Z',
        gameweek: null,
      }),
      await buildFixture(db, {
        homeTeam: 'Chelsea FC',
        awayTeam: 'Liverpool FC',
        kickoffAt: '2025-08-30T14:00:00.000Z',
        gameweek: 3,
      }),
    ];
    for (const [i, p] of players.entries()) {
      for (const [j, f] of fixtures.entries()) {
        await sql`INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome")
          VALUES (${p.id}, ${f.id}, ${(i + j) % 3}, ${i % 2}, ${'2025-08-10T10:00:00.000Z'}, NULL, NULL)`.execute(db);
      }
    }
    await buildResultByTriggers(db, { fixtureId: fixtures[0]!.id, homeScore: 1, awayScore: 0 });
    await buildResultByTriggers(db, { fixtureId: fixtures[1]!.id, homeScore: 1, awayScore: 1 });
    await buildResultByTriggers(db, { fixtureId: fixtures[2]!.id, homeScore: 0, awayScore: 1 });
    expect(await pointRows(anyDb)).toEqual(await recount(anyDb));
    // An aggregate an earlier release let drift: a row off by some points, one with nothing behind it.
    await sql`UPDATE "userPoints" SET "points" = "points" + 7 WHERE "userId" = ${players[0]!.id} AND "gameweek" = 0`.execute(
      db,
    );
    await sql`INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact") VALUES (${TEST_SEASON}, 3, ${players[1]!.id}, 5, 1)`.execute(
      db,
    );
    expect(await pointRows(anyDb)).not.toEqual(await recount(anyDb));
    const before = await predictionRows(anyDb);

    expect(await migrateToLatest(handle)).toContain('0039_points_in_code');

    expect(await predictionRows(anyDb)).toEqual(before);
    expect(sortRows(await pointRows(anyDb))).toEqual(await recount(anyDb));
    expect(await pointTriggers(db, dialect)).toEqual([]);
    if (dialect === 'postgres') {
      const functions = await sql<{
        name: string;
      }>`SELECT "proname" AS "name" FROM "pg_proc" WHERE "proname" LIKE 'scoreline_%' ORDER BY 1`.execute(db);
      // Only the results version's trigger function (0018) stays: it counts results, not points.
      expect(functions.rows.map((r) => r.name)).toEqual(['scoreline_results_version']);
    }
    // No trigger moves the aggregate any more: a direct write to the predictions leaves it as it is.
    const kept = await pointRows(anyDb);
    await sql`UPDATE "predictions" SET "points" = 3, "outcome" = 'exact' WHERE "fixtureId" = ${fixtures[3]!.id}`.execute(
      db,
    );
    expect(await pointRows(anyDb)).toEqual(kept);
    await sql`UPDATE "predictions" SET "points" = NULL, "outcome" = NULL WHERE "fixtureId" = ${fixtures[3]!.id}`.execute(
      db,
    );

    // Today's code keeps it exact: a result, a correction, a clearing, a move and a deletion, through the admin's routes.
    const t = await database.openApp({ now: '2025-08-31T12:00:00Z', otherSeason: false });
    const cookie = await buildSessionCookie(db, dialect, admin.id, SECRET);
    const exact = async () =>
      expect(sortRows(await pointRows(anyDb)).filter((r) => r.points !== 0 || r.exact !== 0)).toEqual(
        (await recount(anyDb)).filter((r) => r.points !== 0 || r.exact !== 0),
      );
    const send = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await t!.request({ method, url, cookie, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await send('PUT', `/api/admin/results/${fixtures[3]!.id}`, { homeScore: 2, awayScore: 1 });
    await exact();
    await send('PUT', `/api/admin/results/${fixtures[0]!.id}`, { homeScore: 0, awayScore: 0 });
    await exact();
    await send('DELETE', `/api/admin/results/${fixtures[1]!.id}`);
    await exact();
    await buildPrediction(db, { userId: admin.id, fixtureId: fixtures[3]!.id, homeScore: 2, awayScore: 1 });
    await exact();
    await send('DELETE', `/api/admin/fixtures/${fixtures[0]!.id}`);
    await exact();
  });
});
