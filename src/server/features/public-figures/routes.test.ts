import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { PUBLIC_FIGURES_MIN_PLAYERS, publicFiguresDto } from '../../../contract/public-figures.js';
import { PUBLIC_FIGURES_TTL_MS } from './routes.js';

/** The landing page's figures: counted from the current season's data, public, private-free, kept for a minute. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const figures = async () => {
  const res = await t.request({ method: 'GET', url: '/api/public-figures' });
  expect(res.statusCode).toBe(200);
  return { body: publicFiguresDto.parse(res.json()), raw: res.body, headers: res.headers };
};

async function players(n: number, fixtures: string[]) {
  const { db, handle } = t.app.deps;
  const made = [];
  for (let i = 0; i < n; i++) {
    const u = await buildUser(db, handle.dialect, { teamName: `Secret Team ${i}` });
    for (const fixtureId of fixtures)
      await buildPrediction(db, { userId: u.id, fixtureId, homeScore: i % 4, awayScore: 1 });
    made.push(u);
  }
  return made;
}

describe('GET /api/public-figures', () => {
  it('shows no figures while the season has few players, then the true counts of this season only; nothing private', async () => {
    const { db } = t.app.deps;
    const played = await buildFixture(db, {
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    });
    const open = await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 });
    await buildResult(db, { fixtureId: played.id, homeScore: 1, awayScore: 1 });
    // Each player built also has a prediction in the other, finished season: not counted.
    const some = await players(PUBLIC_FIGURES_MIN_PLAYERS - 1, [played.id, open.id]);
    const few = await figures();
    expect(few.body).toEqual({ season: { id: TEST_SEASON, label: '2025/26' }, figures: null });
    expect(few.headers['cache-control']).toBe(`public, max-age=${PUBLIC_FIGURES_TTL_MS / 1000}`);

    t.clock.advance(PUBLIC_FIGURES_TTL_MS);
    const more = [...some, ...(await players(1, [open.id]))];
    const counted = await figures();
    expect(counted.body.figures).toEqual({
      players: PUBLIC_FIGURES_MIN_PLAYERS,
      predictions: 2 * (PUBLIC_FIGURES_MIN_PLAYERS - 1) + 1,
      results: 1,
    });
    for (const u of more) {
      for (const secret of [u.id, u.email, u.teamName!]) expect(counted.raw).not.toContain(secret);
    }
    expect(Object.keys(counted.body)).toEqual(['season', 'figures']);
  });

  it('is answered from what it kept for a minute, however many ask, then counted again', async () => {
    const { db } = t.app.deps;
    const open = await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 });
    await players(PUBLIC_FIGURES_MIN_PLAYERS, [open.id]);
    const first = await figures();
    expect(first.body.figures?.players).toBe(PUBLIC_FIGURES_MIN_PLAYERS);

    // New players meanwhile: the kept answer is served, to many requests at once.
    await players(2, [open.id]);
    t.clock.advance(PUBLIC_FIGURES_TTL_MS - 1);
    const burst = await Promise.all(Array.from({ length: 20 }, () => figures()));
    for (const b of burst) expect(b.body).toEqual(first.body);

    t.clock.advance(1);
    expect((await figures()).body.figures?.players).toBe(PUBLIC_FIGURES_MIN_PLAYERS + 2);
  });
});
