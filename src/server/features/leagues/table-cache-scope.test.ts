import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { seasonCounts } from '../../points/season-totals.js';
import { createTableCache, type TableCache } from './table-cache.js';
import { createReadModel, type ReadModel } from '../../read-model/index.js';

/**
 * A change empties only what it changed (decision 0101): a league's rename, a member's team name
 * or a join drops that league's kept tables and leaves every other league's in place; a change
 * that names no league (an account deleted, results) still drops them all. Before, one player
 * renaming their own one-member league emptied every league's table, each rename.
 *
 * The cache here follows the app's own bus, so the changes are the routes' own.
 */
let t: TestApp;
let cache: TableCache;
let readModel: ReadModel;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  readModel = createReadModel({ bus: t.app.deps.bus });
  cache = createTableCache(
    () => t.app.deps.db,
    readModel,
    (seasonId) => seasonCounts(t.app, seasonId),
  );
});
afterEach(async () => {
  readModel.close();
  await t.close();
});

async function player() {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
type Player = Awaited<ReturnType<typeof player>>;
const call = (who: Player, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object = {}) =>
  t.request({ method, url, cookie: who.cookie, payload });
async function league(who: Player, name: string) {
  const res = await call(who, 'POST', '/api/leagues', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().league as { id: string; code: string };
}
const season = { seasonId: TEST_SEASON, gameweek: 0 };

describe('a change drops the tables of the leagues it names', () => {
  test('a rename, a team name and a join move their league’s tables only', async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const a = await league(alice, 'League A');
    const b = await league(bob, 'League B');
    const tableB = await cache.get(b.id, season);
    const allB = await cache.get(b.id, 'all');
    const tableA = await cache.get(a.id, season);

    expect((await call(alice, 'PATCH', `/api/leagues/${a.id}`, { name: 'League A2' })).statusCode).toBe(200);
    const renamed = await cache.get(a.id, season);
    expect(renamed).not.toBe(tableA);
    expect(renamed?.league.name).toBe('League A2');
    expect(await cache.get(b.id, season)).toBe(tableB);
    expect(await cache.get(b.id, 'all')).toBe(allB);

    expect((await call(alice, 'PUT', '/api/me/team-name', { teamName: 'Alice Albion' })).statusCode).toBe(200);
    expect((await cache.get(a.id, season))?.rows.map((r) => r.displayName)).toEqual(['Alice Albion']);
    expect(await cache.get(b.id, season)).toBe(tableB);

    expect((await call(carol, 'POST', '/api/leagues/join', { code: a.code })).statusCode).toBe(200);
    expect((await cache.get(a.id, season))?.rows).toHaveLength(2);
    expect(await cache.get(b.id, season)).toBe(tableB);
    expect(cache.stats().entries).toBe(3);
  });

  test('a change that names no league drops every league’s tables', async () => {
    const [alice, bob] = [await player(), await player()];
    const a = await league(alice, 'League A');
    const b = await league(bob, 'League B');
    const [tableA, tableB] = [await cache.get(a.id, season), await cache.get(b.id, season)];
    await t.app.deps.bus.publish({ type: 'account.deleted', seasons: [TEST_SEASON] });
    expect(cache.stats().entries).toBe(0);
    expect(await cache.get(a.id, season)).not.toBe(tableA);
    expect(await cache.get(b.id, season)).not.toBe(tableB);
  });
});

describe('a result drops only what it touches (decision 0113)', () => {
  test('the tables of its gameweek and the season are worked out again, another gameweek’s stay kept', async () => {
    const alice = await player();
    const { db, handle, config } = t.app.deps;
    const adminUser = await buildUser(db, handle.dialect, { role: 'admin' });
    const admin = {
      ...adminUser,
      cookie: await buildSessionCookie(db, handle.dialect, adminUser.id, config.AUTH_SECRET),
    };
    const a = await league(alice, 'League A');
    await buildFixture(t.app.deps.db, { id: 'GW1_MATCH', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await buildFixture(t.app.deps.db, { id: 'GW2_MATCH', kickoffAt: '2025-08-19T14:00:00.000Z', gameweek: 2 });
    for (const fixtureId of ['GW1_MATCH', 'GW2_MATCH'])
      await buildPrediction(t.app.deps.db, { userId: alice.id, fixtureId, homeScore: 2, awayScore: 1 });
    const [gw1, gw2, whole] = [
      await cache.get(a.id, { seasonId: TEST_SEASON, gameweek: 1 }),
      await cache.get(a.id, { seasonId: TEST_SEASON, gameweek: 2 }),
      await cache.get(a.id, season),
    ];
    const saved = await call(admin, 'PUT', '/api/admin/results/GW2_MATCH', { homeScore: 2, awayScore: 1 });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await cache.get(a.id, { seasonId: TEST_SEASON, gameweek: 1 })).toBe(gw1);
    const gw2After = await cache.get(a.id, { seasonId: TEST_SEASON, gameweek: 2 });
    expect(gw2After).not.toBe(gw2);
    expect(gw2After?.rows.map((r) => r.points)).toEqual([3]);
    const wholeAfter = await cache.get(a.id, season);
    expect(wholeAfter).not.toBe(whole);
    expect(wholeAfter?.rows[0]!.points).toBe((whole?.rows[0]!.points ?? 0) + 3);
  });
});
