import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { importSeasonFixtures } from '../../seasons/fixtures-repository.js';
import { builtInSeasonFixtures } from '../../seasons/builtin.js';
import { saveGameweekDefinition } from '../../seasons/gameweeks-repository.js';

const importBuiltIn = () =>
  importSeasonFixtures(t.app.deps.db, TEST_SEASON, builtInSeasonFixtures('2025-26'), t.app.deps.clock.nowIso(), {
    updateExisting: true,
  });

/**
 * The current gameweek was once computed three ways: with no stored gameweek definitions,
 * /api/gameweeks and the Predictions board said 8 while /api/dashboard said 1 with no upcoming
 * matches. Now the calendar's gameweek is decided in one place (gameweeks/service.ts
 * `resolveGameweeks`) and the gameweek a player's board and dashboard open on in another
 * (gameweeks/opening.ts `resolveOpening`, decision record 0041), used by both screens alike. Away
 * from match day the two agree; these tests hold them to that, and the board and the dashboard to
 * each other always.
 */
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function everyAnswer() {
  const { db, handle, config } = t.app.deps;
  const user = await buildUser(db, handle.dialect);
  const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
  const gameweeks = await t.request({ method: 'GET', url: '/api/gameweeks' });
  const board = await t.request({ method: 'GET', url: '/api/predictions/board', cookie });
  const dashboard = await t.request({ method: 'GET', url: '/api/dashboard', cookie });
  expect([gameweeks.statusCode, board.statusCode, dashboard.statusCode]).toEqual([200, 200, 200]);
  return {
    current: {
      gameweeks: gameweeks.json().openingGameweek as number,
      board: board.json().openingGameweek as number,
      dashboard: dashboard.json().dashboard.gameweek as number,
    },
    boardOpensOn: board.json().gameweek as number,
    upcoming: dashboard.json().dashboard.upcoming as Array<{ gameweek: number }>,
    nextOpen: (board.json().nextOpen as { gameweek: number } | null)?.gameweek ?? null,
    custom: gameweeks.json().custom as boolean,
  };
}

describe('the current gameweek of /api/gameweeks, and the one the Predictions board and the dashboard open on', () => {
  test('no stored definitions, the season imported, Saturday 18 October 2025: all say gameweek 8, with its matches upcoming', async () => {
    t = await createTestApp({ now: '2025-10-18T09:00:00Z' });
    await importBuiltIn();
    const a = await everyAnswer();
    expect(a.custom).toBe(false);
    expect(a.current).toEqual({ gameweeks: 8, board: 8, dashboard: 8 });
    expect(a.boardOpensOn).toBe(8);
    expect(a.upcoming).toHaveLength(5);
    expect(a.upcoming.every((f) => f.gameweek === 8)).toBe(true);
  });

  test('the date’s gameweek has no fixtures: all move on to the next gameweek that has some', async () => {
    t = await createTestApp({ now: '2025-10-18T09:00:00Z' });
    await buildFixture(t.app.deps.db, { gameweek: 5, kickoffAt: '2025-09-20T14:00:00.000Z' });
    await buildFixture(t.app.deps.db, { gameweek: 11, kickoffAt: '2025-11-08T15:00:00.000Z' });
    const a = await everyAnswer();
    expect(a.current).toEqual({ gameweeks: 11, board: 11, dashboard: 11 });
    expect(a.upcoming.map((f) => f.gameweek)).toEqual([11]);
  });

  test('stored definitions move the calendar’s gameweek; the board and the dashboard still open on the next match to predict', async () => {
    t = await createTestApp({ now: '2025-10-18T09:00:00Z' });
    await importBuiltIn();
    await saveGameweekDefinition(
      t.app.deps.db,
      TEST_SEASON,
      { gameweek: 9, startDate: '2025-10-10', endDate: '2025-10-30' },
      t.app.deps.clock.nowIso(),
    );
    const a = await everyAnswer();
    expect(a.custom).toBe(true);
    expect(a.current).toEqual({ gameweeks: 9, board: 8, dashboard: 8 });
  });

  test('match day, once a gameweek’s last match is inside its deadline: all stay on it until its last result (decision record 0108), the next open gameweek second', async () => {
    // Gameweek 8's last match kicks off on Monday 20 October at 19:00 UTC.
    t = await createTestApp({ now: '2025-10-20T17:30:00Z' });
    await importBuiltIn();
    const a = await everyAnswer();
    expect(a.current).toEqual({ gameweeks: 8, board: 8, dashboard: 8 });
    expect(a.upcoming.length).toBeGreaterThan(0);
    expect(a.upcoming.every((f) => f.gameweek === 8)).toBe(true);
    expect(a.nextOpen).toBe(9);
  });

  test('after the season, every route stays on its last gameweek', async () => {
    t = await createTestApp({ now: '2026-11-23T12:00:00Z' });
    await importBuiltIn();
    const a = await everyAnswer();
    expect(a.current).toEqual({ gameweeks: 38, board: 38, dashboard: 38 });
    expect(a.upcoming).toEqual([]);
  });
});
