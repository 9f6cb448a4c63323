import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eventsDelivered } from '../../test/events.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import type { LiveEvent } from '../../realtime/bus.js';

let t: TestApp;
let admin: BuiltUser;
let players: BuiltUser[];
let adminCookie: string;
let playerCookie: string;
let events: LiveEvent[];

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-16T17:00:00Z' });
  const { db, handle, config } = t.app.deps;
  admin = await buildUser(db, handle.dialect, { role: 'admin' });
  players = [
    await buildUser(db, handle.dialect),
    await buildUser(db, handle.dialect),
    await buildUser(db, handle.dialect),
    await buildUser(db, handle.dialect),
  ];
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  playerCookie = await buildSessionCookie(db, handle.dialect, players[0]!.id, config.AUTH_SECRET);
  await buildFixture(db, { id: 'ARS_CHE', kickoffAt: '2025-08-16T14:00:00.000Z' });
  await buildFixture(db, {
    id: 'OTHER',
    kickoffAt: '2025-08-16T14:00:00.000Z',
    homeTeam: 'Fulham FC',
    awayTeam: 'Everton FC',
  });
  // exact-to-be, home-win, draw, away-win picks
  const picks: Array<[number, number]> = [
    [2, 1],
    [3, 0],
    [1, 1],
    [0, 2],
  ];
  for (const [i, [h, a]] of picks.entries())
    await buildPrediction(db, { userId: players[i]!.id, fixtureId: 'ARS_CHE', homeScore: h, awayScore: a });
  await buildPrediction(db, { userId: players[0]!.id, fixtureId: 'OTHER', homeScore: 0, awayScore: 0 });
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await t.close();
});

const save = (fixtureId: string, payload: unknown, cookie: string | null = adminCookie) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/results/${fixtureId}`,
    payload: payload as object,
    cookie: cookie ?? undefined,
  });
const clear = (fixtureId: string, cookie: string | null = adminCookie) =>
  t.request({ method: 'DELETE', url: `/api/admin/results/${fixtureId}`, cookie: cookie ?? undefined });
const scores = async (fixtureId = 'ARS_CHE') => {
  const rows = await t.app.deps.db
    .selectFrom('predictions')
    .select(['userId', 'points', 'outcome'])
    .where('fixtureId', '=', fixtureId)
    .execute();
  return players
    .map((p) => rows.find((r) => r.userId === p.id))
    .filter(Boolean)
    .map((r) => [r!.points, r!.outcome]);
};
/** Events travel through LISTEN/NOTIFY on PostgreSQL, so they arrive a moment after the response. */
const settle = () => eventsDelivered(t.app, events);
const result = () =>
  t.app.deps.db.selectFrom('results').selectAll().where('fixtureId', '=', 'ARS_CHE').executeTakeFirst();

describe('PUT /api/admin/results/:fixtureId', () => {
  test('saves a final result and scores every prediction on that fixture in the same request', async () => {
    const res = await save('ARS_CHE', { homeScore: 2, awayScore: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      scored: 4,
      fixture: { id: 'ARS_CHE', status: 'finished', result: { homeScore: 2, awayScore: 1, final: true } },
    });
    expect(await scores()).toEqual([
      [3, 'exact'],
      [1, 'outcome'],
      [0, 'wrong'],
      [0, 'wrong'],
    ]);
    expect(await result()).toMatchObject({
      homeScore: 2,
      awayScore: 1,
      final: 1,
      updatedAt: '2025-08-16T17:00:00.000Z',
    });
    // Predictions on another fixture are untouched.
    expect(await scores('OTHER')).toEqual([[null, null]]);
  });

  test('correcting a result replaces the points; it never adds', async () => {
    await save('ARS_CHE', { homeScore: 2, awayScore: 1 });
    await save('ARS_CHE', { homeScore: 2, awayScore: 1 });
    expect(await scores()).toEqual([
      [3, 'exact'],
      [1, 'outcome'],
      [0, 'wrong'],
      [0, 'wrong'],
    ]);
    await save('ARS_CHE', { homeScore: 1, awayScore: 1 });
    expect(await scores()).toEqual([
      [0, 'wrong'],
      [0, 'wrong'],
      [3, 'exact'],
      [0, 'wrong'],
    ]);
    await save('ARS_CHE', { homeScore: 0, awayScore: 3 });
    expect(await scores()).toEqual([
      [0, 'wrong'],
      [0, 'wrong'],
      [0, 'wrong'],
      [1, 'outcome'],
    ]);
    const total = await t.app.deps.db
      .selectFrom('predictions')
      .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
      .select((eb) => eb.fn.sum<number>('predictions.points').as('total'))
      .where('fixtures.seasonId', '=', TEST_SEASON)
      .executeTakeFirstOrThrow();
    expect(Number(total.total)).toBe(1);
  });

  test('a final result replaces a provisional in-play score, which had scored nothing', async () => {
    await buildResult(t.app.deps.db, { fixtureId: 'ARS_CHE', homeScore: 2, awayScore: 1, final: false });
    expect(await scores()).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    await save('ARS_CHE', { homeScore: 3, awayScore: 0 });
    expect((await result())?.final).toBe(1);
    expect(await scores()).toEqual([
      [1, 'outcome'],
      [3, 'exact'],
      [0, 'wrong'],
      [0, 'wrong'],
    ]);
  });

  test('publishes one live event naming the season and the fixture’s gameweek, after the commit', async () => {
    await save('ARS_CHE', { homeScore: 2, awayScore: 1 });
    await settle();
    expect(events).toEqual([{ type: 'results.changed', seasonId: TEST_SEASON, gameweeks: [1] }]);
  });

  test('visitors get 401, players 403, and nothing changes', async () => {
    expect((await save('ARS_CHE', { homeScore: 2, awayScore: 1 }, null)).statusCode).toBe(401);
    const asPlayer = await save('ARS_CHE', { homeScore: 2, awayScore: 1 }, playerCookie);
    expect(asPlayer.statusCode).toBe(403);
    expect((await clear('ARS_CHE', playerCookie)).statusCode).toBe(403);
    expect((await clear('ARS_CHE', null)).statusCode).toBe(401);
    expect(await result()).toBeUndefined();
    await settle();
    expect(events).toEqual([]);
  });

  test.each([
    [{ homeScore: 2 }],
    [{ awayScore: 1 }],
    [{ homeScore: 100, awayScore: 0 }],
    [{ homeScore: -1, awayScore: 0 }],
    [{ homeScore: 1.5, awayScore: 0 }],
    [{ homeScore: '1', awayScore: '0' }],
  ])('refuses %j with 400', async (payload) => {
    const res = await save('ARS_CHE', payload);
    expect(res.statusCode).toBe(400);
    expect(await result()).toBeUndefined();
  });

  test('99-99 is allowed', async () => {
    expect((await save('ARS_CHE', { homeScore: 99, awayScore: 99 })).statusCode).toBe(200);
  });

  test('unknown fixture 404; postponed fixture 409', async () => {
    expect((await save('NOPE', { homeScore: 1, awayScore: 0 })).statusCode).toBe(404);
    expect((await clear('NOPE')).statusCode).toBe(404);
    await buildFixture(t.app.deps.db, { id: 'PPD', kickoffAt: null, postponed: true, localDate: '2025-08-16' });
    const res = await save('PPD', { homeScore: 1, awayScore: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('postponed');
  });
});

describe('DELETE /api/admin/results/:fixtureId', () => {
  test('clears the result and returns its predictions to pending', async () => {
    await save('ARS_CHE', { homeScore: 2, awayScore: 1 });
    await settle();
    events.length = 0;
    const res = await clear('ARS_CHE');
    expect(res.statusCode).toBe(200);
    // Three hours after kick-off without a result: awaiting it, not live.
    expect(res.json()).toMatchObject({ reset: 4, fixture: { result: null, status: 'awaiting' } });
    expect(await result()).toBeUndefined();
    expect(await scores()).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    await settle();
    expect(events.map((e) => e.type)).toEqual(['results.changed']);
  });
});

describe('a result for a fixture with 10,000 predictions', () => {
  const N = 10_000;

  async function seedBig() {
    const { db, handle } = t.app.deps;
    await buildFixture(db, {
      id: 'BIG',
      kickoffAt: '2025-08-16T14:00:00.000Z',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
    });
    const now = '2025-08-01T00:00:00.000Z';
    const pg = handle.dialect === 'postgres';
    const CHUNK = 500;
    for (let start = 0; start < N; start += CHUNK) {
      const ids = Array.from({ length: Math.min(CHUNK, N - start) }, (_, i) => `bulk-${start + i}`);
      await db
        .insertInto('user')
        .values(
          ids.map((id) => ({
            id,
            name: id,
            email: `${id}@example.com`,
            emailVerified: pg ? true : 1,
            image: null,
            createdAt: pg ? new Date(now) : now,
            updatedAt: pg ? new Date(now) : now,
            username: id,
            teamName: null,
            teamNameCreatedAt: null,
          })),
        )
        .execute();
      await db
        .insertInto('predictions')
        .values(
          ids.map((id, i) => ({
            userId: id,
            fixtureId: 'BIG',
            homeScore: (start + i) % 4,
            awayScore: (start + i) % 3,
            predictedAt: now,
            points: null,
            outcome: null,
          })),
        )
        .execute();
    }
  }

  async function expectScoredFor21() {
    const byOutcome = await t.app.deps.db
      .selectFrom('predictions')
      .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
      .where('fixtureId', '=', 'BIG')
      .groupBy('outcome')
      .execute();
    // Independent count of (i % 4, i % 3) against 2-1.
    const expected = { exact: 0, outcome: 0, wrong: 0 };
    for (let i = 0; i < N; i++) {
      const h = i % 4;
      const a = i % 3;
      if (h === 2 && a === 1) expected.exact++;
      else if (h > a) expected.outcome++;
      else expected.wrong++;
    }
    expect(Object.fromEntries(byOutcome.map((r) => [r.outcome, Number(r.n)]))).toEqual(expected);
  }

  // Its speed is the benchmark's to measure (bench/run.ts, the rescoring row); here, that a result
  // and its correction score every one of them, the correction replacing the first result's points.
  test('a result and its correction score all 10,000 in one request each', { timeout: 120_000 }, async () => {
    await seedBig();
    for (const r of [
      { homeScore: 0, awayScore: 2 },
      { homeScore: 2, awayScore: 1 },
    ]) {
      const res = await save('BIG', r);
      expect(res.statusCode).toBe(200);
      expect(res.json().scored).toBe(N);
    }
    await expectScoredFor21();
  });
});
