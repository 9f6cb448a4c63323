import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { buildLeague } from '../../test/factories-league.js';
import type { LiveEvent } from '../../realtime/bus.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const KICKOFF = '2025-08-16T14:00:00.000Z';

let t: TestApp;
let admin: BuiltUser;
let player: BuiltUser;
let adminCookie: string;
let playerCookie: string;
let fixtureId: string;
let events: LiveEvent[];

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-16T13:00:00.000Z' });
  const { db, handle } = t.app.deps;
  admin = await buildUser(db, handle.dialect, { role: 'admin' });
  player = await buildUser(db, handle.dialect, { teamName: 'Gooners' });
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, SECRET);
  playerCookie = await buildSessionCookie(db, handle.dialect, player.id, SECRET);
  fixtureId = (await buildFixture(db, { kickoffAt: KICKOFF, homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC' })).id;
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await t.close();
});

/** This season's results (the test world's other season has its own). */
const seasonResults = () =>
  t.app.deps.db
    .selectFrom('results')
    .innerJoin('fixtures', 'fixtures.id', 'results.fixtureId')
    .selectAll('results')
    .where('fixtures.seasonId', '=', TEST_SEASON)
    .execute();
const putLive = (body: unknown, cookie = adminCookie, id = fixtureId) =>
  t.request({ method: 'PUT', url: `/api/admin/live-scores/${id}`, cookie, payload: body as object });

describe('PUT /api/admin/live-scores/:fixtureId', () => {
  test('only an admin may enter an in-play score', async () => {
    t.clock.set('2025-08-16T14:30:00.000Z');
    expect((await putLive({ homeScore: 1, awayScore: 0 }, '')).statusCode).toBe(401);
    expect((await putLive({ homeScore: 1, awayScore: 0 }, playerCookie)).statusCode).toBe(403);
    expect(await seasonResults()).toEqual([]);
  });

  test('is refused before kick-off, with a clear message, and stores nothing', async () => {
    t.clock.set('2025-08-16T13:59:59.000Z');
    const res = await putLive({ homeScore: 1, awayScore: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'not_live',
      message: "This match hasn't kicked off yet. You can enter an in-play score once it is live.",
    });
    expect(await seasonResults()).toEqual([]);
  });

  test('while live, stores a provisional score that is never scored, and publishes the live keys after saving', async () => {
    await buildPrediction(t.app.deps.db, { userId: player.id, fixtureId, homeScore: 1, awayScore: 0 });
    t.clock.set('2025-08-16T14:00:00.000Z');
    const res = await putLive({ homeScore: 1, awayScore: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().fixture).toMatchObject({
      id: fixtureId,
      status: 'live',
      result: { homeScore: 1, awayScore: 0, final: false },
    });
    const update = await putLive({ homeScore: 2, awayScore: 2 });
    expect(update.json().fixture.result).toEqual({ homeScore: 2, awayScore: 2, final: false });

    const row = await t.app.deps.db
      .selectFrom('results')
      .selectAll()
      .where('fixtureId', '=', fixtureId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ homeScore: 2, awayScore: 2, final: 0 });
    const pred = await t.app.deps.db
      .selectFrom('predictions')
      .selectAll()
      .where('fixtureId', '=', fixtureId)
      .executeTakeFirstOrThrow();
    expect(pred.points).toBeNull();
    expect(pred.outcome).toBeNull();
    // On PostgreSQL events travel through LISTEN/NOTIFY, so they arrive a moment after the response.
    await expect.poll(() => events.filter((e) => e.type === 'live-score.changed').length, { timeout: 5000 }).toBe(2);
    expect(events.find((e) => e.type === 'live-score.changed')).toEqual({
      type: 'live-score.changed',
      seasonId: TEST_SEASON,
    });
  });

  test('is refused once the final result is saved, leaving the final result alone', async () => {
    t.clock.set('2025-08-16T16:00:00.000Z');
    await buildResult(t.app.deps.db, { fixtureId, homeScore: 3, awayScore: 1 });
    const res = await putLive({ homeScore: 0, awayScore: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('finished');
    const row = await t.app.deps.db
      .selectFrom('results')
      .selectAll()
      .where('fixtureId', '=', fixtureId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ homeScore: 3, awayScore: 1, final: 1 });
  });

  test('is refused for a postponed match, an unknown match and bad scores', async () => {
    t.clock.set('2025-08-16T15:00:00.000Z');
    const postponed = await buildFixture(t.app.deps.db, {
      kickoffAt: KICKOFF,
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
      postponed: true,
    });
    expect((await putLive({ homeScore: 1, awayScore: 0 }, adminCookie, postponed.id)).json().error.code).toBe(
      'postponed',
    );
    expect((await putLive({ homeScore: 1, awayScore: 0 }, adminCookie, 'nope')).statusCode).toBe(404);
    for (const bad of [
      { homeScore: -1, awayScore: 0 },
      { homeScore: 1.5, awayScore: 0 },
      { homeScore: 100, awayScore: 0 },
      { homeScore: 1 },
    ]) {
      expect((await putLive(bad)).statusCode).toBe(400);
    }
    expect(await seasonResults()).toEqual([]);
  });
});

describe('GET /api/matches', () => {
  test("lists today's matches in the viewer's zone and every live one, in kick-off order, with provisional points", async () => {
    const { db } = t.app.deps;
    // Kicked off yesterday, still without a final result: awaiting it, neither live nor listed.
    const older = await buildFixture(db, {
      kickoffAt: '2025-08-15T19:00:00.000Z',
      homeTeam: 'Liverpool FC',
      awayTeam: 'AFC Bournemouth',
    });
    // Kicked off before midnight London time, in play across it: live, so listed.
    const lateKickoff = await buildFixture(db, {
      kickoffAt: '2025-08-15T22:45:00.000Z',
      homeTeam: 'Sunderland AFC',
      awayTeam: 'Burnley FC',
    });
    // Later today (London), upcoming.
    const later = await buildFixture(db, {
      kickoffAt: '2025-08-16T16:30:00.000Z',
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    });
    // Earlier today, finished.
    const done = await buildFixture(db, {
      kickoffAt: '2025-08-16T11:30:00.000Z',
      homeTeam: 'Aston Villa FC',
      awayTeam: 'Newcastle United FC',
    });
    // Tomorrow: not listed.
    await buildFixture(db, { kickoffAt: '2025-08-17T13:00:00.000Z', homeTeam: 'Brentford FC', awayTeam: 'Burnley FC' });
    await buildPrediction(db, { userId: player.id, fixtureId, homeScore: 2, awayScore: 1 });
    await buildPrediction(db, { userId: player.id, fixtureId: done.id, homeScore: 0, awayScore: 0 });
    await buildResult(db, { fixtureId: done.id, homeScore: 0, awayScore: 0 });

    t.clock.set('2025-08-15T23:30:00.000Z');
    const atMidnight = (
      await t.request({ method: 'GET', url: '/api/matches?tz=Europe/London', cookie: playerCookie })
    ).json();
    expect(atMidnight.today).toBe('2025-08-16');
    expect(
      atMidnight.matches.map((m: { fixture: { id: string; status: string } }) => [m.fixture.id, m.fixture.status]),
    ).toEqual([
      [lateKickoff.id, 'live'],
      [done.id, 'finished'],
      [fixtureId, 'upcoming'],
      [later.id, 'upcoming'],
    ]);

    t.clock.set('2025-08-16T14:20:00.000Z');
    expect((await putLive({ homeScore: 1, awayScore: 0 })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/fixtures/${older.id}` })).json().fixture.status).toBe(
      'awaiting',
    );

    const res = await t.request({ method: 'GET', url: '/api/matches?tz=Europe/London', cookie: playerCookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe('2025-08-16');
    expect(body.season).toBe(TEST_SEASON);
    expect(body.matches.map((m: { fixture: { id: string } }) => m.fixture.id)).toEqual([done.id, fixtureId, later.id]);
    const [m1, m2, m3] = body.matches;
    expect(m1).toMatchObject({
      fixture: { status: 'finished', result: { homeScore: 0, awayScore: 0, final: true } },
      points: { points: 3, outcome: 'exact', provisional: false },
    });
    expect(m2).toMatchObject({
      fixture: { status: 'live', result: { homeScore: 1, awayScore: 0, final: false } },
      prediction: { homeScore: 2, awayScore: 1 },
      points: { points: 1, outcome: 'outcome', provisional: true },
    });
    expect(m3).toMatchObject({ fixture: { status: 'upcoming', result: null }, prediction: null, points: null });

    // The in-play score changes: the provisional points follow.
    await putLive({ homeScore: 2, awayScore: 1 });
    const again = (await t.request({ method: 'GET', url: '/api/matches', cookie: playerCookie })).json();
    expect(again.matches.find((m: { fixture: { id: string } }) => m.fixture.id === fixtureId).points).toEqual({
      points: 3,
      outcome: 'exact',
      provisional: true,
    });
  });

  test("'today' follows the viewer's time zone", async () => {
    const { db } = t.app.deps;
    // 23:30 UTC on the 16th is the 17th in Tokyo.
    const lateNight = await buildFixture(db, {
      kickoffAt: '2025-08-16T23:30:00.000Z',
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    });
    t.clock.set('2025-08-16T22:00:00.000Z');
    await buildResult(db, { fixtureId, homeScore: 1, awayScore: 1 });
    const london = (
      await t.request({ method: 'GET', url: '/api/matches?tz=Europe/London', cookie: playerCookie })
    ).json();
    expect(london.matches.map((m: { fixture: { id: string } }) => m.fixture.id)).toEqual([fixtureId]);
    const tokyo = (
      await t.request({
        method: 'GET',
        url: `/api/matches?tz=${encodeURIComponent('Asia/Tokyo')}`,
        cookie: playerCookie,
      })
    ).json();
    expect(tokyo.today).toBe('2025-08-17');
    expect(tokyo.matches.map((m: { fixture: { id: string } }) => m.fixture.id)).toEqual([lateNight.id]);
  });

  test('nothing on: empty list with the next match day; needs a session and a real zone', async () => {
    const { db } = t.app.deps;
    await buildResult(db, { fixtureId, homeScore: 1, awayScore: 1 });
    await buildFixture(db, { kickoffAt: '2025-08-22T19:00:00.000Z', homeTeam: 'Everton FC', awayTeam: 'Fulham FC' });
    t.clock.set('2025-08-18T10:00:00.000Z');
    const res = (await t.request({ method: 'GET', url: '/api/matches', cookie: playerCookie })).json();
    expect(res.matches).toEqual([]);
    expect(res.nextMatchDay).toBe('2025-08-22');
    expect((await t.request({ method: 'GET', url: '/api/matches' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/matches?tz=Mars/Olympus', cookie: playerCookie })).statusCode,
    ).toBe(400);
  });

  test("says whether a match still takes a prediction, by the server's clock: open until 2 hours before kick-off", async () => {
    const open = async () =>
      (
        (await t.request({ method: 'GET', url: '/api/matches', cookie: playerCookie })).json() as {
          matches: Array<{ fixture: { id: string }; predictionOpen: boolean }>;
        }
      ).matches.find((m) => m.fixture.id === fixtureId)?.predictionOpen;
    t.clock.set('2025-08-16T11:59:59.000Z');
    expect(await open()).toBe(true);
    t.clock.set('2025-08-16T12:00:00.000Z');
    expect(await open()).toBe(false);
    t.clock.set('2025-08-16T14:30:00.000Z');
    expect(await open()).toBe(false);
  });
});

describe('GET /api/leagues/:id/live-table', () => {
  test('adds the provisional points of matches in play to the stored totals, for members only', async () => {
    const { db, handle } = t.app.deps;
    const rival = await buildUser(db, handle.dialect, { teamName: 'Blues' });
    const outsider = await buildUser(db, handle.dialect);
    const outsiderCookie = await buildSessionCookie(db, handle.dialect, outsider.id, SECRET);
    await buildLeague(db, {
      id: 'lg1',
      name: 'Office',
      code: 'ABCDEFGH',
      creatorId: player.id,
      members: [player.id, rival.id],
    });

    // A finished match earlier: rival 3 points, player 0.
    const earlier = await buildFixture(db, {
      kickoffAt: '2025-08-15T19:00:00.000Z',
      homeTeam: 'Liverpool FC',
      awayTeam: 'AFC Bournemouth',
    });
    await buildPrediction(db, { userId: rival.id, fixtureId: earlier.id, homeScore: 4, awayScore: 2 });
    await buildPrediction(db, { userId: player.id, fixtureId: earlier.id, homeScore: 0, awayScore: 1 });
    await buildResult(db, { fixtureId: earlier.id, homeScore: 4, awayScore: 2 });
    // The live match: player predicted 2-0, rival 0-1.
    await buildPrediction(db, { userId: player.id, fixtureId, homeScore: 2, awayScore: 0 });
    await buildPrediction(db, { userId: rival.id, fixtureId, homeScore: 0, awayScore: 1 });

    t.clock.set('2025-08-16T15:00:00.000Z');
    const table = async () =>
      (await t.request({ method: 'GET', url: '/api/leagues/lg1/live-table', cookie: playerCookie })).json();
    let body = await table();
    expect(body.liveMatches).toBe(1);
    expect(body.rows.map((r: { name: string; points: number }) => [r.name, r.points])).toEqual([
      ['Blues', 3],
      ['Gooners', 0],
    ]);

    await putLive({ homeScore: 2, awayScore: 0 });
    body = await table();
    expect(body.rows).toEqual(
      [
        {
          rank: 1,
          userId: player.id,
          name: 'Gooners',
          isCreator: true,
          storedPoints: 0,
          provisionalPoints: 3,
          points: 3,
        },
        {
          rank: 1,
          userId: rival.id,
          name: 'Blues',
          isCreator: false,
          storedPoints: 3,
          provisionalPoints: 0,
          points: 3,
        },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );

    await putLive({ homeScore: 0, awayScore: 2 });
    body = await table();
    expect(body.rows.map((r: { name: string; points: number; rank: number }) => [r.rank, r.name, r.points])).toEqual([
      [1, 'Blues', 4],
      [2, 'Gooners', 0],
    ]);

    expect(
      (await t.request({ method: 'GET', url: '/api/leagues/lg1/live-table', cookie: outsiderCookie })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/leagues/lg1/live-table' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/leagues/nope/live-table', cookie: playerCookie })).statusCode,
    ).toBe(404);
  });

  test("answers a page of the table with the viewer's own row, the stored totals as the table has them", async () => {
    const { db, handle } = t.app.deps;
    // Five rivals, each ahead of the player by a finished match's exact score.
    const earlier = await buildFixture(db, {
      kickoffAt: '2025-08-15T19:00:00.000Z',
      homeTeam: 'Liverpool FC',
      awayTeam: 'AFC Bournemouth',
    });
    const members = [player];
    for (let i = 0; i < 5; i++) {
      const rival = await buildUser(db, handle.dialect, { teamName: `Rival ${i}` });
      members.push(rival);
      await buildPrediction(db, { userId: rival.id, fixtureId: earlier.id, homeScore: 4, awayScore: 2 });
    }
    await buildLeague(db, {
      id: 'lg2',
      name: 'Big office',
      code: 'BCDEFGHJ',
      creatorId: player.id,
      members: members.map((u) => u.id),
    });
    await buildResult(db, { fixtureId: earlier.id, homeScore: 4, awayScore: 2 });
    // The live match: only the player's pick is right so far.
    await buildPrediction(db, { userId: player.id, fixtureId, homeScore: 1, awayScore: 0 });
    t.clock.set('2025-08-16T15:00:00.000Z');
    const get = (qs: string) =>
      t.request({ method: 'GET', url: `/api/leagues/lg2/live-table${qs}`, cookie: playerCookie });

    // Kicked off, no in-play score yet: the live table is the stored table, page for page.
    const live = (await get('?page=1&pageSize=2')).json();
    const stored = (
      await t.request({
        method: 'GET',
        url: `/api/leagues/lg2/table?season=${TEST_SEASON}&page=1&pageSize=2`,
        cookie: playerCookie,
      })
    ).json();
    // One match in play, without a score yet: it adds nothing, and the table says so.
    expect(live).toMatchObject({ page: 1, pageSize: 2, total: 6, liveMatches: 1, scoredMatches: 0 });
    expect(live.seasonComplete).toBe(false);
    expect(live.rows.map((r: { userId: string; points: number }) => [r.userId, r.points])).toEqual(
      stored.rows.map((r: { userId: string; points: number }) => [r.userId, r.points]),
    );
    expect(live.viewer).toMatchObject({ userId: player.id, rank: 6, points: 0, isCreator: true });

    // In play, 1-0: the player's 3 provisional points put them level with every rival.
    await putLive({ homeScore: 1, awayScore: 0 });
    const page2 = (await get('?page=2&pageSize=4')).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 4, total: 6, liveMatches: 1, scoredMatches: 1 });
    expect(page2.rows.map((r: { name: string; rank: number; points: number }) => [r.rank, r.name, r.points])).toEqual([
      [1, 'Rival 3', 3],
      [1, 'Rival 4', 3],
    ]);
    expect(page2.viewer).toMatchObject({ name: 'Gooners', rank: 1, storedPoints: 0, provisionalPoints: 3, points: 3 });
    // The default page is the first 50.
    expect((await get('')).json()).toMatchObject({ page: 1, pageSize: 50, total: 6 });
    // A goal: ranked again at the new score (the player's 1-0 is now wrong).
    await putLive({ homeScore: 1, awayScore: 1 });
    expect((await get('?page=2&pageSize=4')).json().viewer).toMatchObject({ rank: 6, provisionalPoints: 0 });
    // A player who picked 1-1 joins by the code during the match: in the table at once, their pick counted.
    const late = await buildUser(db, handle.dialect, { teamName: 'Late Joiner' });
    await buildPrediction(db, { userId: late.id, fixtureId, homeScore: 1, awayScore: 1 });
    const lateCookie = await buildSessionCookie(db, handle.dialect, late.id, SECRET);
    const joined = await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      cookie: lateCookie,
      payload: { code: 'BCDEFGHJ' },
    });
    expect(joined.statusCode).toBe(200);
    const withLate = (await get('?page=1&pageSize=1')).json();
    expect(withLate).toMatchObject({ total: 7 });
    expect(withLate.rows[0]).toMatchObject({ name: 'Late Joiner', rank: 1, storedPoints: 0, provisionalPoints: 3 });
    // Past the live window with no final result the match adds nothing: the stored table again.
    t.clock.set('2025-08-16T16:20:00.000Z');
    const after = (await get('?page=2&pageSize=4')).json();
    expect(after).toMatchObject({ liveMatches: 0, scoredMatches: 0, total: 7, seasonComplete: false });
    // Its gameweek is not complete: the match still has no final result.
    expect(after.gameweek).toMatchObject({ complete: false });
    expect(after.viewer).toMatchObject({ rank: 6, storedPoints: 0, provisionalPoints: 0, points: 0 });
    expect(after.rows.map((r: { name: string }) => r.name)).toEqual(['Rival 4', 'Gooners', 'Late Joiner']);

    // A page the query cannot ask for is refused, with the validation's message.
    // A league id longer than any league's is refused before the route (the router's parameter bound, 100).
    const long = await t.request({
      method: 'GET',
      url: `/api/leagues/${'x'.repeat(101)}/live-table`,
      cookie: playerCookie,
    });
    expect(long.statusCode).toBe(414);
    for (const qs of ['?pageSize=0', '?pageSize=101', '?page=0', '?page=abc', '?page=100001']) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.code, qs).toBe('validation_error');
    }
  });
});
