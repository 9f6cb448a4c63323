import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import type { LiveEvent } from '../../realtime/bus.js';

/**
 * The banker (docs/decisions/0058-banker.md): one pick per gameweek counts double, set on one's
 * own pick of an open match, moved while both matches are open, fixed once its match's deadline
 * has passed; one per gameweek even when requests cross; hidden from others until the deadline.
 */
let t: TestApp;
let events: LiveEvent[];
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T12:00:00Z' });
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await t.close();
});

type Player = BuiltUser & { cookie: string };
async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<Player> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, { pastSeason: false, ...overrides });
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const pick = (p: Player, id: string, homeScore = 1, awayScore = 0) =>
  t.request({ method: 'PUT', url: `/api/predictions/${id}`, cookie: p.cookie, payload: { homeScore, awayScore } });
const setBanker = (p: Player, id: string) =>
  t.request({ method: 'PUT', url: `/api/predictions/${id}/banker`, cookie: p.cookie });
const dropBanker = (p: Player, id: string) =>
  t.request({ method: 'DELETE', url: `/api/predictions/${id}/banker`, cookie: p.cookie });
const bankers = async (p: Player) =>
  (
    await t.app.deps.db
      .selectFrom('predictions')
      .select('fixtureId')
      .where('userId', '=', p.id)
      .where('banker', '=', 1)
      .orderBy('fixtureId')
      .execute()
  ).map((r) => r.fixtureId);

/** Gameweek 1: A and B on Saturday 16 August, C on Sunday 17 August (deadlines 2 hours before); D in gameweek 2; N in no gameweek. */
async function world() {
  const { db } = t.app.deps;
  await buildFixture(db, {
    id: 'A',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
    kickoffAt: '2025-08-16T14:00:00.000Z',
    gameweek: 1,
  });
  await buildFixture(db, {
    id: 'B',
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
    kickoffAt: '2025-08-16T16:30:00.000Z',
    gameweek: 1,
  });
  await buildFixture(db, {
    id: 'C',
    homeTeam: 'Everton FC',
    awayTeam: 'Arsenal FC',
    kickoffAt: '2025-08-17T14:00:00.000Z',
    gameweek: 1,
  });
  await buildFixture(db, {
    id: 'D',
    homeTeam: 'Chelsea FC',
    awayTeam: 'Liverpool FC',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    gameweek: 2,
  });
  await buildFixture(db, {
    id: 'N',
    homeTeam: 'Fulham FC',
    awayTeam: 'Brentford FC',
    kickoffAt: '2025-08-20T14:00:00.000Z',
    gameweek: null,
  });
}

describe('setting and moving a banker', () => {
  test('on one of one’s own picks; moved between open picks of the gameweek; one per gameweek; shown on one’s own board', async () => {
    await world();
    const me = await player();
    for (const id of ['A', 'B', 'C', 'D']) expect((await pick(me, id)).statusCode).toBe(200);
    events.length = 0;
    const set = await setBanker(me, 'A');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ season: TEST_SEASON, gameweek: 1, fixtureId: 'A' });
    // Only the player hears of it.
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.userId === me.id)).toBe(true);
    expect(await bankers(me)).toEqual(['A']);
    // Moved: the earlier one is no banker any more. Another gameweek has its own.
    expect((await setBanker(me, 'B')).json()).toEqual({ season: TEST_SEASON, gameweek: 1, fixtureId: 'B' });
    expect((await setBanker(me, 'D')).statusCode).toBe(200);
    expect(await bankers(me)).toEqual(['B', 'D']);
    // Setting it again where it is changes nothing.
    expect((await setBanker(me, 'B')).statusCode).toBe(200);
    expect(await bankers(me)).toEqual(['B', 'D']);
    // Re-saving the pick keeps the mark, and says so.
    const resaved = await pick(me, 'B', 3, 3);
    expect(resaved.json().prediction.prediction).toMatchObject({ homeScore: 3, awayScore: 3, banker: true });
    const board = (
      await t.request({
        method: 'GET',
        url: `/api/predictions/board?season=${TEST_SEASON}&gameweek=1`,
        cookie: me.cookie,
      })
    ).json();
    expect(
      board.matches.map((m: { fixture: { id: string }; prediction: { banker: boolean } }) => [
        m.fixture.id,
        m.prediction.banker,
      ]),
    ).toEqual([
      ['A', false],
      ['B', true],
      ['C', false],
    ]);
    // Taken off before the deadline: the gameweek has none.
    expect((await dropBanker(me, 'B')).json()).toEqual({ season: TEST_SEASON, gameweek: 1, fixtureId: null });
    expect(await bankers(me)).toEqual(['D']);
    const notBanker = await dropBanker(me, 'B');
    expect(notBanker.statusCode).toBe(404);
    expect(notBanker.json().error.message).toBe('Your pick on this match is not your banker.');
  });

  test('refuses with a clear message and changes nothing: no pick, no gameweek, a closed match, a banker whose match has closed, an unknown match', async () => {
    await world();
    const me = await player();
    expect((await pick(me, 'A')).statusCode).toBe(200);
    expect((await pick(me, 'C')).statusCode).toBe(200);
    expect((await pick(me, 'N')).statusCode).toBe(200);
    const refused = async (
      res: Awaited<ReturnType<typeof setBanker>>,
      status: number,
      code: string,
      message: string,
    ) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toEqual({ code, message });
    };
    await refused(
      await setBanker(me, 'B'),
      409,
      'no_pick',
      'Save a prediction for this match first, then make it your banker.',
    );
    await refused(
      await setBanker(me, 'N'),
      409,
      'no_gameweek',
      'This match is not in a gameweek, so it cannot be your banker.',
    );
    await refused(await setBanker(me, 'nowhere'), 404, 'not_found', 'This match does not exist.');
    expect(await bankers(me)).toEqual([]);

    expect((await setBanker(me, 'A')).statusCode).toBe(200);
    // Saturday noon: A's deadline (12:00) has passed, C's has not.
    t.clock.set('2025-08-16T12:00:00Z');
    await refused(
      await setBanker(me, 'C'),
      409,
      'banker_fixed',
      'Your banker for Gameweek 1 is Arsenal FC v Chelsea FC, whose deadline has passed, so it stays there.',
    );
    await refused(
      await dropBanker(me, 'A'),
      409,
      'closed',
      'This match’s deadline has passed, so your banker stays on it.',
    );
    expect(await bankers(me)).toEqual(['A']);

    // A closed match cannot take it either.
    const other = await player();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/predictions/C',
          cookie: other.cookie,
          payload: { homeScore: 0, awayScore: 0 },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.set('2025-08-17T12:30:00Z');
    await refused(
      await setBanker(other, 'C'),
      409,
      'closed',
      'This match’s deadline has passed. A banker can only go on a match still open for predictions.',
    );
    expect(await bankers(other)).toEqual([]);

    // Who may ask: visitors and unverified players are refused before anything is read.
    expect((await t.request({ method: 'PUT', url: '/api/predictions/C/banker' })).statusCode).toBe(401);
    const unverified = await player({ emailVerified: false });
    expect((await setBanker(unverified, 'C')).statusCode).toBe(403);
  });

  test('requests crossing each other never leave two bankers in a gameweek', async () => {
    await world();
    const me = await player();
    for (const id of ['A', 'B', 'C']) expect((await pick(me, id)).statusCode).toBe(200);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        ['A', 'B', 'C', 'A', 'C', 'B', 'B', 'A'].map((id, i) => (i % 4 === 3 ? dropBanker(me, id) : setBanker(me, id))),
      );
      for (const a of answers) expect([200, 404]).toContain(a.statusCode);
      expect((await bankers(me)).length).toBeLessThanOrEqual(1);
    }
    const last = await Promise.all(['A', 'B', 'C'].map((id) => setBanker(me, id)));
    for (const a of last) expect(a.statusCode).toBe(200);
    expect(await bankers(me)).toHaveLength(1);
  });
});

describe('a banker counts double and stays secret until its deadline', () => {
  test('hidden from league members before the deadline, shown after; doubled on the leaderboard and one’s own card once scored', async () => {
    await world();
    const me = await player({ teamName: 'Banker FC' });
    const rival = await player();
    const admin = await player({ role: 'admin' });
    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: me.cookie,
      payload: { name: 'Two of us' },
    });
    const league = created.json().league as { id: string; code: string };
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/leagues/join',
          cookie: rival.cookie,
          payload: { code: league.code },
        })
      ).statusCode,
    ).toBe(200);
    expect((await pick(me, 'A', 2, 1)).statusCode).toBe(200);
    expect((await setBanker(me, 'A')).statusCode).toBe(200);
    const picksOfMe = () =>
      t.request({
        method: 'GET',
        url: `/api/leagues/${league.id}/members/${me.id}/picks?season=${TEST_SEASON}&gameweek=1`,
        cookie: rival.cookie,
      });
    expect((await picksOfMe()).json().picks).toEqual([]);

    t.clock.set('2025-08-16T13:00:00Z');
    expect(
      (await picksOfMe())
        .json()
        .picks.map((p: { fixtureId: string; prediction: { banker: boolean } }) => [p.fixtureId, p.prediction.banker]),
    ).toEqual([['A', true]]);

    t.clock.set('2025-08-16T16:00:00Z');
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/results/A',
          cookie: admin.cookie,
          payload: { homeScore: 2, awayScore: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const board = (
      await t.request({ method: 'GET', url: `/api/leaderboard?season=${TEST_SEASON}`, cookie: rival.cookie })
    ).json();
    expect(board.rows.find((r: { userId: string }) => r.userId === me.id)).toMatchObject({ points: 6 });
    const mine = (
      await t.request({
        method: 'GET',
        url: `/api/predictions/board?season=${TEST_SEASON}&gameweek=1`,
        cookie: me.cookie,
      })
    ).json();
    expect(mine.matches.find((m: { fixture: { id: string } }) => m.fixture.id === 'A').prediction).toMatchObject({
      points: 6,
      outcome: 'exact',
      banker: true,
    });
    const summary = (
      await t.request({ method: 'GET', url: `/api/me/gameweeks/1/summary?season=${TEST_SEASON}`, cookie: me.cookie })
    ).json();
    expect(summary.totals).toMatchObject({ points: 6, exact: 1 });
    // A correction keeps the doubling exact.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/results/A',
          cookie: admin.cookie,
          payload: { homeScore: 3, awayScore: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const corrected = (
      await t.request({ method: 'GET', url: `/api/leaderboard?season=${TEST_SEASON}`, cookie: rival.cookie })
    ).json();
    expect(corrected.rows.find((r: { userId: string }) => r.userId === me.id)).toMatchObject({ points: 2 });
  });
});
