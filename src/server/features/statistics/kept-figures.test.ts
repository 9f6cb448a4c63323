import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { tag } from '../../read-model/index.js';
import { seasonCounts } from '../../points/season-totals.js';

/**
 * Statistics and the dashboard are kept per player (the read model, decisions 0104 and 0113): every test reads
 * first (so the figures are cached), changes something through the app, and the very next read
 * shows the change. Exactness of the figures themselves is statistics/routes.test.ts's and the
 * season replay's.
 */
let t: TestApp;
let cookie: string;
let otherCookie: string;
let adminCookie: string;

beforeAll(async () => {
  // Gameweek 2 is current; gameweek 1 has kicked off, without results yet.
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const me = await buildUser(db, handle.dialect);
  const other = await buildUser(db, handle.dialect);
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  cookie = await buildSessionCookie(db, handle.dialect, me.id, config.AUTH_SECRET);
  otherCookie = await buildSessionCookie(db, handle.dialect, other.id, config.AUTH_SECRET);
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
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
  await buildFixture(db, {
    id: 'c1a',
    homeTeam: 'Liverpool FC',
    awayTeam: 'AFC Bournemouth',
    kickoffAt: '2025-08-15T19:00:00.000Z',
    gameweek: 1,
  });
  await buildFixture(db, {
    id: 'c1b',
    homeTeam: 'Aston Villa FC',
    awayTeam: 'Newcastle United FC',
    kickoffAt: '2025-08-16T11:30:00.000Z',
    gameweek: 1,
  });
  await buildFixture(db, {
    id: 'c2a',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Leeds United FC',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    gameweek: 2,
  });
  await buildFixture(db, {
    id: 'c2b',
    homeTeam: 'Chelsea FC',
    awayTeam: 'Fulham FC',
    kickoffAt: '2025-08-24T14:00:00.000Z',
    gameweek: 2,
  });
  for (const id of ['c1a', 'c1b']) {
    await buildPrediction(db, {
      userId: me.id,
      fixtureId: id,
      homeScore: 2,
      awayScore: 1,
      predictedAt: '2025-08-14T10:00:00.000Z',
    });
    await buildPrediction(db, {
      userId: other.id,
      fixtureId: id,
      homeScore: 0,
      awayScore: 0,
      predictedAt: '2025-08-14T10:00:00.000Z',
    });
  }
});
afterAll(async () => {
  await t?.close();
});

const statistics = async (c = cookie) => {
  const res = await t.request({ method: 'GET', url: `/api/me/statistics?season=${TEST_SEASON}`, cookie: c });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().statistics;
};
const dashboard = async (c = cookie) => {
  const res = await t.request({ method: 'GET', url: '/api/dashboard', cookie: c });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dashboard;
};

describe('the statistics and dashboard cache', () => {
  it('keeps figures between requests', async () => {
    await statistics();
    await dashboard();
    expect(t.app.deps.readModel.stats().values?.entries).toBeGreaterThan(0);
  });

  it('a saved prediction changes the next statistics and dashboard, and only the saver’s', async () => {
    const [stats, dash, others] = [await statistics(), await dashboard(), await statistics(otherCookie)];
    const saved = await t.request({
      method: 'PUT',
      url: '/api/predictions/c2a',
      cookie,
      payload: { homeScore: 3, awayScore: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await statistics()).totalPredictions).toBe(stats.totalPredictions + 1);
    const after = await dashboard();
    expect(after.tiles.totalPredictions).toBe(dash.tiles.totalPredictions + 1);
    expect(after.recentActivity[0]).toMatchObject({ fixtureId: 'c2a', homeScore: 3, awayScore: 1, state: 'pending' });
    expect((await statistics(otherCookie)).totalPredictions).toBe(others.totalPredictions);
  });

  it('a result saved by the admin changes the next statistics (points and rank history) and dashboard', async () => {
    const [stats, dash] = [await statistics(), await dashboard()];
    expect(stats.totalPoints).toBe(0);
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/results/c1a',
      cookie: adminCookie,
      payload: { homeScore: 2, awayScore: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await statistics();
    expect(after.totalPoints).toBe(3);
    expect(after.rankHistory.find((e: { gameweek: number }) => e.gameweek === 1)).toMatchObject({ rank: 1, points: 3 });
    expect((await statistics(otherCookie)).totalPoints).toBe(0);
    const dashAfter = await dashboard();
    expect(dashAfter.tiles.totalPoints).toBe(dash.tiles.totalPoints + 3);
    expect(dashAfter.tiles.exactScores).toBe(dash.tiles.exactScores + 1);
  });

  it('a corrected and then a cleared result change the next statistics', async () => {
    await statistics();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/results/c1a',
          cookie: adminCookie,
          payload: { homeScore: 1, awayScore: 0 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await statistics()).totalPoints).toBe(1);
    expect((await t.request({ method: 'DELETE', url: '/api/admin/results/c1a', cookie: adminCookie })).statusCode).toBe(
      200,
    );
    expect((await statistics()).totalPoints).toBe(0);
  });

  it('a fixture change by the admin changes the next dashboard (its upcoming matches) and statistics', async () => {
    const dash = await dashboard();
    expect(dash.upcoming.map((f: { id: string }) => f.id)).toContain('c2b');
    const before = await statistics();
    const del = await t.request({ method: 'DELETE', url: '/api/admin/fixtures/c2a', cookie: adminCookie });
    expect(del.statusCode, del.body).toBe(200);
    const after = await dashboard();
    expect(after.upcoming.map((f: { id: string }) => f.id)).not.toContain('c2a');
    expect((await statistics()).totalPredictions).toBe(before.totalPredictions - 1);
  });

  it('the leagues offered for the rank history follow a join, a rename and a leave at once, for every member', async () => {
    expect((await statistics()).leagues).toEqual([]);
    expect((await statistics(otherCookie)).leagues).toEqual([]);
    const created = await t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name: 'Cache Club' } });
    expect(created.statusCode, created.body).toBe(201);
    const { id, code } = created.json().league;
    expect((await statistics()).leagues).toEqual([{ id, name: 'Cache Club' }]);
    expect(
      (await t.request({ method: 'POST', url: '/api/leagues/join', cookie: otherCookie, payload: { code } }))
        .statusCode,
    ).toBe(200);
    expect((await statistics(otherCookie)).leagues).toEqual([{ id, name: 'Cache Club' }]);
    // Renamed by its creator: the other member's list shows the new name at once.
    expect(
      (await t.request({ method: 'PATCH', url: `/api/leagues/${id}`, cookie, payload: { name: 'Renamed Club' } }))
        .statusCode,
    ).toBe(200);
    expect((await statistics(otherCookie)).leagues).toEqual([{ id, name: 'Renamed Club' }]);
    expect((await t.request({ method: 'POST', url: `/api/leagues/${id}/leave`, cookie: otherCookie })).statusCode).toBe(
      200,
    );
    expect((await statistics(otherCookie)).leagues).toEqual([]);
    expect((await statistics()).leagues).toEqual([{ id, name: 'Renamed Club' }]);
  });

  it('a match added by the admin moves the dashboard to another gameweek at once', async () => {
    // Gameweek 1 has kicked off; gameweek 2 is open, so the dashboard leads with it.
    expect((await dashboard()).gameweek).toBe(2);
    const dates = await t.request({
      method: 'PUT',
      url: `/api/admin/gameweeks/1?season=${TEST_SEASON}`,
      cookie: adminCookie,
      payload: { startDate: '2025-08-15', endDate: '2025-08-21' },
    });
    expect(dates.statusCode, dates.body).toBe(200);
    expect((await dashboard()).gameweek).toBe(2);
    // A gameweek 1 match on Thursday evening: open, and the first to close.
    const added = await t.request({
      method: 'POST',
      url: `/api/admin/fixtures?season=${TEST_SEASON}`,
      cookie: adminCookie,
      payload: { homeTeam: 'Everton FC', awayTeam: 'Brentford FC', date: '2025-08-21', time: '19:00' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().fixture.gameweek).toBe(1);
    expect((await dashboard()).gameweek).toBe(1);
  });
});

describe('results written beside the server (no event)', () => {
  it('an in-play score drops what shows it but keeps the season points; a final result drops both, not the league lists', async () => {
    const { db } = t.app.deps;
    const kept = t.app.deps.readModel;
    const probe = () => kept.get('probe:live', [tag.seasonFixtures(TEST_SEASON)], async () => ({}));
    const lists = () => kept.get('probe:lists', [tag.userLeagues('probe')], async () => ({}));
    const counts = await seasonCounts(t.app, TEST_SEASON);
    const shown = await probe();
    const leagueLists = await lists();
    expect(await seasonCounts(t.app, TEST_SEASON)).toBe(counts);
    expect(await probe()).toBe(shown);

    await buildResult(db, { fixtureId: 'c2b', homeScore: 1, awayScore: 1, final: false });
    expect(await seasonCounts(t.app, TEST_SEASON)).toBe(counts);
    const shownAfterLive = await probe();
    expect(shownAfterLive).not.toBe(shown);

    await buildResult(db, { fixtureId: 'c2b', homeScore: 2, awayScore: 1 });
    expect(await seasonCounts(t.app, TEST_SEASON)).not.toBe(counts);
    expect(await probe()).not.toBe(shownAfterLive);
    // Who is in which league does not move with results.
    expect(await lists()).toBe(leagueLists);
  });
});
