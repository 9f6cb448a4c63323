import { afterEach, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { builtInGameweeks } from '../../seasons/builtin.js';
import { buildCompetitionSeason } from '../../test/knockout-world.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function adminCookie() {
  const { db, handle, config } = t.app.deps;
  const user = await buildUser(db, handle.dialect, { role: 'admin' });
  return buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
}
const gameweeks = async () => (await t.request({ method: 'GET', url: '/api/gameweeks' })).json();

describe('GET /api/gameweeks', () => {
  test('the defaults apply while none are stored; current gameweek and today follow the server clock (UK date)', async () => {
    t = await createTestApp({ now: '2025-08-18T23:30:00Z' });
    const gw = await gameweeks();
    expect(gw.custom).toBe(false);
    expect(gw.gameweeks).toEqual(builtInGameweeks('2025-26'));
    // 00:30 on the 19th in London: gameweek 1 (ended on the 18th) is over.
    expect(gw.today).toBe('2025-08-19');
    expect(gw.openingGameweek).toBe(2);
    expect(gw.withFixtures).toEqual([]);
  });
});

describe("today in the season's competition's zone", () => {
  const todayOf = async (season: string) =>
    (await t.request({ method: 'GET', url: `/api/gameweeks?season=${season}` })).json().today as string;

  test('the Champions League is already on the next day in Paris at 23:30 UK time in winter', async () => {
    t = await createTestApp({ now: '2026-02-16T23:30:00Z' });
    await buildCompetitionSeason(t.app.deps.db, 'champions-league-2025-26');
    expect(await todayOf('champions-league-2025-26')).toBe('2026-02-17');
    // The Premier League's stays the UK date.
    expect((await gameweeks()).today).toBe('2026-02-16');
  });

  test('the World Cup (UTC) is still on the day before while it is past midnight in summer in the UK', async () => {
    t = await createTestApp({ now: '2026-06-11T23:30:00Z' });
    await buildCompetitionSeason(t.app.deps.db, 'world-cup-2026');
    expect(await todayOf('world-cup-2026')).toBe('2026-06-11');
    expect((await gameweeks()).today).toBe('2026-06-12');
  });
});

describe('admin gameweek definitions', () => {
  test('initialize when empty, then save one, add gameweek 2 only when missing, reset to defaults', async () => {
    t = await createTestApp({ now: '2025-08-10T12:00:00Z' });
    const cookie = await adminCookie();
    const events: LiveEvent[] = [];
    t.app.deps.bus.subscribe((e) => events.push(e));

    expect((await t.request({ method: 'GET', url: '/api/admin/gameweeks', cookie })).json()).toEqual({ gameweeks: [] });
    const init = await t.request({ method: 'POST', url: '/api/admin/gameweeks/initialize', cookie });
    expect(init.statusCode).toBe(200);
    expect(init.json().gameweeks).toHaveLength(38);
    expect((await t.request({ method: 'POST', url: '/api/admin/gameweeks/initialize', cookie })).statusCode).toBe(409);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['gameweeks.changed']));
    expect(events[0]).toEqual({ type: 'gameweeks.changed', seasonId: TEST_SEASON });

    const save = await t.request({
      method: 'PUT',
      url: '/api/admin/gameweeks/1',
      cookie,
      payload: { startDate: '2025-08-08', endDate: '2025-08-19' },
    });
    expect(save.json()).toEqual({ gameweek: { gameweek: 1, startDate: '2025-08-08', endDate: '2025-08-19' } });
    let gw = await gameweeks();
    expect(gw.custom).toBe(true);
    expect(gw.gameweeks[0]).toEqual({ gameweek: 1, startDate: '2025-08-08', endDate: '2025-08-19' });
    // The end is not checked against the start, but both must be dates.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/gameweeks/1',
          cookie,
          payload: { startDate: '2025-08-20', endDate: '2025-08-10' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/gameweeks/1',
          cookie,
          payload: { startDate: 'soon', endDate: '2025-08-10' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/gameweeks/39',
          cookie,
          payload: { startDate: '2025-08-20', endDate: '2025-08-21' },
        })
      ).statusCode,
    ).toBe(400);

    expect(
      (await t.request({ method: 'POST', url: '/api/admin/gameweeks/add', cookie, payload: { gameweek: 2 } }))
        .statusCode,
    ).toBe(409);
    await t.app.deps.db.deleteFrom('gameweeks').where('seasonId', '=', TEST_SEASON).where('gameweek', '=', 2).execute();
    const add = await t.request({ method: 'POST', url: '/api/admin/gameweeks/add', cookie, payload: { gameweek: 2 } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({ gameweek: { gameweek: 2, startDate: '2025-08-22', endDate: '2025-08-25' } });

    const reset = await t.request({ method: 'POST', url: '/api/admin/gameweeks/reset', cookie });
    expect(reset.json().gameweeks).toEqual(builtInGameweeks('2025-26'));
    gw = await gameweeks();
    expect(gw.gameweeks[0]).toEqual({ gameweek: 1, startDate: '2025-08-15', endDate: '2025-08-18' });
    expect(gw.gameweeks).toHaveLength(38);
  });
});
