import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eventsDelivered } from '../../test/events.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import type { LiveEvent } from '../../realtime/bus.js';

const DEADLINE_TEXT =
  'Sorry, predictions for this match are no longer allowed. The deadline is 2 hours before kick-off.';
const KICKOFF = '2025-08-16T14:00:00.000Z';

let t: TestApp;
let alice: BuiltUser;
let bob: BuiltUser;
let aliceCookie: string;
let bobCookie: string;
let events: LiveEvent[];

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T09:00:00Z' });
  const { db, handle, config } = t.app.deps;
  alice = await buildUser(db, handle.dialect);
  bob = await buildUser(db, handle.dialect);
  aliceCookie = await buildSessionCookie(db, handle.dialect, alice.id, config.AUTH_SECRET);
  bobCookie = await buildSessionCookie(db, handle.dialect, bob.id, config.AUTH_SECRET);
  await buildFixture(db, { id: 'ARS_CHE', kickoffAt: KICKOFF, gameweek: 1 });
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await t.close();
});

/** `cookie: null` sends the request as a visitor. */
const put = (fixtureId: string, payload: unknown, cookie: string | null = aliceCookie) =>
  t.request({
    method: 'PUT',
    url: `/api/predictions/${encodeURIComponent(fixtureId)}`,
    payload: payload as object,
    cookie: cookie ?? undefined,
  });
/** Predictions in this season (every player also has one in the test world's other season). */
const inSeason = () =>
  t.app.deps.db
    .selectFrom('predictions')
    .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
    .selectAll('predictions')
    .where('fixtures.seasonId', '=', TEST_SEASON);
const stored = (userId = alice.id) =>
  inSeason().where('predictions.userId', '=', userId).orderBy('predictions.fixtureId').execute();
/** Events travel through LISTEN/NOTIFY on PostgreSQL, so they arrive a moment after the response. */
const settle = () => eventsDelivered(t.app, events);
const allStored = () => inSeason().execute();

describe('PUT /api/predictions/:fixtureId', () => {
  test('saves a prediction with predictedAt from the server clock, then updates it in place', async () => {
    const res = await put('ARS_CHE', { homeScore: 2, awayScore: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json().prediction;
    expect(body.prediction).toEqual({
      fixtureId: 'ARS_CHE',
      homeScore: 2,
      awayScore: 1,
      predictedAt: '2025-08-10T09:00:00.000Z',
      points: null,
      outcome: null,
      banker: false,
      qualifier: null,
    });
    expect(body.fixture).toMatchObject({
      id: 'ARS_CHE',
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
      status: 'upcoming',
      result: null,
    });
    expect(body.deadline).toBe('2025-08-16T12:00:00.000Z');
    expect(body.window).toBe('open');

    t.clock.set('2025-08-12T18:30:00Z');
    expect((await put('ARS_CHE', { homeScore: 0, awayScore: 0 })).statusCode).toBe(200);
    expect(await stored()).toEqual([
      {
        userId: alice.id,
        fixtureId: 'ARS_CHE',
        homeScore: 0,
        awayScore: 0,
        predictedAt: '2025-08-12T18:30:00.000Z',
        points: null,
        outcome: null,
        tier: null,
        banker: 0,
        qualifier: null,
      },
    ]);
  });

  test('a client-sent predictedAt or userId is ignored', async () => {
    const res = await put('ARS_CHE', {
      homeScore: 1,
      awayScore: 1,
      predictedAt: '2020-01-01T00:00:00Z',
      userId: bob.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(bob.id)).toEqual([]);
    expect((await stored())[0]?.predictedAt).toBe('2025-08-10T09:00:00.000Z');
  });

  test('a visitor gets 401 and nothing is stored', async () => {
    const res = await put('ARS_CHE', { homeScore: 1, awayScore: 0 }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    expect((await put('ARS_CHE', { homeScore: 'x' }, null)).statusCode).toBe(401);
    expect(await allStored()).toEqual([]);
  });

  test('an account with an unverified e-mail gets 403 and nothing is stored', async () => {
    const { db, handle, config } = t.app.deps;
    const carol = await buildUser(db, handle.dialect, { emailVerified: false });
    const cookie = await buildSessionCookie(db, handle.dialect, carol.id, config.AUTH_SECRET);
    const res = await put('ARS_CHE', { homeScore: 1, awayScore: 0 }, cookie);
    expect(res.statusCode).toBe(403);
    expect(await allStored()).toEqual([]);
  });

  test('an unknown fixture gets 404', async () => {
    const res = await put('NOPE_vs_NOPE_2025-01-01', { homeScore: 1, awayScore: 0 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await allStored()).toEqual([]);
  });

  test.each([
    [{ homeScore: 21, awayScore: 0 }],
    [{ homeScore: 0, awayScore: -1 }],
    [{ homeScore: 1.5, awayScore: 0 }],
    [{ homeScore: '2', awayScore: 0 }],
    [{ homeScore: 2 }],
    [{ awayScore: 2 }],
    [{}],
    [{ homeScore: null, awayScore: 1 }],
    [{ homeScore: 99, awayScore: 99 }],
  ])('scores %j are refused with 400 and nothing is stored', async (payload) => {
    const res = await put('ARS_CHE', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.message).toBeTruthy();
    expect(await allStored()).toEqual([]);
  });

  test('20-20 and 0-0 are the bounds that are allowed', async () => {
    expect((await put('ARS_CHE', { homeScore: 20, awayScore: 0 })).statusCode).toBe(200);
    expect((await put('ARS_CHE', { homeScore: 0, awayScore: 20 })).statusCode).toBe(200);
  });

  test('the deadline is enforced by the server: open one second before, refused at and after it, nothing changed', async () => {
    t.clock.set('2025-08-16T11:59:59.000Z');
    expect((await put('ARS_CHE', { homeScore: 1, awayScore: 0 })).statusCode).toBe(200);

    for (const at of ['2025-08-16T12:00:00.000Z', '2025-08-16T12:00:01.000Z', '2025-08-16T15:00:00.000Z']) {
      t.clock.set(at);
      const res = await put('ARS_CHE', { homeScore: 5, awayScore: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'deadline_passed', message: DEADLINE_TEXT });
    }
    const bobLate = await put('ARS_CHE', { homeScore: 3, awayScore: 3 }, bobCookie);
    expect(bobLate.json().error.code).toBe('deadline_passed');
    expect(await allStored()).toEqual([
      expect.objectContaining({
        userId: alice.id,
        homeScore: 1,
        awayScore: 0,
        predictedAt: '2025-08-16T11:59:59.000Z',
      }),
    ]);
  });

  test('moving the kick-off moves the deadline', async () => {
    t.clock.set('2025-08-16T13:00:00Z');
    expect((await put('ARS_CHE', { homeScore: 1, awayScore: 0 })).statusCode).toBe(409);
    await t.app.deps.db
      .updateTable('fixtures')
      .set({ kickoffAt: '2025-08-17T14:00:00.000Z' })
      .where('id', '=', 'ARS_CHE')
      .execute();
    expect((await put('ARS_CHE', { homeScore: 1, awayScore: 0 })).statusCode).toBe(200);
  });

  test('a postponed match is refused with 409 until it has a new time', async () => {
    const { db } = t.app.deps;
    await buildFixture(db, { id: 'PPD', kickoffAt: null, postponed: true, localDate: '2025-08-17' });
    const res = await put('PPD', { homeScore: 1, awayScore: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('postponed');
    expect(await allStored()).toEqual([]);
    await db
      .updateTable('fixtures')
      .set({ postponed: 0, kickoffAt: '2025-09-20T14:00:00.000Z' })
      .where('id', '=', 'PPD')
      .execute();
    expect((await put('PPD', { homeScore: 1, awayScore: 0 })).statusCode).toBe(200);
  });

  test('a match whose result is already stored takes no prediction (no free points on a known score)', async () => {
    await buildResult(t.app.deps.db, { fixtureId: 'ARS_CHE', homeScore: 2, awayScore: 0 });
    const res = await put('ARS_CHE', { homeScore: 2, awayScore: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('has_result');
    expect(await stored()).toEqual([]);
  });

  test('saves sent together are each answered for themselves: the refused ones change nothing, the rest are all stored', async () => {
    const { db } = t.app.deps;
    await buildFixture(db, {
      id: 'LIV_EVE',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-10T10:00:00.000Z',
      gameweek: 1,
    });
    await buildPrediction(db, {
      userId: bob.id,
      fixtureId: 'LIV_EVE',
      homeScore: 1,
      awayScore: 1,
      predictedAt: '2025-08-09T09:00:00.000Z',
    });
    // On SQLite these are committed together (predictions/repository.ts predictionSaver): one open
    // match for both players, one past its deadline, one unknown, one out of bounds, all at once.
    const answers = await Promise.all([
      put('ARS_CHE', { homeScore: 3, awayScore: 1 }),
      put('LIV_EVE', { homeScore: 4, awayScore: 4 }, bobCookie),
      put('NO_SUCH_MATCH', { homeScore: 1, awayScore: 0 }),
      put('ARS_CHE', { homeScore: 0, awayScore: 2 }, bobCookie),
      put('ARS_CHE', { homeScore: 21, awayScore: 0 }, bobCookie),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 409, 404, 200, 400]);
    expect(answers[1]!.json().error.message).toBe(DEADLINE_TEXT);
    expect(answers[0]!.json().prediction.prediction).toMatchObject({
      fixtureId: 'ARS_CHE',
      homeScore: 3,
      awayScore: 1,
    });
    expect(answers[3]!.json().prediction.prediction).toMatchObject({
      fixtureId: 'ARS_CHE',
      homeScore: 0,
      awayScore: 2,
    });
    expect((await stored()).map((p) => [p.fixtureId, p.homeScore, p.awayScore])).toEqual([['ARS_CHE', 3, 1]]);
    expect((await stored(bob.id)).map((p) => [p.fixtureId, p.homeScore, p.awayScore])).toEqual([
      ['ARS_CHE', 0, 2],
      ['LIV_EVE', 1, 1],
    ]);
  });

  test('saving publishes a live event for that user only, after the write', async () => {
    await put('ARS_CHE', { homeScore: 1, awayScore: 0 });
    await settle();
    expect(events.filter((x) => x.type === 'prediction.saved')).toEqual([
      { type: 'prediction.saved', seasonId: TEST_SEASON, userId: alice.id },
    ]);
    // A refused save publishes nothing.
    events.length = 0;
    await put('ARS_CHE', { homeScore: 99, awayScore: 0 });
    await settle();
    expect(events).toEqual([]);
  });
});

describe('reading predictions', () => {
  beforeEach(async () => {
    const { db } = t.app.deps;
    await buildFixture(db, {
      id: 'LIV_BOU',
      homeTeam: 'Liverpool FC',
      awayTeam: 'AFC Bournemouth',
      kickoffAt: '2025-08-15T19:00:00.000Z',
      gameweek: 1,
    });
    await buildFixture(db, {
      id: 'GW2',
      homeTeam: 'Chelsea FC',
      awayTeam: 'West Ham United FC',
      kickoffAt: '2025-08-23T14:00:00.000Z',
      gameweek: 2,
    });
  });

  test('own predictions: newest first, with fixture, result and points; ?gameweek filters', async () => {
    t.clock.set('2025-08-11T10:00:00Z');
    await put('GW2', { homeScore: 2, awayScore: 2 });
    t.clock.set('2025-08-12T10:00:00Z');
    await put('ARS_CHE', { homeScore: 2, awayScore: 1 });
    t.clock.set('2025-08-13T10:00:00Z');
    await put('LIV_BOU', { homeScore: 3, awayScore: 1 });
    await buildResult(t.app.deps.db, { fixtureId: 'LIV_BOU', homeScore: 4, awayScore: 2 });

    const all = await t.request({ method: 'GET', url: '/api/predictions', cookie: aliceCookie });
    expect(all.statusCode).toBe(200);
    const list = all.json().predictions as Array<{
      fixture: { id: string; result: unknown; status: string };
      prediction: { points: number | null; outcome: string | null };
    }>;
    expect(list.map((p) => p.fixture.id)).toEqual(['LIV_BOU', 'ARS_CHE', 'GW2']);
    expect(list[0]!.prediction).toMatchObject({ points: 1, outcome: 'outcome' });
    expect(list[0]!.fixture).toMatchObject({ status: 'finished', result: { homeScore: 4, awayScore: 2, final: true } });
    expect(list[1]!.prediction).toMatchObject({ points: null, outcome: null });
    expect(all.json().now).toBe('2025-08-13T10:00:00.000Z');

    const gw2 = await t.request({ method: 'GET', url: '/api/predictions?gameweek=2', cookie: aliceCookie });
    expect(gw2.json().predictions.map((p: { fixture: { id: string } }) => p.fixture.id)).toEqual(['GW2']);
    expect(
      (await t.request({ method: 'GET', url: '/api/predictions?gameweek=abc', cookie: aliceCookie })).statusCode,
    ).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/predictions' })).statusCode).toBe(401);
  });

  test("no route returns another user's open prediction, and a user cannot write one", async () => {
    await put('ARS_CHE', { homeScore: 4, awayScore: 0 });
    // Bob reads: his own lists are empty, the board shows no pick of Alice's.
    const bobList = await t.request({ method: 'GET', url: '/api/predictions', cookie: bobCookie });
    expect(bobList.json().predictions).toEqual([]);
    const bobBoard = await t.request({ method: 'GET', url: '/api/predictions/board?gameweek=1', cookie: bobCookie });
    expect(bobBoard.json().matches.every((m: { prediction: unknown }) => m.prediction === null)).toBe(true);
    expect(JSON.stringify(bobBoard.json())).not.toContain(alice.id);
    // Bob writes: it is his own prediction; Alice's stays as it was.
    await put('ARS_CHE', { homeScore: 0, awayScore: 4 }, bobCookie);
    expect(await stored(alice.id)).toEqual([expect.objectContaining({ homeScore: 4, awayScore: 0 })]);
    expect(await stored(bob.id)).toEqual([expect.objectContaining({ homeScore: 0, awayScore: 4 })]);
    // No route takes a user id to read someone else's predictions.
    const sneaky = await t.request({ method: 'GET', url: `/api/predictions?userId=${alice.id}`, cookie: bobCookie });
    expect(sneaky.json().predictions.map((p: { prediction: { homeScore: number } }) => p.prediction.homeScore)).toEqual(
      [0],
    );
  });

  test('the board: a gameweek of fixtures with status, deadline, window, result and my own pick', async () => {
    const { db } = t.app.deps;
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
    await put('ARS_CHE', { homeScore: 2, awayScore: 0 });
    await buildPrediction(db, { userId: bob.id, fixtureId: 'ARS_CHE', homeScore: 9, awayScore: 9 });
    t.clock.set('2025-08-16T13:00:00Z');
    await buildResult(db, { fixtureId: 'LIV_BOU', homeScore: 4, awayScore: 2 });

    // Every match of gameweek 1 is past its deadline and not every result is in: the board leads with
    // gameweek 1, being played, and names gameweek 2, the next with an open match (decision record 0108).
    expect(
      (await t.request({ method: 'GET', url: '/api/predictions/board', cookie: aliceCookie })).json(),
    ).toMatchObject({ gameweek: 1, openingGameweek: 1, nextOpen: { gameweek: 2 } });
    const res = await t.request({ method: 'GET', url: '/api/predictions/board?gameweek=1', cookie: aliceCookie });
    expect(res.statusCode).toBe(200);
    const board = res.json();
    expect(board).toMatchObject({
      now: '2025-08-16T13:00:00.000Z',
      gameweek: 1,
      openingGameweek: 1,
      gameweeks: [1, 2],
      gameweekStates: [
        { gameweek: 1, state: 'closed' },
        { gameweek: 2, state: 'open' },
      ],
    });
    expect(board.matches.map((m: { fixture: { id: string } }) => m.fixture.id)).toEqual(['LIV_BOU', 'ARS_CHE']);
    expect(board.matches[0]).toMatchObject({
      window: 'closed',
      deadline: '2025-08-15T17:00:00.000Z',
      fixture: { status: 'finished', result: { homeScore: 4, awayScore: 2, final: true } },
      prediction: null,
    });
    expect(board.matches[1]).toMatchObject({
      window: 'closed',
      deadline: '2025-08-16T12:00:00.000Z',
      fixture: { status: 'upcoming', result: null },
      prediction: { homeScore: 2, awayScore: 0, points: null, outcome: null },
    });

    t.clock.set('2025-08-20T10:00:00Z');
    const gw2 = (await t.request({ method: 'GET', url: '/api/predictions/board', cookie: aliceCookie })).json();
    expect(gw2).toMatchObject({ gameweek: 2, openingGameweek: 2 });
    expect(gw2.matches).toEqual([expect.objectContaining({ window: 'open', prediction: null })]);
    const gw1 = (
      await t.request({ method: 'GET', url: '/api/predictions/board?gameweek=1', cookie: aliceCookie })
    ).json();
    expect(gw1.gameweek).toBe(1);
    expect((await t.request({ method: 'GET', url: '/api/predictions/board' })).statusCode).toBe(401);
  });

  test('a provisional (in-play) score is shown but never scores a prediction', async () => {
    const { db } = t.app.deps;
    await put('ARS_CHE', { homeScore: 1, awayScore: 0 });
    await buildResult(db, { fixtureId: 'ARS_CHE', homeScore: 1, awayScore: 0, final: false });
    t.clock.set('2025-08-16T14:30:00Z');
    const list = (await t.request({ method: 'GET', url: '/api/predictions', cookie: aliceCookie })).json().predictions;
    expect(list[0].fixture).toMatchObject({ status: 'live', result: { homeScore: 1, awayScore: 0, final: false } });
    expect(list[0].prediction).toMatchObject({ points: null, outcome: null });
  });
});
