import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { noKnockoutsIn, QUALIFIER_POINTS_MESSAGE } from '../../../contract/leagues.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildCompetitionSeason } from '../../test/knockout-world.js';

/**
 * A league's points for naming who goes through a knockout tie, as creating one enforces them:
 * a whole number from 0 to the maximum, and only in a competition that plays knockout ties.
 */
let t: TestApp;
let cookie: string;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-06-01T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const user = await buildUser(db, handle.dialect);
  cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
  await buildCompetitionSeason(db, 'world-cup-2026');
  await buildFixture(db, {
    seasonId: 'world-cup-2026',
    homeTeam: 'Spain',
    awayTeam: 'Argentina',
    kickoffAt: '2026-07-19T19:00:00.000Z',
    gameweek: 23,
    stage: 'final',
  });
  t.app.deps.seasons.clear();
});
afterEach(async () => {
  await t.close();
});

const create = (payload: object) =>
  t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name: 'Sweepstake', ...payload } });
const leagueCount = async () => (await t.app.deps.db.selectFrom('leagues').select('id').execute()).length;

describe('creating a league with qualifier points', () => {
  test('a World Cup league takes them, and says so', async () => {
    const res = await create({ competition: 'world-cup', knockoutRule: 'extra-time', qualifierPoints: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().league).toMatchObject({
      competition: 'world-cup',
      knockoutRule: 'extra-time',
      qualifierPoints: 3,
    });
    // Left out: none.
    const plain = await create({ competition: 'world-cup' });
    expect(plain.json().league.qualifierPoints).toBe(0);
  });

  test('a Premier League league cannot have them: it plays no ties', async () => {
    const before = await leagueCount();
    const res = await create({ competition: 'premier-league', qualifierPoints: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'no_knockouts', message: noKnockoutsIn('premier-league') });
    expect(await leagueCount()).toBe(before);
    expect((await create({ competition: 'premier-league', qualifierPoints: 0 })).statusCode).toBe(201);
  });

  test('only a whole number from 0 to the maximum', async () => {
    const before = await leagueCount();
    for (const qualifierPoints of [-1, 6, 1.5, '2', null, 1e9]) {
      const res = await create({ competition: 'world-cup', qualifierPoints });
      expect(res.statusCode, String(qualifierPoints)).toBe(400);
      expect(res.body).toContain(QUALIFIER_POINTS_MESSAGE);
    }
    expect(await leagueCount()).toBe(before);
  });
});
