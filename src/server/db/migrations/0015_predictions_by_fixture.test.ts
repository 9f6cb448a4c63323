import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { updateGameweek } from '../../features/feed/repository.js';
import { migrateThrough } from '../../test/databases.js';
import { pointRows, predictionRows, useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildPrediction, buildResultByTriggers } from '../../test/factories-game.js';
import { buildFixture } from '../../test/factories-season.js';
import { PREDICTIONS_FILLFACTOR } from './0015_predictions_by_fixture.js';

/**
 * Migration 0015: predictions move to storage clustered by fixture. A database built by the release
 * before (migrations through 0014, data written as that code writes it) upgrades with nothing
 * lost (predictions, points, the userPoints aggregate, triggers), and afterwards every path that
 * writes predictions or points still keeps the aggregate exact. SQLite and PostgreSQL.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';

const database = useMigrationDatabase();

/** userPoints recomputed from the predictions themselves: what it must stay equal to. */
const recount = async (db: AnyDb) =>
  (
    await sql<
      Record<string, unknown>
    >`SELECT f."seasonId", g."gw" AS "gameweek", p."userId", SUM(p."points") AS "points", SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END) AS "exact"
      FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
      JOIN (SELECT 0 AS "gw" UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) g ON g."gw" = 0 OR g."gw" = f."gameweek"
      WHERE p."points" IS NOT NULL GROUP BY f."seasonId", g."gw", p."userId"
      HAVING SUM(p."points") <> 0 OR SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END) <> 0
      ORDER BY f."seasonId", g."gw", p."userId"`.execute(db)
  ).rows.map((r) => ({ ...r, gameweek: Number(r.gameweek), points: Number(r.points), exact: Number(r.exact) }));

describe('migration 0015: predictions clustered by fixture', () => {
  it('keeps every prediction, point and trigger of a database built by the release before, and the app keeps points exact afterwards', async () => {
    const handle = await database.migratedThrough({ last: '0014_seasons' });
    const { db, dialect } = handle;
    // The old release's world: three players, three fixtures in two gameweeks, two results.
    const users = [await buildUser(db, dialect), await buildUser(db, dialect), await buildUser(db, dialect)];
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
    for (const [i, u] of users.entries()) {
      for (const f of [played, second, open])
        await buildPrediction(db, {
          userId: u.id,
          fixtureId: f.id,
          homeScore: i,
          awayScore: 1,
          predictedAt: `2025-08-1${i}T10:00:00.000Z`,
        });
    }
    await buildResultByTriggers(db, { fixtureId: played.id, homeScore: 1, awayScore: 1 });
    await buildResultByTriggers(db, { fixtureId: second.id, homeScore: 2, awayScore: 1 });
    const anyDb = db as unknown as AnyDb;
    const before = { predictions: await predictionRows(anyDb), points: await pointRows(anyDb, 'scored') };
    const triggersBefore =
      dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`SELECT "name" FROM "sqlite_master" WHERE "type" = 'trigger' ORDER BY "name"`.execute(db)
          ).rows.map((r) => r.name)
        : (
            await sql<{
              name: string;
            }>`SELECT DISTINCT "trigger_name" AS "name" FROM "information_schema"."triggers" ORDER BY 1`.execute(db)
          ).rows.map((r) => r.name);
    expect(before.predictions).toHaveLength(9);
    expect(before.points.length).toBeGreaterThan(0);

    await migrateThrough(handle, { last: '0015_predictions_by_fixture' });

    // Nothing lost or changed.
    expect(await predictionRows(anyDb)).toEqual(before.predictions);
    expect(await pointRows(anyDb, 'scored')).toEqual(before.points);
    const triggersAfter =
      dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`SELECT "name" FROM "sqlite_master" WHERE "type" = 'trigger' ORDER BY "name"`.execute(db)
          ).rows.map((r) => r.name)
        : (
            await sql<{
              name: string;
            }>`SELECT DISTINCT "trigger_name" AS "name" FROM "information_schema"."triggers" ORDER BY 1`.execute(db)
          ).rows.map((r) => r.name);
    expect(triggersAfter).toEqual(triggersBefore);
    // The new storage.
    if (dialect === 'sqlite') {
      const table = (
        await sql<{ sql: string }>`SELECT "sql" FROM "sqlite_master" WHERE "name" = 'predictions'`.execute(db)
      ).rows[0]!.sql;
      expect(table).toMatch(/PRIMARY KEY \("fixtureId", "userId"\)\s*\)\s*WITHOUT ROWID/);
      expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);
      expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0]!.foreign_keys).toBe(1);
    } else {
      const opts = (
        await sql<{
          reloptions: string[] | null;
        }>`SELECT "reloptions" FROM "pg_class" WHERE "relname" = 'predictions'`.execute(db)
      ).rows[0]!.reloptions;
      expect(opts).toContain(`fillfactor=${PREDICTIONS_FILLFACTOR}`);
    }

    // The app on the upgraded database (and whatever later migrations did, 0039 handing the aggregate to the app's code): every writer keeps userPoints exact.
    expect(await migrateToLatest(handle)).not.toContain('0015_predictions_by_fixture');
    const t = await database.openApp({ now: '2025-08-29T12:00:00Z', otherSeason: false });
    const adminCookie = await buildSessionCookie(db, dialect, admin.id, SECRET);
    const playerCookie = await buildSessionCookie(db, dialect, users[0]!.id, SECRET);
    const exact = async () => expect(await pointRows(anyDb, 'scored')).toEqual(await recount(anyDb));

    // A player's upsert of an open fixture (one prediction per player and fixture, by the new key).
    const saved = await t.request({
      method: 'PUT',
      url: `/api/predictions/${open.id}`,
      cookie: playerCookie,
      payload: { homeScore: 3, awayScore: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      Number(
        (await sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM "predictions" WHERE "fixtureId" = ${open.id}`.execute(db))
          .rows[0]!.n,
      ),
    ).toBe(3);
    // A corrected result rescores (the set-based path), a cleared one unscores.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/results/${played.id}`,
          cookie: adminCookie,
          payload: { homeScore: 0, awayScore: 1 },
        })
      ).statusCode,
    ).toBe(200);
    await exact();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/results/${second.id}`, cookie: adminCookie })).statusCode,
    ).toBe(200);
    await exact();
    // A fixture moved to another gameweek takes its points along.
    await updateGameweek(db, played.id, 2, '2025-08-29T12:00:00.000Z');
    await exact();
    // Deleting a fixture cascades to its predictions and takes their points away.
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/fixtures/${played.id}`, cookie: adminCookie })).statusCode,
    ).toBe(200);
    expect(
      Number(
        (
          await sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM "predictions" WHERE "fixtureId" = ${played.id}`.execute(
            db,
          )
        ).rows[0]!.n,
      ),
    ).toBe(0);
    await exact();
    // Deleting a player cascades too.
    await db.deleteFrom('user').where('id', '=', users[2]!.id).execute();
    expect(
      Number(
        (
          await sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM "predictions" WHERE "userId" = ${users[2]!.id}`.execute(
            db,
          )
        ).rows[0]!.n,
      ),
    ).toBe(0);
  });
});
