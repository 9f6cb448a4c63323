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

beforeEach(async () => {
  t = await createTestApp({ now: BETWEEN });
  const { db } = t.app.deps;
  alice = await player('Apples');
  bob = await player('Bananas');
  const created = await t.request({
    method: 'POST',
    url: '/api/leagues',
    cookie: alice.cookie,
    payload: { name: 'Office' },
  });
  league = created.json().league.id;
  await t.request({
    method: 'POST',
    url: '/api/leagues/join',
    cookie: bob.cookie,
    payload: { code: created.json().league.code },
  });

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
