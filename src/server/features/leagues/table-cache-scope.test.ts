import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { seasonCounts } from '../statistics/service.js';
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
