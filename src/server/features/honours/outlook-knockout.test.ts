import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildCompetitionSeason } from '../../test/knockout-world.js';

/**
 * What can still happen in a World Cup league with points for naming who goes through: the final
 * still to play may add the exact score (doubled by a banker) and the team named, so nobody is
 * declared out of it or champion while those points are still there to win.
 */
const WC = 'world-cup-2026';
let t: TestApp;
let cookie: string;
let leagueId: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-07-10T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  await buildCompetitionSeason(db, WC);
  await buildFixture(db, {
    seasonId: WC,
    homeTeam: 'Spain',
    awayTeam: 'Argentina',
    kickoffAt: '2026-07-19T19:00:00.000Z',
    gameweek: 23,
    stage: 'final',
  });
  t.app.deps.seasons.clear();
  const user = await buildUser(db, handle.dialect);
  cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
  const made = await t.request({
    method: 'POST',
    url: '/api/leagues',
    cookie,
    payload: { name: 'Sweepstake', competition: 'world-cup', qualifierPoints: 2 },
  });
  expect(made.statusCode, made.body).toBe(201);
  leagueId = made.json().league.id;
});
afterAll(() => t.close());

describe('what can still happen with qualifier points', () => {
  test('the final still to play may add its exact score, a banker on it and the team named', async () => {
    const res = await t.request({ method: 'GET', url: `/api/leagues/${leagueId}/outlook?season=${WC}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().rows as Array<{ availableSeason: number; availableGameweek: number | null }>;
    // 3 for the exact score, 3 more as the gameweek's banker, 2 for naming who goes through.
    expect(row).toMatchObject({ availableSeason: 3 + 3 + 2 });
  });
});
