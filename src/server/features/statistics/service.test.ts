import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { STANDARD_RULE } from '../../../game/scoring.js';
import { seasonCounts } from '../../points/season-totals.js';
import { createCountsReader } from '../../points/counts-reader.js';
import { createReadModel } from '../../read-model/index.js';
import { gameweekExact, gameweekPoints, type SeasonCounts } from '../../points/season-counts.js';
import { turnsDuring } from '../../test/event-loop.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-30T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

/** Counts as plain data: each gameweek's standard points and exact scores per player. */
function plain(counts: SeasonCounts) {
  const scoring = { rule: STANDARD_RULE, bankersAllowed: true };
  return Object.fromEntries(
    [...counts.byGameweek.keys()]
      .sort((a, b) => a - b)
      .map((gameweek) => {
        const points = gameweekPoints(counts, gameweek, scoring);
        const exact = gameweekExact(counts, gameweek);
        const rows = [...counts.slots.keys()]
          .filter((id) => points(id) !== undefined)
          .sort()
          .map((id) => [id, points(id), exact(id)]);
        return [gameweek, rows];
      }),
  );
}

/** Alice and Bob pick four fixtures of gameweeks 1 and 2; the admin saves results. */
async function world() {
  const { db, handle, config } = t.app.deps;
  const fixtures = [
    { id: 'A1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 },
    { id: 'A2', kickoffAt: '2025-08-16T16:00:00.000Z', gameweek: 1 },
    { id: 'B1', kickoffAt: '2025-08-23T14:00:00.000Z', gameweek: 2 },
    { id: 'B2', kickoffAt: '2025-08-23T16:00:00.000Z', gameweek: 2 },
  ];
  for (const f of fixtures) await buildFixture(db, f);
  const alice = await buildUser(db, handle.dialect);
  const bob = await buildUser(db, handle.dialect);
  for (const f of fixtures) {
    await buildPrediction(db, { userId: alice.id, fixtureId: f.id, homeScore: 2, awayScore: 1 });
    await buildPrediction(db, { userId: bob.id, fixtureId: f.id, homeScore: 1, awayScore: 0 });
  }
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const cookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  const result = async (fixtureId: string, homeScore: number, awayScore: number) => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/results/${fixtureId}`,
      cookie,
      payload: { homeScore, awayScore },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { result };
}

/** What reading the whole season gives now (a reader that has read nothing before). */
const wholeRead = () =>
  createCountsReader(() => t.app.deps.db, createReadModel({ bus: t.app.deps.bus })).read(TEST_SEASON);

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
    const { value: counts, turns } = await turnsDuring(() => seasonCounts(t.app, TEST_SEASON));
    expect(turns).toBeGreaterThanOrEqual(gameweeks.length);
    expect([...counts.byGameweek.keys()].sort()).toEqual(gameweeks);
  });

  test('after a result, reads again only the season total and the gameweeks whose results moved, as a whole read gives', async () => {
    const { result } = await world();
    await result('A1', 2, 1);
    await result('B1', 1, 0);
    const first = await seasonCounts(t.app, TEST_SEASON);
    expect(plain(first)).toEqual(plain(await wholeRead()));

    // A result in gameweek 2: gameweek 1 is kept as it was.
    await result('B2', 2, 1);
    const second = await seasonCounts(t.app, TEST_SEASON);
    expect(second).not.toBe(first);
    expect(second.byGameweek.get(1)).toBe(first.byGameweek.get(1));
    expect(second.byGameweek.get(2)).not.toBe(first.byGameweek.get(2));
    expect(plain(second)).toEqual(plain(await wholeRead()));
    expect(plain(second)[2]).not.toEqual(plain(first)[2]);

    // A corrected result of gameweek 1 (points move between the players): read again.
    await result('A1', 1, 0);
    const third = await seasonCounts(t.app, TEST_SEASON);
    expect(third.byGameweek.get(1)).not.toBe(second.byGameweek.get(1));
    expect(third.byGameweek.get(2)).toBe(second.byGameweek.get(2));
    expect(plain(third)).toEqual(plain(await wholeRead()));
    expect(plain(third)[1]).not.toEqual(plain(second)[1]);
  });

  test('reads the whole season again after an announced move of fixtures, and at least every minute', async () => {
    const { result } = await world();
    await result('A1', 2, 1);
    let clock = 0;
    const reader = createCountsReader(() => t.app.deps.db, createReadModel({ bus: t.app.deps.bus }), {
      now: () => clock,
    });
    const first = await reader.read(TEST_SEASON);
    // Nothing moved: every gameweek is kept.
    const again = await reader.read(TEST_SEASON);
    expect(again.byGameweek.get(1)).toBe(first.byGameweek.get(1));

    await t.app.deps.bus.publish({ type: 'fixtures.changed', seasonId: TEST_SEASON });
    const afterMove = await reader.read(TEST_SEASON);
    expect(afterMove.byGameweek.get(1)).not.toBe(again.byGameweek.get(1));
    expect(plain(afterMove)).toEqual(plain(first));

    clock += 59_000;
    const within = await reader.read(TEST_SEASON);
    expect(within.byGameweek.get(1)).toBe(afterMove.byGameweek.get(1));
    clock += 2_000;
    const afterMinute = await reader.read(TEST_SEASON);
    expect(afterMinute.byGameweek.get(1)).not.toBe(within.byGameweek.get(1));
  });
});
