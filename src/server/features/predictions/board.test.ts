import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';

/**
 * Which gameweek the Predictions board and the dashboard open on (src/game/gameweek-to-open.ts,
 * decision record 0041), on the real 2026/27 season the app ships: Gameweek 11 on Saturday 21
 * November 2026, Gameweek 12 on Saturday 28 November (every match at 15:00), Gameweek 13 midweek on
 * Wednesday 2 December. Both screens ask the server, which decides once for both.
 */
const MATCH_DAY = '2026-11-28T17:10:00Z';
const THURSDAY = '2026-11-26T10:00:00Z';

type BoardReply = {
  now: string;
  season: string;
  gameweek: number;
  openingGameweek: number;
  nextOpen: { gameweek: number; deadline: string } | null;
  changesAt: string | null;
  gameweeks: number[];
  gameweekStates: Array<{ gameweek: number; state: string }>;
  matches: Array<{ window: string; fixture: { id: string; gameweek: number; status: string }; prediction: unknown }>;
};

describe('the gameweek the board and the dashboard open on, on the real 2026/27 season', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ now: MATCH_DAY, env: { SEED_SEASON: 'true' } });
    const { db, handle, config } = t.app.deps;
    const user = await buildUser(db, handle.dialect);
    cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async <T = BoardReply>(url: string, c: string | undefined = cookie): Promise<T> => {
    const res = await t.request({ method: 'GET', url, cookie: c });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const dashboard = async () =>
    (await get<{ dashboard: Record<string, unknown> & { upcoming: Array<{ gameweek: number }> } }>('/api/dashboard'))
      .dashboard;

  test('match day, Saturday 28 November 17:10: Gameweek 12 is in play, so both lead with it (decision record 0108); Gameweek 13 comes second, all ten matches open', async () => {
    t.clock.set(MATCH_DAY);
    const board = await get('/api/predictions/board');
    expect(board).toMatchObject({
      season: '2026-27',
      gameweek: 12,
      openingGameweek: 12,
      nextOpen: { gameweek: 13, deadline: '2026-12-02T18:00:00.000Z' },
    });
    expect(board.matches).toHaveLength(10);
    expect(board.matches.every((m) => m.window === 'closed' && m.fixture.status === 'live')).toBe(true);
    // The live window of the 15:00 matches ends at 17:15: the page asks again then.
    expect(board).toMatchObject({ changesAt: '2026-11-28T17:15:00.000Z' });
    expect(board.gameweekStates.filter((g) => g.gameweek >= 11 && g.gameweek <= 14)).toEqual([
      { gameweek: 11, state: 'played' },
      { gameweek: 12, state: 'live' },
      { gameweek: 13, state: 'open' },
      { gameweek: 14, state: 'open' },
    ]);
    expect(board.gameweeks).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    expect(board.gameweekStates.map((g) => g.gameweek)).toEqual(board.gameweeks);

    const d = await dashboard();
    expect(d).toMatchObject({ gameweek: 12, gameweekState: 'live', picks: { matches: 10, predicted: 0 }, open: [] });
    // Today's matches, in play, are the dashboard's list.
    expect(d.upcoming).toHaveLength(5);
    expect(d.upcoming.every((f) => f.gameweek === 12)).toBe(true);
    const next = d.nextOpen as { gameweek: number; picks: unknown; open: unknown[] };
    expect(next).toMatchObject({ gameweek: 13, picks: { matches: 10, predicted: 0 } });
    expect(next.open).toHaveLength(10);
    const gw13 = await get('/api/predictions/board?gameweek=13');
    expect(next.open).toContainEqual({
      fixtureId: gw13.matches[0]!.fixture.id,
      deadline: '2026-12-02T18:00:00.000Z',
      predicted: false,
    });
  });

  test('match day: Gameweek 13, asked for, is open; before Gameweek 12’s first deadline Gameweek 12 leads as the open one', async () => {
    t.clock.set(MATCH_DAY);
    const gw13 = await get('/api/predictions/board?gameweek=13');
    expect(gw13).toMatchObject({ gameweek: 13, openingGameweek: 12, nextOpen: { gameweek: 13 } });
    expect(gw13.matches.every((m) => m.window === 'open')).toBe(true);
    t.clock.set('2026-11-28T12:59:59.000Z');
    expect(await get('/api/predictions/board')).toMatchObject({
      gameweek: 12,
      openingGameweek: 12,
      nextOpen: { gameweek: 12, deadline: '2026-11-28T13:00:00.000Z' },
      changesAt: '2026-11-28T13:00:00.000Z',
    });
    expect(await dashboard()).toMatchObject({ gameweek: 12, gameweekState: 'open', nextOpen: null });
    // At the deadline: Gameweek 12 still leads, in progress, and Gameweek 13 comes second.
    t.clock.set('2026-11-28T13:00:00.000Z');
    expect(await get('/api/predictions/board')).toMatchObject({ gameweek: 12, nextOpen: { gameweek: 13 } });
    expect(await dashboard()).toMatchObject({ gameweek: 12, gameweekState: 'closed', nextOpen: { gameweek: 13 } });
  });

  test('Thursday 26 November: Gameweek 11 is all played, Gameweek 12 is open, and both open on it', async () => {
    t.clock.set(THURSDAY);
    const board = await get('/api/predictions/board');
    expect(board).toMatchObject({ gameweek: 12, openingGameweek: 12 });
    expect(board.matches.every((m) => m.window === 'open')).toBe(true);
    expect(board.gameweekStates.find((g) => g.gameweek === 11)).toEqual({ gameweek: 11, state: 'played' });
    expect(await dashboard()).toMatchObject({ gameweek: 12, gameweekState: 'open' });
  });

  test('a pick shows on the dashboard’s count of the open gameweek at once', async () => {
    t.clock.set(THURSDAY);
    const board = await get('/api/predictions/board');
    const first = board.matches[0]!.fixture.id;
    expect((await dashboard()).picks).toEqual({ matches: 10, predicted: 0 });
    const saved = await t.request({
      method: 'PUT',
      url: `/api/predictions/${encodeURIComponent(first)}`,
      cookie,
      payload: { homeScore: 1, awayScore: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const d = await dashboard();
    expect(d.picks).toEqual({ matches: 10, predicted: 1 });
    expect(
      (d.open as Array<{ fixtureId: string; predicted: boolean }>).find((m) => m.fixtureId === first),
    ).toMatchObject({ predicted: true });
  });

  test('a reply is one gameweek: bounded in size however long the season, and never another gameweek’s matches', async () => {
    t.clock.set(MATCH_DAY);
    for (const url of [
      '/api/predictions/board',
      '/api/predictions/board?gameweek=1',
      '/api/predictions/board?gameweek=38',
      '/api/predictions/board?season=2025-26',
    ]) {
      const res = await t.request({ method: 'GET', url, cookie });
      expect(res.statusCode).toBe(200);
      expect(Buffer.byteLength(res.body), url).toBeLessThanOrEqual(30 * 1024);
      const board = res.json() as BoardReply;
      expect(new Set(board.matches.map((m) => m.fixture.gameweek)), url).toEqual(new Set([board.gameweek]));
    }
  });

  test('?season= names the season: a finished one opens on its last gameweek played; an unknown one is 404', async () => {
    t.clock.set(MATCH_DAY);
    const past = await get('/api/predictions/board?season=2025-26');
    expect(past).toMatchObject({ season: '2025-26', gameweek: 38, openingGameweek: 38 });
    expect(past.matches.every((m) => m.window === 'closed')).toBe(true);
    expect(past.gameweekStates.every((g) => g.state === 'played')).toBe(true);
    expect((await get('/api/predictions/board?season=2025-26&gameweek=5')).gameweek).toBe(5);
    expect((await t.request({ method: 'GET', url: '/api/predictions/board?season=1999-00', cookie })).statusCode).toBe(
      404,
    );
  });

  test('before the season: Gameweek 1; the season over: Gameweek 38', async () => {
    t.clock.set('2026-07-01T12:00:00Z');
    expect(await get('/api/predictions/board?season=2026-27')).toMatchObject({ gameweek: 1, openingGameweek: 1 });
    t.clock.set('2027-06-01T12:00:00Z');
    expect(await get('/api/predictions/board?season=2026-27')).toMatchObject({ gameweek: 38, openingGameweek: 38 });
    t.clock.set(MATCH_DAY);
  });

  test('who may ask: a visitor gets 401, an unverified account 403; a bad gameweek is a 400', async () => {
    const { db, handle, config } = t.app.deps;
    expect((await t.request({ method: 'GET', url: '/api/predictions/board' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    const unverified = await buildUser(db, handle.dialect, { emailVerified: false });
    const unverifiedCookie = await buildSessionCookie(db, handle.dialect, unverified.id, config.AUTH_SECRET);
    expect(
      (await t.request({ method: 'GET', url: '/api/predictions/board', cookie: unverifiedCookie })).statusCode,
    ).toBe(403);
    for (const gw of ['0', '-1', 'abc', '1e9', '99999', '12.5']) {
      const res = await t.request({ method: 'GET', url: `/api/predictions/board?gameweek=${gw}`, cookie });
      expect(res.statusCode, gw).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });
});

describe('the opening gameweek follows changes to the fixtures at once', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  test('the only open match of a gameweek deleted by the admin: the board and the dashboard move on to the next', async () => {
    t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
    const { db, handle, config } = t.app.deps;
    const admin = await buildUser(db, handle.dialect, { role: 'admin' });
    const player = await buildUser(db, handle.dialect);
    const adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
    const cookie = await buildSessionCookie(db, handle.dialect, player.id, config.AUTH_SECRET);
    await buildFixture(db, { id: 'gw1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await buildFixture(db, {
      id: 'gw2',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-23T14:00:00.000Z',
      gameweek: 2,
    });
    await buildFixture(db, {
      id: 'gw3',
      homeTeam: 'Fulham FC',
      awayTeam: 'Brentford FC',
      kickoffAt: '2025-08-30T14:00:00.000Z',
      gameweek: 3,
    });
    const opening = async () => ({
      board: (await t.request({ method: 'GET', url: '/api/predictions/board', cookie })).json().gameweek as number,
      dashboard: (await t.request({ method: 'GET', url: '/api/dashboard', cookie })).json().dashboard
        .gameweek as number,
    });
    expect(await opening()).toEqual({ board: 2, dashboard: 2 });
    const del = await t.request({ method: 'DELETE', url: '/api/admin/fixtures/gw2', cookie: adminCookie });
    expect(del.statusCode, del.body).toBe(200);
    expect(await opening()).toEqual({ board: 3, dashboard: 3 });
  });

  test('a season without fixtures opens on the calendar’s gameweek, with nothing in it', async () => {
    t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
    const { db, handle, config } = t.app.deps;
    const player = await buildUser(db, handle.dialect);
    const cookie = await buildSessionCookie(db, handle.dialect, player.id, config.AUTH_SECRET);
    await db
      .insertInto('gameweeks')
      .values([
        {
          seasonId: TEST_SEASON,
          gameweek: 1,
          startDate: '2025-08-15',
          endDate: '2025-08-18',
          updatedAt: '2025-08-01T00:00:00Z',
        },
        {
          seasonId: TEST_SEASON,
          gameweek: 2,
          startDate: '2025-08-22',
          endDate: '2025-08-25',
          updatedAt: '2025-08-01T00:00:00Z',
        },
      ])
      .execute();
    const board = (await t.request({ method: 'GET', url: '/api/predictions/board', cookie })).json();
    expect(board).toMatchObject({ gameweek: 2, openingGameweek: 2, gameweeks: [], gameweekStates: [], matches: [] });
    const d = (await t.request({ method: 'GET', url: '/api/dashboard', cookie })).json().dashboard;
    expect(d).toMatchObject({
      gameweek: 2,
      gameweekState: null,
      picks: { matches: 0, predicted: 0 },
      open: [],
      upcoming: [],
    });
  });
});

describe('a newcomer on the dashboard', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  test('is new until their first prediction; a player of an earlier season is not', async () => {
    t = await createTestApp({ now: '2025-08-10T12:00:00Z' });
    const { db, handle, config } = t.app.deps;
    await buildFixture(db, { id: 'open', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    const fresh = await buildUser(db, handle.dialect, { pastSeason: false });
    const veteran = await buildUser(db, handle.dialect);
    const freshCookie = await buildSessionCookie(db, handle.dialect, fresh.id, config.AUTH_SECRET);
    const veteranCookie = await buildSessionCookie(db, handle.dialect, veteran.id, config.AUTH_SECRET);
    const newcomer = async (c: string) =>
      (await t.request({ method: 'GET', url: '/api/dashboard', cookie: c })).json().dashboard.newcomer as boolean;
    expect(await newcomer(freshCookie)).toBe(true);
    // The veteran's only prediction is in the other (finished) season.
    expect(await newcomer(veteranCookie)).toBe(false);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/predictions/open',
      cookie: freshCookie,
      payload: { homeScore: 2, awayScore: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await newcomer(freshCookie)).toBe(false);
  });
});
