import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { matchScoreProblem } from '../../../game/knockout.js';

let t: TestApp;
let adminCookie: string;

// A knockout match played on Saturday 23 August 2025 (its kick-off is behind the clock).
beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-23T18:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  for (const [id, kickoffAt] of [
    ['KO1', '2025-08-23T11:30:00.000Z'],
    ['KO2', '2025-08-23T14:00:00.000Z'],
  ] as const)
    await buildFixture(db, {
      id,
      kickoffAt,
      gameweek: 2,
      homeTeam: id === 'KO1' ? 'Liverpool FC' : 'Fulham FC',
      awayTeam: id === 'KO1' ? 'Everton FC' : 'Brentford FC',
    });
});
afterAll(() => t.close());

const saveAll = (results: unknown[]) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/results', headers: { cookie: adminCookie }, payload: { results } });
const fixtureOf = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/fixtures?season=${TEST_SEASON}` });
  return (res.json() as { fixtures: Array<{ id: string; result: unknown }> }).fixtures.find((f) => f.id === id);
};

describe('the results desk with extra time and penalties', () => {
  test('a save of several results keeps the score after extra time and the shoot-out, and every fixture shows them', async () => {
    const res = await saveAll([
      {
        fixtureId: 'KO1',
        homeScore: 1,
        awayScore: 1,
        extraTime: { homeScore: 1, awayScore: 1 },
        penalties: { homeScore: 4, awayScore: 3 },
      },
      { fixtureId: 'KO2', homeScore: 2, awayScore: 0 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await fixtureOf('KO1')).toMatchObject({
      result: {
        homeScore: 1,
        awayScore: 1,
        final: true,
        extraTime: { homeScore: 1, awayScore: 1 },
        penalties: { homeScore: 4, awayScore: 3 },
      },
    });
    // A match without extra time answers as before: no extra fields.
    expect((await fixtureOf('KO2'))?.result).toEqual({ homeScore: 2, awayScore: 0, final: true });
  });

  test('scores that cannot belong together are refused on both routes, with the rule’s message, and nothing changes', async () => {
    const penaltiesOnly = { homeScore: 0, awayScore: 0, penalties: { homeScore: 5, awayScore: 4 } };
    const message = matchScoreProblem({
      ninety: { homeScore: 0, awayScore: 0 },
      penalties: { homeScore: 5, awayScore: 4 },
    });
    const bulk = await saveAll([{ fixtureId: 'KO2', ...penaltiesOnly }]);
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().error.details.rows).toEqual([{ fixtureId: 'KO2', code: 'validation_error', message }]);
    const one = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/results/KO2',
      headers: { cookie: adminCookie },
      payload: { homeScore: 2, awayScore: 1, extraTime: { homeScore: 1, awayScore: 1 } },
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.message).toBe(
      'The score after extra time includes the goals of the 90 minutes, so neither side can have fewer.',
    );
    expect((await fixtureOf('KO2'))?.result).toEqual({ homeScore: 2, awayScore: 0, final: true });
  });
});
