import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';

let t: TestApp;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  // Wednesday between gameweek 1 (15–18 Aug) and gameweek 2 (22–25 Aug): the current one is 2.
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const me = await buildUser(db, handle.dialect);
  const other = await buildUser(db, handle.dialect);
  cookie = await buildSessionCookie(db, handle.dialect, me.id, config.AUTH_SECRET);
  otherCookie = await buildSessionCookie(db, handle.dialect, other.id, config.AUTH_SECRET);
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

  // Gameweek 1: four finished matches predicted exact, outcome, wrong, exact.
  const gw1 = [
    {
      id: 'g1a',
      home: 'Liverpool FC',
      away: 'AFC Bournemouth',
      at: '2025-08-15T19:00:00.000Z',
      result: [4, 2],
      pick: [4, 2],
    },
    {
      id: 'g1b',
      home: 'Aston Villa FC',
      away: 'Newcastle United FC',
      at: '2025-08-16T11:30:00.000Z',
      result: [0, 0],
      pick: [1, 1],
    },
    {
      id: 'g1c',
      home: 'Brighton & Hove Albion FC',
      away: 'Fulham FC',
      at: '2025-08-16T14:00:00.000Z',
      result: [1, 1],
      pick: [2, 0],
    },
    {
      id: 'g1d',
      home: 'Sunderland AFC',
      away: 'West Ham United FC',
      at: '2025-08-16T14:00:00.000Z',
      result: [3, 0],
      pick: [3, 0],
    },
  ];
  for (const [i, f] of gw1.entries()) {
    await buildFixture(db, { id: f.id, homeTeam: f.home, awayTeam: f.away, kickoffAt: f.at, gameweek: 1 });
    await buildPrediction(db, {
      userId: me.id,
      fixtureId: f.id,
      homeScore: f.pick[0],
      awayScore: f.pick[1],
      predictedAt: `2025-08-1${i}T10:00:00.000Z`,
    });
    await buildResult(db, { fixtureId: f.id, homeScore: f.result[0], awayScore: f.result[1] });
  }
  // Gameweek 2: seven upcoming matches (out of order), one postponed, one predicted.
  const kickoffs = [
    '2025-08-24T15:30:00.000Z',
    '2025-08-22T19:00:00.000Z',
    '2025-08-23T14:00:00.000Z',
    '2025-08-23T11:30:00.000Z',
    '2025-08-25T19:00:00.000Z',
    '2025-08-23T16:30:00.000Z',
    '2025-08-24T13:00:00.000Z',
  ];
  for (const [i, at] of kickoffs.entries())
    await buildFixture(db, {
      id: `g2${i}`,
      homeTeam: 'Arsenal FC',
      awayTeam: 'Leeds United FC',
      kickoffAt: at,
      gameweek: 2,
    });
  await buildFixture(db, { id: 'g2p', kickoffAt: null, postponed: true, gameweek: 2 });
  await buildPrediction(db, {
    userId: me.id,
    fixtureId: 'g21',
    homeScore: 2,
    awayScore: 1,
    predictedAt: '2025-08-19T20:00:00.000Z',
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/dashboard', () => {
  it('shows the tiles, the current gameweek’s next 5 matches, the latest 4 predictions, badges and progress', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dashboard', cookie });
    expect(res.statusCode).toBe(200);
    const d = res.json().dashboard;
    // 5 predictions, 4 with results: 3 right of 4 = 75.0 %, points 3 + 1 + 0 + 3.
    expect(d.tiles).toEqual({ totalPredictions: 5, successRate: 75, totalPoints: 7, exactScores: 2 });
    // Gameweek 1 is played, gameweek 2 open: the dashboard leads with it, as the board opens on it.
    expect(d).toMatchObject({
      now: '2025-08-20T12:00:00.000Z',
      newcomer: false,
      gameweek: 2,
      gameweekState: 'open',
      picks: { matches: 7, predicted: 1 },
    });
    // Its open matches, soonest deadline first, each saying whether it has the player's pick (the postponed one takes none).
    expect(d.open.map((m: { fixtureId: string; predicted: boolean }) => [m.fixtureId, m.predicted])).toEqual([
      ['g21', true],
      ['g23', false],
      ['g22', false],
      ['g25', false],
      ['g26', false],
      ['g20', false],
      ['g24', false],
    ]);
    expect(d.open[0].deadline).toBe('2025-08-22T17:00:00.000Z');
    expect(d.upcoming.map((f: { id: string }) => f.id)).toEqual(['g21', 'g23', 'g22', 'g25', 'g26']);
    expect(d.upcoming.every((f: { status: string }) => f.status === 'upcoming')).toBe(true);
    // Scored picks first once results are in, each group newest first: the pending g21 waits its turn.
    expect(d.recentActivity).toEqual([
      {
        fixtureId: 'g1d',
        homeTeam: 'Sunderland AFC',
        awayTeam: 'West Ham United FC',
        homeScore: 3,
        awayScore: 0,
        predictedAt: '2025-08-13T10:00:00.000Z',
        state: 'right',
        result: { homeScore: 3, awayScore: 0 },
        points: 3,
      },
      {
        fixtureId: 'g1c',
        homeTeam: 'Brighton & Hove Albion FC',
        awayTeam: 'Fulham FC',
        homeScore: 2,
        awayScore: 0,
        predictedAt: '2025-08-12T10:00:00.000Z',
        state: 'wrong',
        result: { homeScore: 1, awayScore: 1 },
        points: 0,
      },
      {
        fixtureId: 'g1b',
        homeTeam: 'Aston Villa FC',
        awayTeam: 'Newcastle United FC',
        homeScore: 1,
        awayScore: 1,
        predictedAt: '2025-08-11T10:00:00.000Z',
        state: 'right',
        result: { homeScore: 0, awayScore: 0 },
        points: 1,
      },
      {
        fixtureId: 'g1a',
        homeTeam: 'Liverpool FC',
        awayTeam: 'AFC Bournemouth',
        homeScore: 4,
        awayScore: 2,
        predictedAt: '2025-08-10T10:00:00.000Z',
        state: 'right',
        result: { homeScore: 4, awayScore: 2 },
        points: 3,
      },
    ]);
    expect(d.achievements.map((a: { name: string; earned: boolean }) => [a.name, a.earned])).toEqual([
      ['First Prediction', true],
      ['Perfect Score', true],
      ['Hat Trick', true],
      ['High Scorer', false],
      ['Sharpshooter', false],
      ['Hot Streak', false],
      ['Veteran Predictor', false],
      ['Accuracy Expert', true],
      ['Point Master', false],
    ]);
    // Streak in kick-off order: exact, outcome, then wrong (g1c, 14:00 'g1c' < 'g1d'), exact → current 1.
    expect(d.performance).toEqual([
      { id: 'points', label: 'Points', value: 7, goal: 50 },
      { id: 'streak', label: 'Prediction Streak', value: 1, goal: 10 },
      { id: 'success', label: 'Success Rate', value: 75, goal: 100 },
    ]);
  });

  it('keeps matches in play among today’s (decision record 0108) and shows an empty player their own empty dashboard', async () => {
    t.clock.set('2025-08-23T12:00:00Z');
    const d = (await t.request({ method: 'GET', url: '/api/dashboard', cookie: otherCookie })).json().dashboard;
    expect(d.tiles).toEqual({ totalPredictions: 0, successRate: 0, totalPoints: 0, exactScores: 0 });
    expect(d.recentActivity).toEqual([]);
    // g21 has been played and waits for its result, g23 is in play: still today's matches, first by kick-off.
    expect(d.upcoming.map((f: { id: string; status: string }) => [f.id, f.status])).toEqual([
      ['g21', 'awaiting'],
      ['g23', 'live'],
      ['g22', 'upcoming'],
      ['g25', 'upcoming'],
      ['g26', 'upcoming'],
    ]);
    expect(d).toMatchObject({ gameweek: 2, picks: { matches: 7, predicted: 0 } });
    expect(d.open.map((m: { fixtureId: string }) => m.fixtureId)).toEqual(['g25', 'g26', 'g20', 'g24']);
    expect(d.achievements.every((a: { earned: boolean }) => !a.earned)).toBe(true);
    t.clock.set('2025-08-20T12:00:00Z');
  });

  it('counts a pick whose fixture the kept fixture list does not hold yet (written without an event)', async () => {
    const { db, handle, config } = t.app.deps;
    // The season's fixture list is kept from the requests above; a fixture and a pick written
    // straight to the database (a script, another process) are not in it until an event.
    await t.request({ method: 'GET', url: '/api/dashboard', cookie });
    const late = await buildUser(db, handle.dialect);
    const lateCookie = await buildSessionCookie(db, handle.dialect, late.id, config.AUTH_SECRET);
    await buildFixture(db, {
      id: 'g2late',
      homeTeam: 'Chelsea FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-25T18:00:00.000Z',
      gameweek: 2,
    });
    await buildPrediction(db, {
      userId: late.id,
      fixtureId: 'g2late',
      homeScore: 2,
      awayScore: 2,
      predictedAt: '2025-08-20T09:00:00.000Z',
    });
    const res = await t.request({ method: 'GET', url: '/api/dashboard', cookie: lateCookie });
    expect(res.statusCode).toBe(200);
    const d = res.json().dashboard;
    expect(d.tiles.totalPredictions).toBe(1);
    expect(d.newcomer).toBe(false);
    expect(d.recentActivity).toEqual([
      {
        fixtureId: 'g2late',
        homeTeam: 'Chelsea FC',
        awayTeam: 'Everton FC',
        homeScore: 2,
        awayScore: 2,
        predictedAt: '2025-08-20T09:00:00.000Z',
        state: 'pending',
        result: null,
        points: null,
      },
    ]);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
