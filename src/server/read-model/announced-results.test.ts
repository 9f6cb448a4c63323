import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture, OTHER_SEASON, TEST_SEASON } from '../test/factories-season.js';
import { buildResult } from '../test/factories-game.js';
import { tag, type Tag } from './index.js';

/**
 * A result the app saves is announced by its change, which says what it moved (its season's
 * points, its own gameweek); the read model's watch for results written beside the server must not
 * take the same write for an unannounced one and drop every season's values with it. A result
 * written with no change announced is still seen, in its own season only.
 */
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  await buildFixture(db, {
    id: 'a1',
    homeTeam: 'Liverpool FC',
    awayTeam: 'AFC Bournemouth',
    kickoffAt: '2025-08-15T19:00:00.000Z',
    gameweek: 1,
  });
  await buildFixture(db, {
    id: 'a2',
    homeTeam: 'Aston Villa FC',
    awayTeam: 'Newcastle United FC',
    kickoffAt: '2025-08-16T11:30:00.000Z',
    gameweek: 2,
  });
});
afterAll(() => t.close());

/** A value kept with `tags`, and whether the next read of it is the same value (kept) or a new one. */
function probe(name: string, tags: Tag[]) {
  const read = () => t.app.deps.readModel.get(`probe:${name}`, tags, async () => ({ name }));
  return { read };
}

describe('what a result moves, as the read model follows it', () => {
  it('an announced result drops its season and gameweek, not another season or gameweek', async () => {
    const otherPoints = probe('other-points', [tag.seasonPoints(OTHER_SEASON), tag.gameweeksOf(OTHER_SEASON)]);
    const otherFixtures = probe('other-fixtures', [tag.seasonFixtures(OTHER_SEASON)]);
    const gameweek2 = probe('gw2', [tag.gameweek(TEST_SEASON, 2)]);
    const gameweek1 = probe('gw1', [tag.gameweek(TEST_SEASON, 1)]);
    const points = probe('points', [tag.seasonPoints(TEST_SEASON)]);
    const before = await Promise.all([otherPoints, otherFixtures, gameweek2, gameweek1, points].map((p) => p.read()));

    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/results/a1',
      cookie: adminCookie,
      payload: { homeScore: 2, awayScore: 0 },
    });
    expect(saved.statusCode).toBe(200);

    const after = await Promise.all([otherPoints, otherFixtures, gameweek2, gameweek1, points].map((p) => p.read()));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).toBe(before[2]);
    expect(after[3]).not.toBe(before[3]);
    expect(after[4]).not.toBe(before[4]);
  });

  it('a result written with no change announced drops what its season shows, in that season only', async () => {
    const otherPoints = probe('other-points-2', [tag.seasonPoints(OTHER_SEASON)]);
    const gameweek2 = probe('gw2-2', [tag.gameweek(TEST_SEASON, 2)]);
    const points = probe('points-2', [tag.seasonPoints(TEST_SEASON)]);
    const before = await Promise.all([otherPoints, gameweek2, points].map((p) => p.read()));

    // A script beside the server: every gameweek of the season may have moved, as far as anyone knows.
    await buildResult(t.app.deps.db, { fixtureId: 'a2', homeScore: 1, awayScore: 1 });

    const after = await Promise.all([otherPoints, gameweek2, points].map((p) => p.read()));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
  });
});
