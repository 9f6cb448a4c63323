import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { generateLeagueCode } from '../../../game/league-code.js';

let t: TestApp;
let me: BuiltUser;
let rival: BuiltUser;
let third: BuiltUser;
let myCookie: string;
let rivalCookie: string;

const addLeague = async (id: string, members: BuiltUser[]) => {
  const { db } = t.app.deps;
  await db
    .insertInto('leagues')
    .values({
      id,
      name: `League ${id}`,
      code: `CODE${id}`.padEnd(8, 'X').slice(0, 8),
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: members[0]!.id,
      createdAt: '2025-08-01T00:00:00.000Z',
    })
    .execute();
  for (const [i, m] of members.entries())
    await db
      .insertInto('leagueMembers')
      .values({ leagueId: id, userId: m.id, joinedAt: `2025-08-0${i + 1}T00:00:00.000Z` })
      .execute();
};

// Sunday 31 August 2025: gameweeks 1 and 2 played and scored; gameweek 3 still open for predictions.
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-31T18:00:00Z' });
  const { db, handle, config } = t.app.deps;
  [me, rival, third] = [
    await buildUser(db, handle.dialect),
    await buildUser(db, handle.dialect),
    await buildUser(db, handle.dialect),
  ];
  myCookie = await buildSessionCookie(db, handle.dialect, me.id, config.AUTH_SECRET);
  rivalCookie = await buildSessionCookie(db, handle.dialect, rival.id, config.AUTH_SECRET);
  await buildFixture(db, { id: 'F1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  await buildFixture(db, {
    id: 'F2a',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    gameweek: 2,
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
  });
  await buildFixture(db, {
    id: 'F2b',
    kickoffAt: '2025-08-23T16:30:00.000Z',
    gameweek: 2,
    homeTeam: 'Fulham FC',
    awayTeam: 'Brentford FC',
  });
  await buildFixture(db, {
    id: 'F3',
    kickoffAt: '2025-09-13T14:00:00.000Z',
    gameweek: 3,
    homeTeam: 'Chelsea FC',
    awayTeam: 'Arsenal FC',
  });
  const pick = (u: BuiltUser, fixtureId: string, homeScore: number, awayScore: number) =>
    buildPrediction(db, { userId: u.id, fixtureId, homeScore, awayScore });
  await pick(me, 'F1', 1, 0); // exact: 3
  await pick(rival, 'F1', 2, 0); // outcome: 1
  await pick(third, 'F1', 0, 0); // wrong: 0
  await pick(me, 'F2a', 0, 1); // wrong
  await pick(rival, 'F2a', 2, 2); // exact
  await pick(me, 'F2b', 1, 0); // wrong
  await pick(rival, 'F2b', 1, 1); // exact
  await pick(rival, 'F3', 7, 7); // open: nobody else may see it
  await buildResult(db, { fixtureId: 'F1', homeScore: 1, awayScore: 0 });
  await buildResult(db, { fixtureId: 'F2a', homeScore: 2, awayScore: 2 });
  await buildResult(db, { fixtureId: 'F2b', homeScore: 1, awayScore: 1 });
  await addLeague('L1', [me, rival, third]);
  await addLeague('L2', [rival, me]);
});
afterEach(async () => {
  await t.close();
});

const summary = (gameweek: string | number, cookie: string | null = myCookie, qs = '') =>
  t.request({ url: `/api/me/gameweeks/${gameweek}/summary${qs}`, cookie: cookie ?? undefined });

describe('GET /api/me/gameweeks/:gameweek/summary', () => {
  test('each pick beside its result with its points, the gameweek total, and the rank in each league with the move since the gameweek before', async () => {
    const res = await summary(2);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ season: '2025-26', gameweek: 2, scoredGameweeks: [1, 2] });
    expect(
      body.matches.map(
        (m: {
          fixture: { id: string; result: { homeScore: number } | null };
          prediction: { homeScore: number; points: number } | null;
        }) => [m.fixture.id, m.fixture.result?.homeScore, m.prediction?.homeScore, m.prediction?.points],
      ),
    ).toEqual([
      ['F2a', 2, 0, 0],
      ['F2b', 1, 1, 0],
    ]);
    expect(body.totals).toEqual({ points: 0, exact: 0, scored: 2, predicted: 2, results: 2 });
    // After gameweek 1: me 3, rival 1, third 0. After gameweek 2: rival 7, me 3.
    expect(body.leagues).toEqual([
      {
        leagueId: 'L1',
        name: 'League L1',
        position: 2,
        previousPosition: 1,
        change: 'down',
        memberCount: 3,
        points: 3,
      },
      {
        leagueId: 'L2',
        name: 'League L2',
        position: 2,
        previousPosition: 1,
        change: 'down',
        memberCount: 2,
        points: 3,
      },
    ]);
    expect(body.overall).toEqual({ rank: 2, players: 2 });
    const rivals = (await summary(2, rivalCookie)).json();
    expect(rivals.totals).toMatchObject({ points: 6, exact: 2 });
    expect(rivals.leagues[0]).toMatchObject({ leagueId: 'L2', position: 1, change: 'up' });
  });

  test('the ranks move at once when a result changes or a member joins, though the summary was read before', async () => {
    const { db, handle, config } = t.app.deps;
    expect((await summary(2)).json().leagues[0]).toMatchObject({
      leagueId: 'L1',
      position: 2,
      memberCount: 3,
      points: 3,
    });
    // The admin corrects F2a to 0–1: my pick becomes exact (3 more), the rival's wrong (3 fewer).
    const admin = await buildUser(db, handle.dialect, { role: 'admin' });
    const adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
    const corrected = await t.request({
      method: 'PUT',
      url: '/api/admin/results/F2a',
      payload: { homeScore: 0, awayScore: 1 },
      cookie: adminCookie,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await summary(2)).json().leagues[0]).toMatchObject({
      leagueId: 'L1',
      position: 1,
      memberCount: 3,
      points: 6,
    });
    // A fourth player joins L1 by its code: the league now has four members.
    const newcomer = await buildUser(db, handle.dialect);
    const newcomerCookie = await buildSessionCookie(db, handle.dialect, newcomer.id, config.AUTH_SECRET);
    const code = generateLeagueCode();
    await db.updateTable('leagues').set({ code }).where('id', '=', 'L1').execute();
    const joined = await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      payload: { code },
      cookie: newcomerCookie,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    expect((await summary(2)).json().leagues[0]).toMatchObject({ leagueId: 'L1', memberCount: 4 });
  });

  test('an earlier gameweek ranks by the points up to it; the first scored gameweek has no move', async () => {
    const body = (await summary(1)).json();
    expect(body.totals).toEqual({ points: 3, exact: 1, scored: 1, predicted: 1, results: 1 });
    expect(body.leagues[0]).toEqual({
      leagueId: 'L1',
      name: 'League L1',
      position: 1,
      previousPosition: null,
      change: 'same',
      memberCount: 3,
      points: 3,
    });
    // The other season's points (every built player has 3 in 2024/25) are not in this one.
    expect(body.matches).toHaveLength(1);
  });

  test('shows only the caller’s own picks: another player’s open prediction never appears', async () => {
    const mine = await summary(3);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().matches).toMatchObject([{ fixture: { id: 'F3', result: null }, prediction: null }]);
    expect(mine.body).not.toContain(rival.id);
    expect(mine.body).not.toMatch(/"homeScore":7/);
    // The caller is always the session's user: a userId in the query is ignored.
    const spoof = await summary(3, myCookie, `?userId=${rival.id}`);
    expect(spoof.json().matches[0].prediction).toBeNull();
    expect((await summary(3, rivalCookie)).json().matches[0].prediction).toMatchObject({
      homeScore: 7,
      awayScore: 7,
      points: null,
    });
  });

  test('a visitor gets 401; hostile gameweeks are a 400; a gameweek without matches or an unknown season is a 404', async () => {
    expect((await summary(2, null)).statusCode).toBe(401);
    for (const bad of ['0', '-1', '1e9', 'abc', '2.5', '%00']) {
      const res = await summary(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const none = await summary(40);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Gameweek 40 has no matches this season.');
    expect((await summary(2, myCookie, '?season=1999-00')).statusCode).toBe(404);
  });

  test('a past season’s gameweek is its own: ?season= names it', async () => {
    const body = (await summary(1, myCookie, '?season=2024-25')).json();
    expect(body.season).toBe('2024-25');
    expect(body.totals).toMatchObject({ points: 3, exact: 1 });
    expect(body.matches.map((m: { fixture: { seasonId: string } }) => m.fixture.seasonId)).toEqual([
      '2024-25',
      '2024-25',
    ]);
  });
});

describe('GET /api/me/gameweeks/latest', () => {
  test('the gameweek of the most recent result; a match brought forward from a later round does not win', async () => {
    await buildFixture(t.app.deps.db, {
      id: 'EARLY',
      kickoffAt: '2025-08-20T19:00:00.000Z',
      gameweek: 5,
      homeTeam: 'Everton FC',
      awayTeam: 'Chelsea FC',
    });
    await buildResult(t.app.deps.db, { fixtureId: 'EARLY', homeScore: 1, awayScore: 1 });
    const res = await t.request({ url: '/api/me/gameweeks/latest', cookie: myCookie });
    expect(res.json()).toEqual({ season: '2025-26', gameweek: 2 });
    expect((await t.request({ url: '/api/me/gameweeks/latest?season=2024-25', cookie: myCookie })).json()).toEqual({
      season: '2024-25',
      gameweek: 2,
    });
  });

  test('null before any result; a visitor gets 401; an unknown season is a 404', async () => {
    await t.app.deps.db.deleteFrom('results').where('fixtureId', 'in', ['F1', 'F2a', 'F2b']).execute();
    expect((await t.request({ url: '/api/me/gameweeks/latest', cookie: myCookie })).json()).toEqual({
      season: '2025-26',
      gameweek: null,
    });
    expect((await t.request({ url: '/api/me/gameweeks/latest' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/me/gameweeks/latest?season=nope', cookie: myCookie })).statusCode).toBe(404);
  });
});
