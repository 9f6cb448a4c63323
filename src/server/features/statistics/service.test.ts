import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { seasonCounts } from './service.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe("reading a season's counts", () => {
  test('lets other work run between the reads of two gameweeks, and reads the season total with them', async () => {
    const { db, handle } = t.app.deps;
    const player = await buildUser(db, handle.dialect);
    const gameweeks = [0, 1, 2, 3, 4, 5];
    await db
      .insertInto('userPoints')
      .values(
        gameweeks.map((gameweek) => ({ seasonId: TEST_SEASON, gameweek, userId: player.id, points: 3, exact: 1 })),
      )
      .execute();
    // On SQLite every read answers at once: without a pause between them the whole season is read
    // in one task, and what waits in the event loop (other requests) runs only after it.
    let turns = 0;
    let reading = true;
    const count = () => {
      if (!reading) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    const counts = await seasonCounts(t.app, TEST_SEASON);
    reading = false;
    expect(turns).toBeGreaterThanOrEqual(gameweeks.length);
    expect([...counts.byGameweek.keys()].sort()).toEqual(gameweeks);
  });
});
