import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../test/factories.js';
import { buildFixture, buildSeason, TEST_SEASON } from '../test/factories-season.js';
import { buildPrediction, buildResult } from '../test/factories-game.js';
import { refreshSeasonDates } from './repository.js';

/**
 * Which season each read answers when no `?season=` is given (decision record 0043). The world:
 * 2024/25 (the test world's other season), 2025/26 (gameweek 1 in August 2025, its last match
 * on Sunday 24 May 2026, both played and scored) and 2026/27 (its first match on Friday 21
 * August 2026). On 30 May 2026 the board offers 2026/27; tables, the leaderboard, statistics
 * and summaries lead with 2025/26's final standings until 2026/27 kicks off.
 */
const NEXT = '2026-27';
const BETWEEN = '2026-05-30T12:00:00.000Z';
const FIRST_KICKOFF = '2026-08-21T19:00:00.000Z';
const PRESEASON = '2025-08-01T12:00:00.000Z';

let t: TestApp;
type Player = BuiltUser & { cookie: string };
let alice: Player;
let bob: Player;
let league: string;

async function player(teamName: string): Promise<Player> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, { teamName });
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const get = async (url: string, cookie?: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** A league Alice makes now (the test clock's time), with `joiners` in it. */
async function makeLeague(name: string, ...joiners: Player[]): Promise<string> {
  const created = await t.request({ method: 'POST', url: '/api/leagues', cookie: alice.cookie, payload: { name } });
  expect(created.statusCode, created.body).toBe(201);
  for (const p of joiners)
    await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      cookie: p.cookie,
      payload: { code: created.json().league.code },
    });
  return created.json().league.id;
}

beforeEach(async () => {
  // The office league is made before 2025/26 kicks off, so it has that season's table (a league
  // made after a season has none: decision 0109); then the clock moves to between seasons.
  t = await createTestApp({ now: PRESEASON });
  const { db } = t.app.deps;
  alice = await player('Apples');
  bob = await player('Bananas');
  league = await makeLeague('Office', bob);
  t.clock.set(BETWEEN);

  // 2025/26: gameweek 1 (Alice exact: 3, Bob right result: 1) and the last day, gameweek 38 (Bob exact: 3).
  await buildFixture(db, { id: 'GW1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  await buildFixture(db, {
    id: 'GW38',
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
    kickoffAt: '2026-05-24T15:00:00.000Z',
    gameweek: 38,
  });
  await buildPrediction(db, {
    userId: alice.id,
    fixtureId: 'GW1',
    homeScore: 2,
    awayScore: 0,
    predictedAt: '2025-08-10T10:00:00.000Z',
  });
  await buildPrediction(db, {
    userId: bob.id,
    fixtureId: 'GW1',
    homeScore: 1,
    awayScore: 0,
    predictedAt: '2025-08-10T10:00:00.000Z',
  });
  await buildPrediction(db, {
    userId: bob.id,
    fixtureId: 'GW38',
    homeScore: 1,
    awayScore: 1,
    predictedAt: '2026-05-20T10:00:00.000Z',
  });
  await buildResult(db, { fixtureId: 'GW1', homeScore: 2, awayScore: 0 });
  await buildResult(db, { fixtureId: 'GW38', homeScore: 1, awayScore: 1 });
  // 2026/27: its first match, already open for predictions; Alice has predicted it.
  await buildSeason(db, { id: NEXT });
  await buildFixture(db, { id: 'NEXT1', seasonId: NEXT, kickoffAt: FIRST_KICKOFF, gameweek: 1 });
  await buildPrediction(db, {
    userId: alice.id,
    fixtureId: 'NEXT1',
    homeScore: 3,
    awayScore: 0,
    predictedAt: '2026-05-29T10:00:00.000Z',
  });
  for (const s of [TEST_SEASON, NEXT]) await refreshSeasonDates(db, s, BETWEEN);
});
afterEach(async () => {
  await t.close();
});

/** The season each read answers without ?season=, for Alice. */
async function defaults() {
  const c = alice.cookie;
  return {
    seasons: (await get('/api/seasons')).current,
    fixtures: (await get('/api/fixtures')).season,
    gameweeks: (await get('/api/gameweeks')).season,
    board: (await get('/api/predictions/board', c)).season,
    dashboard: (await get('/api/dashboard', c)).dashboard.season.id,
    matches: (await get('/api/matches', c)).season,
    leagueTable: (await get(`/api/leagues/${league}/table`, c)).season,
    leagueGameweeks: (await get('/api/leagues/gameweeks', c)).season,
    positions: (await get('/api/leagues/positions', c)).season,
    picks: (await get(`/api/leagues/${league}/members/${bob.id}/picks`, c)).season,
    leaderboard: (await get('/api/leaderboard', c)).season,
    statistics: (await get('/api/me/statistics', c)).statistics.season,
    latestSummary: (await get('/api/me/gameweeks/latest', c)).season,
  };
}

const board = { seasons: NEXT, fixtures: NEXT, gameweeks: NEXT, board: NEXT, dashboard: NEXT, matches: NEXT };

describe('between seasons (30 May 2026)', () => {
  test('the board, the dashboard and match day offer 2026/27; tables, the leaderboard, statistics and summaries lead with 2025/26', async () => {
    expect(await defaults()).toEqual({
      ...board,
      leagueTable: TEST_SEASON,
      leagueGameweeks: TEST_SEASON,
      positions: TEST_SEASON,
      picks: TEST_SEASON,
      leaderboard: TEST_SEASON,
      statistics: TEST_SEASON,
      latestSummary: TEST_SEASON,
    });
  });

  test('what they lead with is 2025/26’s final standings: the table, the leaderboard, the last gameweek’s summary', async () => {
    const c = alice.cookie;
    const table = await get(`/api/leagues/${league}/table`, c);
    expect(table.rows.map((r: { displayName: string; points: number }) => [r.displayName, r.points])).toEqual([
      ['Bananas', 4],
      ['Apples', 3],
    ]);
    const leaderboard = await get('/api/leaderboard', c);
    expect(leaderboard.rows.map((r: { displayName: string; points: number }) => [r.displayName, r.points])).toEqual([
      ['Bananas', 4],
      ['Apples', 3],
    ]);
    expect((await get('/api/me/gameweeks/latest', c)).gameweek).toBe(38);
    const summary = await get('/api/me/gameweeks/38/summary', bob.cookie);
    expect(summary).toMatchObject({ season: TEST_SEASON, gameweek: 38, totals: { points: 3, exact: 1 } });
    expect((await get('/api/me/statistics', c)).statistics.totalPoints).toBe(3);
    // The board meanwhile offers 2026/27's first match, open for predictions.
    const open = await get('/api/predictions/board', c);
    expect(open.matches.map((m: { fixture: { id: string } }) => m.fixture.id)).toEqual(['NEXT1']);
  });

  test('?season= still names any season on every read', async () => {
    const c = alice.cookie;
    expect((await get(`/api/leagues/${league}/table?season=${NEXT}`, c)).season).toBe(NEXT);
    expect((await get(`/api/leaderboard?season=${NEXT}`, c)).season).toBe(NEXT);
    expect((await get(`/api/me/statistics?season=${NEXT}`, c)).statistics.season).toBe(NEXT);
    expect((await get(`/api/predictions/board?season=${TEST_SEASON}`, c)).season).toBe(TEST_SEASON);
    expect((await get(`/api/leagues/${league}/table?season=all`, c)).season).toBe('all');
    const unknown = await t.request({ method: 'GET', url: '/api/leaderboard?season=1999-00', cookie: c });
    expect(unknown.statusCode).toBe(404);
  });

  test('from 2026/27’s first kick-off every read leads with it, a table kept in memory included', async () => {
    const c = alice.cookie;
    // Twice, so the second answer comes from the table kept in memory.
    for (let i = 0; i < 2; i++) expect((await get(`/api/leagues/${league}/table`, c)).season).toBe(TEST_SEASON);
    t.clock.set('2026-08-21T18:59:59.999Z');
    expect((await get(`/api/leagues/${league}/table`, c)).season).toBe(TEST_SEASON);
    t.clock.set(FIRST_KICKOFF);
    const all = Object.values(await defaults());
    expect(new Set(all)).toEqual(new Set([NEXT]));
  });
});

describe('in season', () => {
  test('every read leads with the season being played (2025/26 on 28 November 2025)', async () => {
    t.clock.set('2025-11-28T17:10:00.000Z');
    expect(new Set(Object.values(await defaults()))).toEqual(new Set([TEST_SEASON]));
  });

  test('after the last known season, with nothing scheduled next: its final standings everywhere', async () => {
    t.clock.set('2027-06-15T12:00:00.000Z');
    expect(new Set(Object.values(await defaults()))).toEqual(new Set([NEXT]));
  });
});

describe('a league made after a season has no table of it (decision 0109)', () => {
  const NOT_IN_2025_26 = 'This league did not exist in 2025/26: its first season is 2026/27.';

  test('made between seasons: its table, picks and positions lead with 2026/27, the season it plays in', async () => {
    const c = alice.cookie;
    const fresh = await makeLeague('New friends', bob);
    expect((await get(`/api/leagues/${fresh}/table`, c)).season).toBe(NEXT);
    expect((await get(`/api/leagues/${fresh}/members/${bob.id}/picks`, c)).season).toBe(NEXT);
    // The old league still leads with 2025/26's final standings.
    expect((await get(`/api/leagues/${league}/table`, c)).season).toBe(TEST_SEASON);
    // 2025/26's positions (the dashboard between seasons) list only the league that played it.
    const positions = await get('/api/leagues/positions', c);
    expect(positions.season).toBe(TEST_SEASON);
    expect(positions.positions.map((p: { leagueId: string }) => p.leagueId)).toEqual([league]);
    // The last gameweek's summary ranks Alice only in the league that existed then.
    const summary = await get('/api/me/gameweeks/38/summary', c);
    expect(summary.leagues.map((r: { leagueId: string }) => r.leagueId)).toEqual([league]);
  });

  test('made in November 2026: 2025/26’s table is a 404 saying so, 2026/27’s is there, nobody is first of 2025/26', async () => {
    // 2026/27 goes on to May 2027 (the world has only its first match so far).
    const { db } = t.app.deps;
    await buildFixture(db, {
      id: 'NEXT38',
      seasonId: NEXT,
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2027-05-23T15:00:00.000Z',
      gameweek: 38,
    });
    await refreshSeasonDates(db, NEXT, BETWEEN);
    t.app.deps.seasons.clear();
    t.clock.set('2026-11-03T10:00:00.000Z');
    const c = alice.cookie;
    const fresh = await makeLeague('November', bob);
    for (const url of [
      `/api/leagues/${fresh}/table?season=${TEST_SEASON}`,
      `/api/leagues/${fresh}/table?season=${TEST_SEASON}&gameweek=1`,
      `/api/leagues/${fresh}/members/${bob.id}/picks?season=${TEST_SEASON}`,
    ]) {
      const res = await t.request({ method: 'GET', url, cookie: c });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe(NOT_IN_2025_26);
    }
    const table = await get(`/api/leagues/${fresh}/table?season=${NEXT}`, c);
    expect(table.season).toBe(NEXT);
    expect(table.rows).toHaveLength(2);
    expect((await get(`/api/leagues/${fresh}/table`, c)).season).toBe(NEXT);
    expect((await get(`/api/leagues/${fresh}/table?season=all`, c)).season).toBe('all');
    const positions = await get(`/api/leagues/positions?season=${TEST_SEASON}`, c);
    expect(positions.positions.map((p: { leagueId: string }) => p.leagueId)).toEqual([league]);
    // No trophy of 2025/26 from the new league.
    const trophies = (await get('/api/me/trophies', bob.cookie)).trophies as Array<{ leagueId: string }>;
    expect(trophies.filter((x) => x.leagueId === fresh)).toEqual([]);
  });

  test('someone else is refused as before, without learning when the league was made', async () => {
    t.clock.set('2026-11-03T10:00:00.000Z');
    const fresh = await makeLeague('Private');
    const res = await t.request({
      method: 'GET',
      url: `/api/leagues/${fresh}/table?season=${TEST_SEASON}`,
      cookie: bob.cookie,
    });
    expect(res.statusCode).toBe(403);
  });
});
