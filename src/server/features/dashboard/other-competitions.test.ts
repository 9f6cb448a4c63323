import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { buildCompetitionSeason } from '../../test/knockout-world.js';

/**
 * The dashboard leads with the Premier League; a player who also plays the World Cup (a pick in
 * it, or a league of it) sees its next deadline too, whatever the competition. Thursday 11 June
 * 2026, noon UTC: the World Cup's first matches are open, the Premier League is between seasons.
 */
const WC = 'world-cup-2026';
let t: TestApp;
const cookies: Record<'fan' | 'leaguer' | 'other', string> = { fan: '', leaguer: '', other: '' };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-11T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const at = new Date().toISOString();
  await buildCompetitionSeason(db, WC);
  const match = (id: string, kickoffAt: string, gameweek: number, extra: Record<string, string> = {}) =>
    buildFixture(db, {
      id,
      seasonId: WC,
      kickoffAt,
      gameweek,
      homeTeam: `${id} home`,
      awayTeam: `${id} away`,
      ...extra,
    });
  await match('WC1', '2026-06-11T19:00:00.000Z', 1);
  await match('WC2', '2026-06-11T22:00:00.000Z', 1);
  await match('WC3', '2026-06-12T19:00:00.000Z', 2);
  // A knockout match whose teams are not known: no pick, so no deadline of the player's.
  await match('KO', '2026-06-11T15:00:00.000Z', 1);
  await db
    .updateTable('fixtures')
    .set({ homeLabel: 'Winner Group A', awayLabel: 'Runner-up Group B' })
    .where('id', '=', 'KO')
    .execute();
  t.app.deps.seasons.clear();

  for (const who of ['fan', 'leaguer', 'other'] as const) {
    const u = await buildUser(db, handle.dialect);
    cookies[who] = await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET);
    if (who === 'fan')
      await buildPrediction(db, { userId: u.id, fixtureId: 'WC2', homeScore: 1, awayScore: 0, predictedAt: at });
  }
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/leagues',
    headers: { cookie: cookies.leaguer },
    payload: { name: 'Cup Crew', competition: 'world-cup', knockoutRule: 'extra-time' },
  });
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(() => t.close());

const elsewhere = async (who: keyof typeof cookies) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: cookies[who] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dashboard.elsewhere as unknown[];
};

describe('the dashboard across competitions', () => {
  test('a player with a pick in the World Cup sees its next deadline, and how many of its open matches they predicted', async () => {
    expect(await elsewhere('fan')).toEqual([
      {
        seasonId: WC,
        competitionId: 'world-cup',
        gameweek: 1,
        open: 2,
        predicted: 1,
        // Two hours before the first kick-off whose teams are known.
        deadline: '2026-06-11T17:00:00.000Z',
      },
    ]);
  });

  test('a player in a World Cup league sees it too; a player of the Premier League only does not', async () => {
    expect(await elsewhere('leaguer')).toMatchObject([{ seasonId: WC, open: 2, predicted: 0 }]);
    expect(await elsewhere('other')).toEqual([]);
  });
});

describe('what the dashboard keeps of the competitions a player plays', () => {
  test('follows the player’s first pick in the World Cup and their joining a World Cup league at once', async () => {
    const pick = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const joiner = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const { AUTH_SECRET } = t.app.deps.config;
    const as = async (id: string) => buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, id, AUTH_SECRET);
    const seen = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).json().dashboard
        .elsewhere as unknown[];
    const pickCookie = await as(pick.id);
    const joinerCookie = await as(joiner.id);
    // Read once (and kept) while they play the Premier League only.
    expect(await seen(pickCookie)).toEqual([]);
    expect(await seen(joinerCookie)).toEqual([]);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/predictions/WC1',
      headers: { cookie: pickCookie },
      payload: { homeScore: 2, awayScore: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(() => seen(pickCookie)).toMatchObject([{ seasonId: WC, predicted: 1 }]);

    const league = await t.app.inject({
      method: 'POST',
      url: '/api/leagues',
      headers: { cookie: cookies.leaguer },
      payload: { name: 'Second Crew', competition: 'world-cup' },
    });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/leagues/join',
      headers: { cookie: joinerCookie },
      payload: { code: league.json().league.code },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await expect.poll(() => seen(joinerCookie)).toMatchObject([{ seasonId: WC, predicted: 0 }]);
  });
});
