import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD, type BuiltUser } from '../../test/factories.js';
import { buildFixture, OTHER_SEASON, OTHER_SEASON_FIXTURE } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { updateFixture } from '../../seasons/fixtures-repository.js';
import { LEAGUE_GONE, NOT_A_MEMBER } from '../leagues/routes.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

type Player = BuiltUser & { cookie: string };
async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<Player> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const ORIGIN = { origin: 'http://localhost:3000' };
const get = (url: string, p?: { cookie: string }) => t.request({ method: 'GET', url, cookie: p?.cookie });
const gameweek = async (p: Player, gw: number, league?: string) => {
  const res = await get(`/api/pick-shares?gameweek=${gw}${league ? `&league=${league}` : ''}`, p);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const one = async (p: Player, fixtureId: string, league?: string) => {
  const res = await get(`/api/pick-shares/${fixtureId}${league ? `?league=${league}` : ''}`, p);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shares;
};
async function leagueOf(owner: Player, ...joiners: Player[]) {
  const created = await t.request({
    method: 'POST',
    url: '/api/leagues',
    cookie: owner.cookie,
    payload: { name: 'Pub League' },
    headers: ORIGIN,
  });
  const { league } = created.json() as { league: { id: string; code: string } };
  for (const j of joiners)
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/leagues/join',
          cookie: j.cookie,
          payload: { code: league.code },
          headers: ORIGIN,
        })
      ).statusCode,
    ).toBe(200);
  return league;
}
const pick = (p: Player, fixtureId: string, homeScore: number, awayScore: number) =>
  buildPrediction(t.app.deps.db, {
    userId: p.id,
    fixtureId,
    homeScore,
    awayScore,
    predictedAt: '2025-08-19T10:00:00.000Z',
  });

const SAT = '2025-08-23T14:00:00.000Z';
const SAT_DEADLINE = '2025-08-23T12:00:00.000Z';

describe('before the deadline', () => {
  test('nothing about the picks on either route or scope, not even how many; from the deadline instant, the shares', async () => {
    const [alice, bob, carol, erin] = [await player(), await player(), await player(), await player()];
    const league = await leagueOf(alice, bob);
    const f = await buildFixture(t.app.deps.db, { kickoffAt: SAT, gameweek: 3 });
    // One pick through the route itself, as a player makes it.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/predictions/${f.id}`,
          cookie: alice.cookie,
          payload: { homeScore: 2, awayScore: 1 },
          headers: ORIGIN,
        })
      ).statusCode,
    ).toBe(200);
    await pick(bob, f.id, 2, 1);
    await pick(carol, f.id, 1, 1);
    await pick(erin, f.id, 0, 2);

    const hidden = { fixtureId: f.id, available: false, opensAt: SAT_DEADLINE };
    for (const now of ['2025-08-20T12:00:00.000Z', '2025-08-23T11:59:59.999Z']) {
      t.clock.set(now);
      for (const scope of [undefined, league.id]) {
        const week = await gameweek(bob, 3, scope);
        expect(week.fixtures).toEqual([hidden]);
        expect(await one(bob, f.id, scope)).toEqual(hidden);
      }
    }

    t.clock.set(SAT_DEADLINE);
    expect(await one(bob, f.id)).toEqual({
      fixtureId: f.id,
      available: true,
      predictions: 4,
      sides: { home: { count: 2, percent: 50 }, draw: { count: 1, percent: 25 }, away: { count: 1, percent: 25 } },
      topScores: [
        { homeScore: 2, awayScore: 1, count: 2, percent: 50 },
        { homeScore: 0, awayScore: 2, count: 1, percent: 25 },
        { homeScore: 1, awayScore: 1, count: 1, percent: 25 },
      ],
    });
    // The league of two shows its two picks (each can see the other's after the deadline anyway).
    const inLeague = await gameweek(bob, 3, league.id);
    expect(inLeague.league).toEqual({ id: league.id, name: 'Pub League' });
    expect(inLeague.fixtures[0]).toMatchObject({
      available: true,
      predictions: 2,
      sides: { home: { count: 2, percent: 100 } },
      topScores: [{ homeScore: 2, awayScore: 1, count: 2, percent: 100 }],
    });
  });

  test("a gameweek answers each match by its own deadline, in the board's order, with the server's clock", async () => {
    const alice = await player();
    const early = await buildFixture(t.app.deps.db, {
      kickoffAt: '2025-08-20T13:30:00.000Z',
      gameweek: 3,
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    });
    const late = await buildFixture(t.app.deps.db, { kickoffAt: SAT, gameweek: 3 });
    await buildFixture(t.app.deps.db, {
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
      homeTeam: 'Burnley FC',
      awayTeam: 'Brentford FC',
    });
    await pick(alice, early.id, 3, 0);
    await pick(alice, late.id, 3, 0);
    const week = await gameweek(alice, 3);
    expect(week).toMatchObject({ now: '2025-08-20T12:00:00.000Z', season: '2025-26', gameweek: 3, league: null });
    expect(week.fixtures).toEqual([
      expect.objectContaining({ fixtureId: early.id, available: true, predictions: 1 }),
      { fixtureId: late.id, available: false, opensAt: SAT_DEADLINE },
    ]);
  });
});

describe('after the deadline', () => {
  test('a match nobody predicted has no shares and no scores', async () => {
    const alice = await player();
    const f = await buildFixture(t.app.deps.db, { kickoffAt: '2025-08-20T13:00:00.000Z', gameweek: 3 });
    expect(await one(alice, f.id)).toEqual({
      fixtureId: f.id,
      available: true,
      predictions: 0,
      sides: { home: { count: 0, percent: 0 }, draw: { count: 0, percent: 0 }, away: { count: 0, percent: 0 } },
      topScores: [],
    });
  });

  test("counts one season's fixture only, whatever else players predicted; a past season's gameweek by ?season=", async () => {
    const alice = await player();
    const f = await buildFixture(t.app.deps.db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await pick(alice, f.id, 0, 0);
    await buildResult(t.app.deps.db, { fixtureId: f.id, homeScore: 1, awayScore: 0 });
    expect((await gameweek(alice, 1)).fixtures).toEqual([
      expect.objectContaining({
        fixtureId: f.id,
        predictions: 1,
        sides: expect.objectContaining({ draw: { count: 1, percent: 100 } }),
      }),
    ]);
    // Every player the factory builds predicted the other season's first match 1-0 (factories-season.ts).
    const past = await get(`/api/pick-shares?season=${OTHER_SEASON}&gameweek=1`, alice);
    expect(past.json().fixtures.find((s: { fixtureId: string }) => s.fixtureId === OTHER_SEASON_FIXTURE)).toMatchObject(
      { available: true, predictions: 1 },
    );
    expect((await get('/api/pick-shares?season=1999-00&gameweek=1', alice)).statusCode).toBe(404);
  });

  test('a match postponed before its deadline stays hidden with no opening time; one postponed or moved after it stays shown', async () => {
    const alice = await player();
    const { db } = t.app.deps;
    const before = await buildFixture(db, { kickoffAt: SAT, gameweek: 3 });
    const after = await buildFixture(db, {
      kickoffAt: '2025-08-20T13:00:00.000Z',
      gameweek: 3,
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    });
    const moved = await buildFixture(db, {
      kickoffAt: '2025-08-20T13:30:00.000Z',
      gameweek: 3,
      homeTeam: 'Burnley FC',
      awayTeam: 'Brentford FC',
    });
    for (const f of [before, after, moved]) await pick(alice, f.id, 1, 0);
    const postpone = (f: typeof before) =>
      updateFixture(
        db,
        f.id,
        {
          homeTeam: f.homeTeam,
          awayTeam: f.awayTeam,
          kickoffAt: null,
          localDate: f.localDate,
          localTime: null,
          gameweek: 3,
          league: f.league,
          postponed: 1,
        },
        t.clock.nowIso(),
      );
    await postpone(before);
    await postpone(after);
    await updateFixture(
      db,
      moved.id,
      {
        homeTeam: moved.homeTeam,
        awayTeam: moved.awayTeam,
        kickoffAt: '2025-09-27T14:00:00.000Z',
        localDate: '2025-09-27',
        localTime: '15:00',
        gameweek: 3,
        league: moved.league,
        postponed: 0,
      },
      t.clock.nowIso(),
    );
    expect(await one(alice, before.id)).toEqual({ fixtureId: before.id, available: false, opensAt: null });
    expect(await one(alice, after.id)).toMatchObject({ available: true, predictions: 1 });
    expect(await one(alice, moved.id)).toMatchObject({ available: true, predictions: 1 });
    // A match moved later before its deadline stays hidden until its new deadline.
    const later = await buildFixture(db, {
      kickoffAt: SAT,
      gameweek: 3,
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
    });
    await updateFixture(
      db,
      later.id,
      {
        homeTeam: later.homeTeam,
        awayTeam: later.awayTeam,
        kickoffAt: '2025-08-30T14:00:00.000Z',
        localDate: '2025-08-30',
        localTime: '15:00',
        gameweek: 3,
        league: later.league,
        postponed: 0,
      },
      t.clock.nowIso(),
    );
    t.clock.set('2025-08-23T13:00:00.000Z');
    expect(await one(alice, later.id)).toEqual({
      fixtureId: later.id,
      available: false,
      opensAt: '2025-08-30T12:00:00.000Z',
    });
  });
});

describe('the cache', () => {
  test('follows a fixture move: a match moved after its deadline is counted afresh, with the picks it had', async () => {
    const [alice, bob] = [await player(), await player()];
    const { db } = t.app.deps;
    const f = await buildFixture(db, { kickoffAt: '2025-08-20T13:00:00.000Z', gameweek: 3 });
    await pick(alice, f.id, 1, 0);
    expect(await one(alice, f.id)).toMatchObject({ predictions: 1 });
    // A row no route wrote and no event announced (as a save committing at the deadline would be): the kept count stands…
    await pick(bob, f.id, 0, 1);
    t.clock.set('2025-08-20T13:10:00.000Z');
    expect(await one(alice, f.id)).toMatchObject({ predictions: 1 });
    // …until the match moves (its deadline had passed: it stays closed, and shown).
    const admin = await player({ role: 'admin' });
    const moved = await t.request({
      method: 'PUT',
      url: `/api/admin/fixtures/${f.id}`,
      cookie: admin.cookie,
      payload: { homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC', date: '2025-09-27', time: '15:00' },
      headers: ORIGIN,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await one(alice, f.id)).toMatchObject({
      available: true,
      predictions: 2,
      sides: { home: { count: 1, percent: 50 }, away: { count: 1, percent: 50 } },
    });
  });

  test('a league follows its members: a join after the deadline adds their pick, a leave and a deleted account take theirs away', async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const { db } = t.app.deps;
    const f = await buildFixture(db, { kickoffAt: '2025-08-20T13:00:00.000Z', gameweek: 3 });
    await pick(alice, f.id, 1, 0);
    await pick(bob, f.id, 2, 2);
    await pick(carol, f.id, 0, 3);
    const league = await leagueOf(alice);
    expect(await one(alice, f.id, league.id)).toMatchObject({ predictions: 1 });
    expect(await one(alice, f.id)).toMatchObject({ predictions: 3 });
    await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      cookie: bob.cookie,
      payload: { code: league.code },
      headers: ORIGIN,
    });
    await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      cookie: carol.cookie,
      payload: { code: league.code },
      headers: ORIGIN,
    });
    expect(await one(alice, f.id, league.id)).toMatchObject({ predictions: 3 });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/leagues/${league.id}/leave`,
          cookie: bob.cookie,
          payload: {},
          headers: ORIGIN,
        })
      ).statusCode,
    ).toBe(200);
    expect(await one(alice, f.id, league.id)).toMatchObject({
      predictions: 2,
      sides: { draw: { count: 0, percent: 0 } },
    });
    const deleted = await t.request({
      method: 'POST',
      url: '/api/me/account/delete',
      cookie: carol.cookie,
      payload: { password: DEFAULT_PASSWORD },
      headers: ORIGIN,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await one(alice, f.id, league.id)).toMatchObject({ predictions: 1 });
    expect(await one(alice, f.id)).toMatchObject({ predictions: 2 });
  });
});

describe('who may ask', () => {
  test('a visitor gets 401; an unknown league 404; a league the caller is not in 403, as the league routes answer', async () => {
    const [alice, outsider] = [await player(), await player()];
    const league = await leagueOf(alice);
    const f = await buildFixture(t.app.deps.db, { kickoffAt: '2025-08-20T13:00:00.000Z', gameweek: 3 });
    await pick(alice, f.id, 1, 0);
    for (const url of ['/api/pick-shares?gameweek=3', `/api/pick-shares/${f.id}`])
      expect((await get(url)).statusCode).toBe(401);
    for (const url of [
      `/api/pick-shares?gameweek=3&league=${league.id}`,
      `/api/pick-shares/${f.id}?league=${league.id}`,
    ]) {
      const refused = await get(url, outsider);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(NOT_A_MEMBER);
      expect(refused.body).not.toMatch(/predictions|topScores/);
    }
    const unknown = await get('/api/pick-shares?gameweek=3&league=no-such-league', alice);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(LEAGUE_GONE);
    // An unverified player reads shares like the Live Matches screen they may use.
    const unverified = await player({ emailVerified: false });
    expect(await one(unverified, f.id)).toMatchObject({ available: true, predictions: 1 });
  });

  test('refuses a bad gameweek or an unknown match with a clear answer', async () => {
    const alice = await player();
    for (const q of ['', 'gameweek=0', 'gameweek=abc', 'gameweek=100'])
      expect((await get(`/api/pick-shares?${q}`, alice)).statusCode, q).toBe(400);
    const missing = await get('/api/pick-shares/no-such-match', alice);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This match does not exist.');
    // An over-long id is refused before any lookup (the app refuses long paths as a whole: 414).
    expect([400, 414]).toContain((await get(`/api/pick-shares/${'x'.repeat(201)}`, alice)).statusCode);
    expect((await get(`/api/pick-shares?gameweek=1&league=${'x'.repeat(101)}`, alice)).statusCode).toBe(400);
  });
});

test('the OpenAPI document describes both routes, their scope and their two kinds of answer', async () => {
  const doc = (await get('/api/openapi.json')).json() as {
    paths: Record<string, { get?: { parameters?: Array<{ name: string }>; responses: Record<string, unknown> } }>;
  };
  for (const path of ['/api/pick-shares', '/api/pick-shares/{fixtureId}']) {
    const op = doc.paths[path]?.get;
    expect(op, path).toBeDefined();
    expect(op!.parameters?.map((p) => p.name)).toContain('league');
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '403', '404']));
  }
  const answer = JSON.stringify(doc.paths['/api/pick-shares/{fixtureId}']!.get!.responses['200']);
  expect(answer).toContain('opensAt');
  expect(answer).toContain('topScores');
});
