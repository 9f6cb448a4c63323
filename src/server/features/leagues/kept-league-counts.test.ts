import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildCompetitionSeason } from '../../test/knockout-world.js';
import { countsUnderLeague } from './extra-time-counts.js';
import { seasonDecidedTies } from './decided-ties.js';
import type { LiveEvent } from '../../realtime/bus.js';

/**
 * A league that scores after extra time and gives points for naming who goes through reads the
 * season's counts under its rule and the season's settled ties from the read model: kept between
 * requests, and read again after every result that moves them (saved, corrected, cleared), on
 * both databases. The World Cup final, Spain v Argentina: Alice picks 1-0 (Spain through), Bob
 * 0-0 with Argentina through.
 */
const SEASON = 'world-cup-2026';
const FINAL = 'final-spain-argentina';
const KICK_OFF = '2026-07-19T19:00:00.000Z';

let t: TestApp;
let admin: string;
let alice: BuiltUser & { cookie: string };
let bob: BuiltUser & { cookie: string };
let leagueId: string;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-07-18T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const player = async (role: 'admin' | 'player' = 'player') => {
    const user = await buildUser(db, handle.dialect, { role });
    return { ...user, cookie: await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET) };
  };
  admin = (await player('admin')).cookie;
  alice = await player();
  bob = await player();
  await buildCompetitionSeason(db, SEASON);
  await buildFixture(db, {
    id: FINAL,
    seasonId: SEASON,
    homeTeam: 'Spain',
    awayTeam: 'Argentina',
    kickoffAt: KICK_OFF,
    gameweek: 23,
    stage: 'final',
  });
  t.app.deps.seasons.clear();

  const created = await t.request({
    method: 'POST',
    url: '/api/leagues',
    cookie: alice.cookie,
    payload: { name: 'Final four', competition: 'world-cup', knockoutRule: 'extra-time', qualifierPoints: 3 },
  });
  expect(created.statusCode, created.body).toBe(201);
  leagueId = created.json().league.id;
  const joined = await t.request({
    method: 'POST',
    url: '/api/leagues/join',
    cookie: bob.cookie,
    payload: { code: created.json().league.code },
  });
  expect(joined.statusCode, joined.body).toBe(200);
});
afterEach(async () => {
  await t.close();
});

const pick = async (cookie: string, payload: object) => {
  const res = await t.request({ method: 'PUT', url: `/api/predictions/${FINAL}`, cookie, payload });
  expect(res.statusCode, res.body).toBe(200);
};
const saveResult = async (payload: object) => {
  const res = await t.request({ method: 'PUT', url: `/api/admin/results/${FINAL}`, cookie: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
};
/** Each player's points in the league's season table: [Alice, Bob]. */
const table = async () => {
  const res = await t.request({
    method: 'GET',
    url: `/api/leagues/${leagueId}/table?season=${SEASON}`,
    cookie: alice.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().rows as Array<{ userId: string; points: number }>;
  return [alice, bob].map((p) => rows.find((r) => r.userId === p.id)?.points);
};
/** A member's pick on the final as the league shows it: its points and its points for the team through. */
const shownPick = async (member: BuiltUser) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/leagues/${leagueId}/members/${member.id}/picks?season=${SEASON}`,
    cookie: alice.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  const p = (
    res.json().picks as Array<{ fixtureId: string; prediction: { points: unknown; qualifierPoints: unknown } }>
  ).find((x) => x.fixtureId === FINAL);
  return { points: p?.prediction.points, qualifierPoints: p?.prediction.qualifierPoints };
};
/** The viewer's points in the league after the final's gameweek, as their gameweek summary shows them. */
const summaryPoints = async (viewer: { cookie: string }) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/me/gameweeks/23/summary?season=${SEASON}`,
    cookie: viewer.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().leagues as Array<{ leagueId: string; points: number }>).find((l) => l.leagueId === leagueId)
    ?.points;
};

describe("a league's counts under its rule and the season's settled ties, kept", () => {
  test('every read after a result saved, corrected or cleared shows it, though each was read before', async () => {
    // Picks on the final before its deadline.
    await pick(alice.cookie, { homeScore: 1, awayScore: 0 });
    await pick(bob.cookie, { homeScore: 0, awayScore: 0, qualifier: 'away' });
    t.clock.set('2026-07-19T22:00:00Z');

    // Read with no result: the kept values know of no tie settled and no extra time.
    expect(await table()).toEqual([0, 0]);
    expect(await shownPick(bob)).toEqual({ points: null, qualifierPoints: null });

    // 0-0 after 90 minutes, 1-0 after extra time: Alice's exact score and Spain through.
    await saveResult({ homeScore: 0, awayScore: 0, extraTime: { homeScore: 1, awayScore: 0 } });
    expect(await table()).toEqual([6, 0]);
    expect(await shownPick(alice)).toEqual({ points: 3, qualifierPoints: 3 });
    expect(await shownPick(bob)).toEqual({ points: 0, qualifierPoints: 0 });
    expect(await summaryPoints(alice)).toBe(6);

    // Corrected: 0-0 after extra time, Argentina through on penalties: Bob's exact score and team.
    await saveResult({
      homeScore: 0,
      awayScore: 0,
      extraTime: { homeScore: 0, awayScore: 0 },
      penalties: { homeScore: 3, awayScore: 4 },
    });
    expect(await table()).toEqual([0, 6]);
    expect(await shownPick(alice)).toEqual({ points: 0, qualifierPoints: 0 });
    expect(await shownPick(bob)).toEqual({ points: 3, qualifierPoints: 3 });
    expect(await summaryPoints(bob)).toBe(6);

    // Cleared: nobody scores, no tie is settled.
    const cleared = await t.request({ method: 'DELETE', url: `/api/admin/results/${FINAL}`, cookie: admin });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await table()).toEqual([0, 0]);
    expect(await shownPick(bob)).toEqual({ points: null, qualifierPoints: null });
  });

  test('kept between reads until a change of their season touches them; a saved pick or another season does not', async () => {
    const league = { knockoutRule: 'extra-time' as const, qualifierPoints: 3 };
    await pick(alice.cookie, { homeScore: 1, awayScore: 0 });
    t.clock.set('2026-07-19T22:00:00Z');
    await saveResult({ homeScore: 0, awayScore: 0, extraTime: { homeScore: 1, awayScore: 0 } });

    const counts = await countsUnderLeague(t.app, SEASON, league);
    const ties = await seasonDecidedTies(t.app, SEASON);
    expect(ties.get(FINAL)).toBe('home');
    expect(await countsUnderLeague(t.app, SEASON, league)).toBe(counts);
    expect(await seasonDecidedTies(t.app, SEASON)).toBe(ties);

    const { bus } = t.app.deps;
    await bus.publish({ type: 'prediction.saved', seasonId: SEASON, userId: bob.id });
    await bus.publish({ type: 'results.changed', seasonId: '2025-26', gameweeks: [1] });
    expect(await countsUnderLeague(t.app, SEASON, league)).toBe(counts);
    expect(await seasonDecidedTies(t.app, SEASON)).toBe(ties);

    // Each kind of league keeps its own; the default rule reads the kept counts themselves.
    const qualifiersOnly = await countsUnderLeague(t.app, SEASON, { knockoutRule: 'ninety', qualifierPoints: 2 });
    expect(qualifiersOnly).not.toBe(counts);

    for (const change of [
      { type: 'results.changed', seasonId: SEASON, gameweeks: [23] },
      { type: 'fixtures.changed', seasonId: SEASON },
      { type: 'gameweeks.changed', seasonId: SEASON },
      { type: 'account.deleted', seasons: [SEASON] },
    ] satisfies LiveEvent[]) {
      const before = await countsUnderLeague(t.app, SEASON, league);
      await bus.publish(change);
      expect(await countsUnderLeague(t.app, SEASON, league), change.type).not.toBe(before);
    }
    // Only what its season's fixtures carry moves the settled ties (an in-play score too: it is cheap).
    for (const change of [
      { type: 'results.changed', seasonId: SEASON, gameweeks: [23] },
      { type: 'fixtures.changed', seasonId: SEASON },
      { type: 'live-score.changed', seasonId: SEASON },
    ] satisfies LiveEvent[]) {
      const before = await seasonDecidedTies(t.app, SEASON);
      await bus.publish(change);
      expect(await seasonDecidedTies(t.app, SEASON), change.type).not.toBe(before);
    }
  });

  test('a result written with no change announced is seen before the next read', async () => {
    await pick(bob.cookie, { homeScore: 0, awayScore: 0, qualifier: 'away' });
    t.clock.set('2026-07-19T22:00:00Z');
    await saveResult({ homeScore: 0, awayScore: 0, extraTime: { homeScore: 1, awayScore: 0 } });
    expect(await shownPick(bob)).toEqual({ points: 0, qualifierPoints: 0 });
    expect(await table()).toEqual([0, 0]);

    // A script corrects the result and rescoring beside the server: no change is published.
    const { db } = t.app.deps;
    await db
      .updateTable('results')
      .set({
        homeScoreEt: 0,
        awayScoreEt: 0,
        homePenalties: 3,
        awayPenalties: 4,
        updatedAt: '2026-07-19T22:30:00.000Z',
      })
      .where('fixtureId', '=', FINAL)
      .execute();
    expect(await shownPick(bob)).toEqual({ points: 3, qualifierPoints: 3 });
    expect(await table()).toEqual([0, 6]);
  });
});
