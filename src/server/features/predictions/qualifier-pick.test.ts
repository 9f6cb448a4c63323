import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { QUALIFIER_MESSAGE } from '../../../contract/predictions.js';
import { QUALIFIER_CONTRADICTS_MESSAGE, QUALIFIER_NOT_A_TIE_MESSAGE } from '../../../game/qualifier.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';

/**
 * Naming who goes through a knockout tie with a pick (src/game/qualifier.ts), as the server
 * enforces it: only on a match that decides a tie, never against the predicted winner of a
 * one-match knockout, only `home` or `away`; a refused save changes nothing, and the pick reads
 * back with the team named.
 */
const KICKOFF = '2025-08-16T14:00:00.000Z';
let t: TestApp;
let alice: BuiltUser;
let cookie: string;

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T09:00:00Z' });
  const { db, handle, config } = t.app.deps;
  alice = await buildUser(db, handle.dialect);
  cookie = await buildSessionCookie(db, handle.dialect, alice.id, config.AUTH_SECRET);
  await buildFixture(db, { id: 'LEAGUE', kickoffAt: KICKOFF, gameweek: 1 });
  await buildFixture(db, {
    id: 'FINAL',
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
    kickoffAt: KICKOFF,
    gameweek: 1,
    stage: 'final',
  });
  await buildFixture(db, {
    id: 'LEG1',
    homeTeam: 'Fulham FC',
    awayTeam: 'Brentford FC',
    kickoffAt: KICKOFF,
    gameweek: 1,
    stage: 'round-of-16',
    leg: 1,
  });
  await buildFixture(db, {
    id: 'LEG2',
    homeTeam: 'Brentford FC',
    awayTeam: 'Fulham FC',
    kickoffAt: KICKOFF,
    gameweek: 1,
    stage: 'round-of-16',
    leg: 2,
  });
});
afterEach(async () => {
  await t.close();
});

const put = (fixtureId: string, payload: unknown) =>
  t.request({ method: 'PUT', url: `/api/predictions/${fixtureId}`, payload: payload as object, cookie });
const stored = (fixtureId: string) =>
  t.app.deps.db
    .selectFrom('predictions')
    .select(['homeScore', 'awayScore', 'qualifier'])
    .where('userId', '=', alice.id)
    .where('fixtureId', '=', fixtureId)
    .executeTakeFirst();

describe('a pick naming who goes through', () => {
  test('a predicted draw in a one-match knockout names its team, and reads back with it', async () => {
    const res = await put('FINAL', { homeScore: 1, awayScore: 1, qualifier: 'away' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().prediction.prediction).toMatchObject({ homeScore: 1, awayScore: 1, qualifier: 'away' });
    expect(await stored('FINAL')).toEqual({ homeScore: 1, awayScore: 1, qualifier: 'away' });

    const list = await t.request({ method: 'GET', url: `/api/predictions?season=${TEST_SEASON}`, cookie });
    // The player's own download holds what they said too.
    const exported = (await t.request({ method: 'GET', url: '/api/me/export', cookie })).json() as {
      predictions: Array<{ fixtureId: string; qualifier: string | null }>;
    };
    expect(exported.predictions.find((p) => p.fixtureId === 'FINAL')?.qualifier).toBe('away');
    expect(
      list.json().predictions.find((p: { fixture: { id: string } }) => p.fixture.id === 'FINAL').prediction.qualifier,
    ).toBe('away');

    // A save is the whole pick: a predicted winner without a team named says that winner goes through.
    expect((await put('FINAL', { homeScore: 2, awayScore: 0 })).statusCode).toBe(200);
    expect(await stored('FINAL')).toEqual({ homeScore: 2, awayScore: 0, qualifier: null });
  });

  test('a second leg names its team outright, whatever the score', async () => {
    expect((await put('LEG2', { homeScore: 2, awayScore: 0, qualifier: 'away' })).statusCode).toBe(200);
    expect(await stored('LEG2')).toEqual({ homeScore: 2, awayScore: 0, qualifier: 'away' });
  });

  test('is refused where no tie is decided, and changes nothing', async () => {
    for (const id of ['LEAGUE', 'LEG1']) {
      expect((await put(id, { homeScore: 1, awayScore: 0 })).statusCode).toBe(200);
      const res = await put(id, { homeScore: 3, awayScore: 3, qualifier: 'home' });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.message).toBe(QUALIFIER_NOT_A_TIE_MESSAGE);
      expect(await stored(id)).toEqual({ homeScore: 1, awayScore: 0, qualifier: null });
    }
  });

  test('is refused against the predicted winner of a one-match knockout', async () => {
    const res = await put('FINAL', { homeScore: 2, awayScore: 1, qualifier: 'away' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(QUALIFIER_CONTRADICTS_MESSAGE);
    expect(await stored('FINAL')).toBeUndefined();
  });

  test('takes only home or away', async () => {
    for (const qualifier of ['draw', 'Liverpool FC', 1, true, 'x'.repeat(10_000), { side: 'home' }]) {
      const res = await put('FINAL', { homeScore: 1, awayScore: 1, qualifier });
      expect(res.statusCode, String(qualifier).slice(0, 20)).toBe(400);
      expect(res.body).toContain(QUALIFIER_MESSAGE);
    }
    expect(await stored('FINAL')).toBeUndefined();
  });
});
