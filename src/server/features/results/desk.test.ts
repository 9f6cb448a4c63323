import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eventsDelivered } from '../../test/events.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import type { LiveEvent } from '../../realtime/bus.js';

let t: TestApp;
let player: BuiltUser;
let adminCookie: string;
let playerCookie: string;
let events: LiveEvent[];

// Saturday 23 August 2025, 18:00 UTC: gameweek 2's three matches have kicked off, gameweek 3's have not.
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-23T18:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  player = await buildUser(db, handle.dialect);
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  playerCookie = await buildSessionCookie(db, handle.dialect, player.id, config.AUTH_SECRET);
  await buildFixture(db, { id: 'GW1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  await buildFixture(db, {
    id: 'A',
    kickoffAt: '2025-08-23T11:30:00.000Z',
    gameweek: 2,
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
  });
  await buildFixture(db, {
    id: 'B',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    gameweek: 2,
    homeTeam: 'Fulham FC',
    awayTeam: 'Brentford FC',
  });
  await buildFixture(db, {
    id: 'C',
    kickoffAt: '2025-08-23T16:30:00.000Z',
    gameweek: 2,
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
  });
  await buildFixture(db, {
    id: 'LATER',
    kickoffAt: '2025-08-30T14:00:00.000Z',
    gameweek: 3,
    homeTeam: 'Chelsea FC',
    awayTeam: 'Arsenal FC',
  });
  await buildFixture(db, {
    id: 'OFF',
    kickoffAt: null,
    gameweek: 2,
    homeTeam: 'Everton FC',
    awayTeam: 'Fulham FC',
    postponed: true,
  });
  for (const id of ['A', 'B', 'C'])
    await buildPrediction(db, { userId: player.id, fixtureId: id, homeScore: 2, awayScore: 1 });
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await t.close();
});

const saveAll = (payload: unknown, cookie: string | null = adminCookie) =>
  t.request({ method: 'PUT', url: '/api/admin/results', payload: payload as object, cookie: cookie ?? undefined });
const settle = () => eventsDelivered(t.app, events);
const results = async () =>
  (
    await t.app.deps.db
      .selectFrom('results')
      .select(['fixtureId', 'homeScore', 'awayScore'])
      .where('fixtureId', 'in', ['A', 'B', 'C', 'LATER', 'OFF'])
      .orderBy('fixtureId')
      .execute()
  ).map((r) => `${r.fixtureId} ${r.homeScore}-${r.awayScore}`);
const points = async () =>
  (
    await t.app.deps.db
      .selectFrom('predictions')
      .select(['fixtureId', 'points'])
      .where('userId', '=', player.id)
      .where('fixtureId', 'in', ['A', 'B', 'C'])
      .orderBy('fixtureId')
      .execute()
  ).map((r) => `${r.fixtureId}:${r.points}`);
const seasonTotal = async () =>
  (
    await t.app.deps.db
      .selectFrom('userPoints')
      .select('points')
      .where('seasonId', '=', '2025-26')
      .where('gameweek', '=', 0)
      .where('userId', '=', player.id)
      .executeTakeFirst()
  )?.points ?? null;

describe('GET /api/admin/results/desk', () => {
  test('opens on the gameweek just played (the one of the latest kick-off), with every match of it', async () => {
    const res = await t.request({ url: '/api/admin/results/desk', cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ season: '2025-26', gameweek: 2, gameweeks: [1, 2, 3] });
    expect(body.fixtures.map((f: { id: string }) => f.id).sort()).toEqual(['A', 'B', 'C', 'OFF']);
  });

  test('a match brought forward from a later round does not pull the desk to that round', async () => {
    await buildFixture(t.app.deps.db, {
      id: 'EARLY',
      kickoffAt: '2025-08-20T19:00:00.000Z',
      gameweek: 5,
      homeTeam: 'Everton FC',
      awayTeam: 'Chelsea FC',
    });
    expect((await t.request({ url: '/api/admin/results/desk', cookie: adminCookie })).json().gameweek).toBe(2);
  });

  test('shows the gameweek asked for; a gameweek out of bounds is a 400', async () => {
    expect((await t.request({ url: '/api/admin/results/desk?gameweek=3', cookie: adminCookie })).json()).toMatchObject({
      gameweek: 3,
      fixtures: [{ id: 'LATER' }],
    });
    for (const bad of ['0', '-1', '1e9', 'two']) {
      const res = await t.request({ url: `/api/admin/results/desk?gameweek=${bad}`, cookie: adminCookie });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  test('is the admin’s: a visitor gets 401, a player 403', async () => {
    expect((await t.request({ url: '/api/admin/results/desk' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/admin/results/desk', cookie: playerCookie })).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/results (Save all)', () => {
  test('saves every row and scores every prediction in one request, then publishes once the transaction is done', async () => {
    const res = await saveAll({
      results: [
        { fixtureId: 'A', homeScore: 2, awayScore: 1 },
        { fixtureId: 'B', homeScore: 1, awayScore: 0 },
        { fixtureId: 'C', homeScore: 0, awayScore: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .saved.map((s: { fixture: { id: string; status: string }; scored: number }) => [
          s.fixture.id,
          s.fixture.status,
          s.scored,
        ]),
    ).toEqual([
      ['A', 'finished', 1],
      ['B', 'finished', 1],
      ['C', 'finished', 1],
    ]);
    expect(await results()).toEqual(['A 2-1', 'B 1-0', 'C 0-0']);
    expect(await points()).toEqual(['A:3', 'B:1', 'C:0']);
    expect(await seasonTotal()).toBe(4);
    await settle();
    // Naming the gameweek of the results saved (the read model drops only what it touches).
    expect(events).toEqual([{ type: 'results.changed', seasonId: TEST_SEASON, gameweeks: [2] }]);
  });

  test('one refused row (not kicked off, postponed, unknown) saves nothing, and every refused row is named', async () => {
    await buildResult(t.app.deps.db, { fixtureId: 'A', homeScore: 5, awayScore: 5 });
    const before = [await results(), await points(), await seasonTotal()];
    const res = await saveAll({
      results: [
        { fixtureId: 'A', homeScore: 2, awayScore: 1 },
        { fixtureId: 'LATER', homeScore: 1, awayScore: 0 },
        { fixtureId: 'OFF', homeScore: 1, awayScore: 0 },
        { fixtureId: 'NOPE', homeScore: 1, awayScore: 0 },
      ],
    });
    expect(res.statusCode).toBe(409);
    const { error } = res.json();
    expect(error.code).toBe('rows_refused');
    expect(error.message).toBe('3 results could not be saved, so none were. Fix the marked rows and try again.');
    expect(error.details.rows).toEqual([
      {
        fixtureId: 'LATER',
        code: 'not_started',
        message: "This match hasn't kicked off yet. Its final result can be saved once it has started.",
      },
      {
        fixtureId: 'OFF',
        code: 'postponed',
        message: 'This match is postponed. Give it a new kick-off time before entering its result.',
      },
      { fixtureId: 'NOPE', code: 'not_found', message: 'This match does not exist.' },
    ]);
    expect([await results(), await points(), await seasonTotal()]).toEqual(before);
    await settle();
    expect(events).toHaveLength(0);
  });

  test('hostile bodies are a clear 400 and change nothing', async () => {
    const many = Array.from({ length: 61 }, (_, i) => ({ fixtureId: `F${i}`, homeScore: 1, awayScore: 0 }));
    const bad: unknown[] = [
      {},
      { results: [] },
      { results: many },
      { results: 'A' },
      { results: [{ fixtureId: 'A', homeScore: '2', awayScore: 1 }] },
      { results: [{ fixtureId: 'A', homeScore: 2.5, awayScore: 1 }] },
      { results: [{ fixtureId: 'A', homeScore: -1, awayScore: 1 }] },
      { results: [{ fixtureId: 'A', homeScore: 100, awayScore: 1 }] },
      { results: [{ fixtureId: 'x'.repeat(201), homeScore: 1, awayScore: 1 }] },
      {
        results: [
          { fixtureId: 'A', homeScore: 1, awayScore: 0 },
          { fixtureId: 'A', homeScore: 2, awayScore: 0 },
        ],
      },
    ];
    for (const payload of bad) {
      const res = await saveAll(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect(
      (
        await saveAll({
          results: [
            { fixtureId: 'A', homeScore: 1, awayScore: 0 },
            { fixtureId: 'A', homeScore: 2, awayScore: 0 },
          ],
        })
      ).json().error.message,
    ).toBe('Each match may appear once.');
    expect((await saveAll({ results: many })).json().error.message).toBe('At most 60 results at once.');
    const huge = await t.request({
      method: 'PUT',
      url: '/api/admin/results',
      payload: JSON.stringify({
        results: [{ fixtureId: 'A', homeScore: 1, awayScore: 0, pad: 'x'.repeat(3_000_000) }],
      }),
      headers: { 'content-type': 'application/json' },
      cookie: adminCookie,
    });
    expect(huge.statusCode).toBe(413);
    expect(await results()).toEqual([]);
    expect(await points()).toEqual(['A:null', 'B:null', 'C:null']);
  });

  test('a visitor gets 401 and a player 403, whatever they send, and nothing is saved', async () => {
    const body = { results: [{ fixtureId: 'A', homeScore: 2, awayScore: 1 }] };
    expect((await saveAll(body, null)).statusCode).toBe(401);
    expect((await saveAll(body, playerCookie)).statusCode).toBe(403);
    expect((await saveAll({ nonsense: true }, playerCookie)).statusCode).toBe(403);
    expect(await results()).toEqual([]);
  });

  test('correcting with Save all replaces points, never adds (the season total stays exact)', async () => {
    await saveAll({ results: [{ fixtureId: 'A', homeScore: 2, awayScore: 1 }] });
    expect(await seasonTotal()).toBe(3);
    await saveAll({
      results: [
        { fixtureId: 'A', homeScore: 3, awayScore: 1 },
        { fixtureId: 'B', homeScore: 2, awayScore: 1 },
      ],
    });
    expect(await points()).toEqual(['A:1', 'B:3', 'C:null']);
    expect(await seasonTotal()).toBe(4);
  });
});
