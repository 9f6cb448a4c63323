import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import {
  buildFixture,
  buildSeason,
  OTHER_SEASON,
  OTHER_SEASON_FIXTURE,
  OTHER_SEASON_POINTS,
  TEST_SEASON,
} from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { setPinnedSeason } from '../../seasons/repository.js';

/**
 * Seasons side by side. The test world has 2025/26 (the factories' season) and a
 * finished 2024/25 in which every player scored 3 points; nothing of one season shows in the
 * other, the all-seasons total adds them up, and the current season follows the rules of
 * src/game/season-phase.ts through the API.
 */
let t: TestApp;
type Player = BuiltUser & { cookie: string };
let alice: Player;
let bob: Player;
let admin: Player;
let league: string;

async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<Player> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const get = async (url: string, cookie?: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

beforeEach(async () => {
  // The office league is made in 2024/25's summer, so it has a table of both seasons (a league made
  // after a season has none of it: decision 0109); then the clock moves to August 2025.
  t = await createTestApp({ now: '2024-07-01T12:00:00Z' });
  alice = await player({ teamName: 'Apples' });
  bob = await player({ teamName: 'Bananas' });
  admin = await player({ role: 'admin', teamName: 'Admins' });
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
  t.clock.set('2025-08-20T12:00:00Z');
  // 2025/26, gameweek 1: Alice exact (3), Bob right outcome (1).
  const { db } = t.app.deps;
  await buildFixture(db, { id: 'GW1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  await buildFixture(db, {
    id: 'GW2',
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    gameweek: 2,
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
  await buildResult(db, { fixtureId: 'GW1', homeScore: 2, awayScore: 0 });
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/seasons', () => {
  test('every season, newest first, with its phase, dates and counts; the current one by the clock', async () => {
    const body = await get('/api/seasons');
    expect(body).toMatchObject({ current: TEST_SEASON, pinned: false });
    expect(body.seasons.map((s: { id: string }) => s.id)).toEqual([TEST_SEASON, OTHER_SEASON]);
    expect(body.seasons[0]).toEqual({
      id: TEST_SEASON,
      label: '2025/26',
      competition: { id: 'premier-league', name: 'Premier League', code: 'PL', timeZone: 'Europe/London' },
      phase: 'in-progress',
      startDate: null,
      endDate: null,
      nextKickoff: '2025-08-23T14:00:00.000Z',
      fixtures: 2,
      results: 1,
      current: true,
    });
    expect(body.seasons[1]).toMatchObject({
      id: OTHER_SEASON,
      label: '2024/25',
      phase: 'finished',
      fixtures: 4,
      results: 4,
      nextKickoff: null,
      current: false,
    });
  });

  test('a pinned season is current whatever the clock says, and every default read follows it', async () => {
    await setPinnedSeason(t.app.deps.db, 'premier-league', OTHER_SEASON);
    expect(await get('/api/seasons')).toMatchObject({ current: OTHER_SEASON, pinned: true });
    expect((await get('/api/fixtures')).season).toBe(OTHER_SEASON);
    expect((await get('/api/predictions/board', alice.cookie)).season).toBe(OTHER_SEASON);
    expect((await get('/api/dashboard', alice.cookie)).dashboard.season.id).toBe(OTHER_SEASON);
    // Nothing to import into a season without a built-in file.
    const imported = await t.request({
      method: 'POST',
      url: '/api/admin/fixtures/import-season',
      cookie: admin.cookie,
      payload: { offset: 0, limit: 10 },
    });
    expect(imported.statusCode).toBe(409);
    expect(imported.json().error.code).toBe('no_builtin_file');
  });

  test('by the clock: after a season’s last match, the next season becomes current even before it has fixtures', async () => {
    await buildSeason(t.app.deps.db, { id: '2026-27' });
    expect((await get('/api/seasons')).current).toBe(TEST_SEASON);
    t.clock.set('2025-08-23T16:59:59.000Z');
    expect((await get('/api/seasons')).current).toBe(TEST_SEASON);
    t.clock.set('2025-08-23T17:00:00.000Z');
    const body = await get('/api/seasons');
    expect(body.current).toBe('2026-27');
    expect(body.seasons.find((s: { id: string }) => s.id === TEST_SEASON).phase).toBe('finished');
  });
});

describe('seasons never mix', () => {
  test('league tables: the current season by default, any season by ?season=, and the all-seasons total', async () => {
    const table = async (q = '') =>
      (
        (await get(`/api/leagues/${league}/table${q}`, alice.cookie)).rows as Array<{
          displayName: string;
          points: number;
          exactScores: number;
        }>
      ).map((r) => [r.displayName, r.points, r.exactScores]);
    expect(await table()).toEqual([
      ['Apples', 3, 1],
      ['Bananas', 1, 0],
    ]);
    expect(await table(`?season=${OTHER_SEASON}`)).toEqual([
      ['Apples', 3, 1],
      ['Bananas', 3, 1],
    ]);
    expect(await table('?season=all')).toEqual([
      ['Apples', 6, 2],
      ['Bananas', 4, 1],
    ]);
    expect((await get(`/api/leagues/${league}/table?season=all`, alice.cookie)).season).toBe('all');
    expect(await table(`?season=${OTHER_SEASON}&gameweek=1`)).toEqual([
      ['Apples', 3, 1],
      ['Bananas', 3, 1],
    ]);
    expect(await table(`?season=${OTHER_SEASON}&gameweek=2`)).toEqual([
      ['Apples', 0, 0],
      ['Bananas', 0, 0],
    ]);
    const gameweekOfAll = await t.request({
      method: 'GET',
      url: `/api/leagues/${league}/table?season=all&gameweek=1`,
      cookie: alice.cookie,
    });
    expect(gameweekOfAll.statusCode).toBe(400);
    expect((await get('/api/leagues/gameweeks', alice.cookie)).gameweeks).toEqual([1]);
    expect((await get(`/api/leagues/gameweeks?season=${OTHER_SEASON}`, alice.cookie)).gameweeks).toEqual([1, 2]);
  });

  test('statistics and rank history are of one season', async () => {
    const now = (await get('/api/me/statistics', bob.cookie)).statistics;
    expect(now).toMatchObject({ season: TEST_SEASON, totalPredictions: 1, totalPoints: 1, exactScores: 0 });
    expect(now.rankHistory).toEqual([{ gameweek: 1, rank: 2, points: 1, players: 2 }]);
    const past = (await get(`/api/me/statistics?season=${OTHER_SEASON}`, bob.cookie)).statistics;
    expect(past).toMatchObject({
      season: OTHER_SEASON,
      totalPredictions: OTHER_SEASON_POINTS.predictions,
      totalPoints: OTHER_SEASON_POINTS.points,
      exactScores: OTHER_SEASON_POINTS.exact,
    });
    expect(past.rankHistory).toEqual([
      { gameweek: 1, rank: 1, points: 3, players: 3 },
      { gameweek: 2, rank: null, points: 0, players: 0 },
    ]);
  });

  test('boards, own predictions, picks, positions and fixture lists are of one season', async () => {
    const board = await get('/api/predictions/board?gameweek=1', alice.cookie);
    expect(board.matches.map((m: { fixture: { id: string } }) => m.fixture.id)).toEqual(['GW1']);
    const pastBoard = await get(`/api/predictions/board?season=${OTHER_SEASON}&gameweek=1`, alice.cookie);
    expect(pastBoard).toMatchObject({ season: OTHER_SEASON, gameweek: 1, gameweeks: [1, 2] });
    expect(
      pastBoard.matches.find((m: { fixture: { id: string } }) => m.fixture.id === OTHER_SEASON_FIXTURE),
    ).toMatchObject({ window: 'closed', prediction: { points: 3, outcome: 'exact' } });
    // A past season is read-only by the rules themselves: its deadlines have passed.
    const late = await t.request({
      method: 'PUT',
      url: `/api/predictions/${OTHER_SEASON_FIXTURE}`,
      cookie: alice.cookie,
      payload: { homeScore: 0, awayScore: 0 },
    });
    expect(late.statusCode).toBe(409);
    expect(
      (await get('/api/predictions', alice.cookie)).predictions.map((p: { fixture: { id: string } }) => p.fixture.id),
    ).toEqual(['GW1']);
    expect(
      (await get(`/api/predictions?season=${OTHER_SEASON}`, alice.cookie)).predictions.map(
        (p: { fixture: { id: string } }) => p.fixture.id,
      ),
    ).toEqual([OTHER_SEASON_FIXTURE]);
    const picks = await get(`/api/leagues/${league}/members/${bob.id}/picks`, alice.cookie);
    expect(picks).toMatchObject({ season: TEST_SEASON, gameweek: 1, gameweeks: [1] });
    expect(picks.picks.map((p: { fixtureId: string }) => p.fixtureId)).toEqual(['GW1']);
    const pastPicks = await get(`/api/leagues/${league}/members/${bob.id}/picks?season=${OTHER_SEASON}`, alice.cookie);
    expect(pastPicks).toMatchObject({ season: OTHER_SEASON, gameweek: 2, gameweeks: [1, 2] });
    const positions = async (q = '') =>
      (await get(`/api/leagues/positions${q}`, bob.cookie)).positions.map((p: { position: number; points: number }) => [
        p.position,
        p.points,
      ]);
    expect(await positions()).toEqual([[2, 1]]);
    expect(await positions(`?season=${OTHER_SEASON}`)).toEqual([[1, 3]]);
    expect((await get('/api/fixtures')).fixtures.map((f: { id: string }) => f.id)).toEqual(['GW1', 'GW2']);
    expect((await get(`/api/fixtures?season=${OTHER_SEASON}&gameweek=2`)).fixtures).toHaveLength(2);
    const dashboard = (await get('/api/dashboard', alice.cookie)).dashboard;
    expect(dashboard.tiles).toMatchObject({ totalPredictions: 1, totalPoints: 3, exactScores: 1 });
    expect(dashboard.recentActivity.map((a: { fixtureId: string }) => a.fixtureId)).toEqual(['GW1']);
  });

  test('a fixture list, gameweeks and clubs of a season; clubs of every season', async () => {
    expect((await get(`/api/gameweeks?season=${OTHER_SEASON}`)).withFixtures).toEqual([1, 2]);
    const clubs = (await get(`/api/clubs?season=${OTHER_SEASON}`)).clubs as Array<{ name: string }>;
    expect(clubs.map((c) => c.name)).toEqual(['Arsenal FC', 'Chelsea FC', 'Everton FC', 'Liverpool FC']);
    const current = await get('/api/clubs');
    expect(current.season).toBe(TEST_SEASON);
    expect(current.clubs).toHaveLength(20);
    expect(current.clubs.find((c: { name: string }) => c.name === 'Manchester City FC')).toEqual({
      id: 'manchester-city',
      name: 'Manchester City FC',
      shortName: 'Man City',
      code: 'MCI',
      primaryColour: '#6CABDD',
      secondaryColour: '#1C2C5B',
      pattern: 'plain',
    });
  });
});

describe('?season= names a season that does not exist', () => {
  test.each([
    '/api/fixtures?season=1999-00',
    '/api/gameweeks?season=1999-00',
    '/api/clubs?season=1999-00',
    '/api/predictions/board?season=1999-00',
    '/api/predictions?season=1999-00',
    '/api/me/statistics?season=1999-00',
    '/api/leagues/gameweeks?season=1999-00',
    '/api/leagues/positions?season=1999-00',
    '/api/admin/gameweeks?season=1999-00',
    '/api/admin/overview?season=1999-00',
    `/api/leagues/LEAGUE/table?season=1999-00`,
    `/api/leagues/LEAGUE/members/BOB/picks?season=1999-00`,
  ])('%s is a 404 "Season not found."', async (url) => {
    const res = await t.request({
      method: 'GET',
      url: url.replace('LEAGUE', league).replace('BOB', bob.id),
      cookie: admin.cookie,
    });
    if (url.includes('/leagues/LEAGUE')) {
      // Only members may read a league's table and picks: ask as one.
      const asMember = await t.request({
        method: 'GET',
        url: url.replace('LEAGUE', league).replace('BOB', bob.id),
        cookie: alice.cookie,
      });
      expect(asMember.statusCode).toBe(404);
      expect(asMember.json().error).toEqual({ code: 'not_found', message: 'Season not found.' });
      return;
    }
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'not_found', message: 'Season not found.' });
  });

  test('an over-long season id is refused as bad input, and a hostile one is just not found', async () => {
    expect((await t.request({ method: 'GET', url: `/api/fixtures?season=${'x'.repeat(65)}` })).statusCode).toBe(400);
    const hostile = await t.request({
      method: 'GET',
      url: `/api/fixtures?season=${encodeURIComponent("2025-26' OR '1'='1")}`,
    });
    expect(hostile.statusCode).toBe(404);
  });
});

describe('awaiting result', () => {
  test('live for 2 h 15 min after kick-off, then awaiting its result: off the Live Matches screen and the live table, predictions still closed', async () => {
    t.clock.set('2025-08-23T16:14:00Z');
    expect((await get('/api/fixtures/GW2')).fixture.status).toBe('live');
    expect(
      (await get('/api/matches', alice.cookie)).matches.map((m: { fixture: { id: string } }) => m.fixture.id),
    ).toEqual(['GW2']);
    expect((await get(`/api/leagues/${league}/live-table`, alice.cookie)).liveMatches).toBe(1);
    t.clock.set('2025-08-23T16:15:00Z');
    expect((await get('/api/fixtures/GW2')).fixture.status).toBe('awaiting');
    expect((await get(`/api/leagues/${league}/live-table`, alice.cookie)).liveMatches).toBe(0);
    t.clock.set('2025-08-24T09:00:00Z');
    expect((await get('/api/matches', alice.cookie)).matches).toEqual([]);
    expect((await get('/api/predictions/board?gameweek=2', alice.cookie)).matches[0]).toMatchObject({
      window: 'closed',
      fixture: { status: 'awaiting' },
    });
    // The admin can still give it an in-play score or its final result.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/live-scores/GW2',
          cookie: admin.cookie,
          payload: { homeScore: 1, awayScore: 1 },
        })
      ).json().fixture.status,
    ).toBe('awaiting');
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/results/GW2',
          cookie: admin.cookie,
          payload: { homeScore: 1, awayScore: 1 },
        })
      ).json().fixture.status,
    ).toBe('finished');
  });
});

describe('admin writes check the season', () => {
  test('a fixture’s clubs must be clubs of its season; the form lists those clubs', async () => {
    const add = await t.request({
      method: 'POST',
      url: '/api/admin/fixtures',
      cookie: admin.cookie,
      payload: { homeTeam: 'Coventry City FC', awayTeam: 'Arsenal FC', date: '2025-09-30', time: '15:00' },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().error).toMatchObject({
      code: 'unknown_club',
      message: '"Coventry City FC" is not a club of the 2025/26 season.',
      details: { field: 'homeTeam' },
    });
    const edit = await t.request({
      method: 'PUT',
      url: '/api/admin/fixtures/GW2',
      cookie: admin.cookie,
      payload: { homeTeam: 'Liverpool FC', awayTeam: '<script>x</script>', date: '2025-09-30', time: '15:00' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.code).toBe('unknown_club');
    const file = JSON.stringify({
      name: 'Other',
      matches: [
        { round: 'Matchday 1', date: '2025-09-20', time: '15:00', team1: 'Hull City AFC', team2: 'Ipswich Town FC' },
      ],
    });
    const imported = await t.request({
      method: 'POST',
      url: '/api/admin/fixtures/import-file',
      cookie: admin.cookie,
      payload: { fileName: 'x.json', content: file },
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().error.message).toBe(
      'These are not clubs of the 2025/26 season: "Hull City AFC", "Ipswich Town FC".',
    );
    expect(
      (await get('/api/fixtures')).fixtures.map((f: { id: string; awayTeam: string }) => [f.id, f.awayTeam]),
    ).toEqual([
      ['GW1', 'Chelsea FC'],
      ['GW2', 'Everton FC'],
    ]);
  });

  test('a gameweek the season does not have is refused, with the season’s rounds', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/gameweeks/39`,
      cookie: admin.cookie,
      payload: { startDate: '2026-06-01', endDate: '2026-06-02' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('2025/26 has no Gameweek 39 (its gameweeks are 1 to 38).');
    const past = await t.request({
      method: 'DELETE',
      url: `/api/admin/fixtures?season=${OTHER_SEASON}&gameweek=3`,
      cookie: admin.cookie,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('2024/25 has no Gameweek 3 (its gameweeks are 1 to 2).');
  });

  test('live events name the season whose data changed', async () => {
    const events: LiveEvent[] = [];
    t.app.deps.bus.subscribe((e) => events.push(e));
    t.clock.set('2025-08-23T18:00:00Z');
    await t.request({
      method: 'PUT',
      url: '/api/admin/results/GW2',
      cookie: admin.cookie,
      payload: { homeScore: 0, awayScore: 0 },
    });
    await t.request({
      method: 'PUT',
      url: `/api/admin/gameweeks/1?season=${OTHER_SEASON}`,
      cookie: admin.cookie,
      payload: { startDate: '2024-08-16', endDate: '2024-08-19' },
    });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { type: 'results.changed', seasonId: TEST_SEASON, gameweeks: [2] },
      { type: 'gameweeks.changed', seasonId: OTHER_SEASON },
    ]);
  });
});
