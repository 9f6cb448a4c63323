import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { scoreCounts } from './repository.js';

let t: TestApp;
const FIXTURES = ['ps1', 'ps2', 'ps3'];

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  for (const [i, id] of FIXTURES.entries())
    await buildFixture(db, {
      id,
      homeTeam: 'Liverpool FC',
      awayTeam: 'AFC Bournemouth',
      kickoffAt: `2025-08-1${5 + i}T19:00:00.000Z`,
      gameweek: 1,
    });
  for (let u = 0; u < 4; u++) {
    const user = await buildUser(t.app.deps.db, handle.dialect);
    for (const [i, fixtureId] of FIXTURES.entries())
      await buildPrediction(db, { userId: user.id, fixtureId, homeScore: (u + i) % 2, awayScore: 1 });
  }
});
afterAll(() => t.close());

const sorted = (rows: Awaited<ReturnType<typeof scoreCounts>>) =>
  [...rows].sort((a, b) =>
    `${a.fixtureId}:${a.homeScore}-${a.awayScore}`.localeCompare(`${b.fixtureId}:${b.homeScore}-${b.awayScore}`),
  );

describe("every player's pick counts of several matches", () => {
  it('are the counts of each match, read together or one by one', async () => {
    const { db } = t.app.deps;
    const together = sorted(await scoreCounts(db, FIXTURES, null));
    expect(together).toEqual(
      FIXTURES.flatMap((fixtureId) => [
        { fixtureId, homeScore: 0, awayScore: 1, count: 2 },
        { fixtureId, homeScore: 1, awayScore: 1, count: 2 },
      ]),
    );
    const oneByOne = sorted((await Promise.all(FIXTURES.map((id) => scoreCounts(db, [id], null)))).flat());
    expect(together).toEqual(oneByOne);
  });

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'on SQLite let requests that arrive meanwhile be served between matches',
    async () => {
      // A request arriving while the counts are read is served in the loop's next turn: before the
      // counts end only if the read lets the loop turn (one statement for every match would not).
      let served = false;
      setImmediate(() => setImmediate(() => (served = true)));
      await scoreCounts(t.app.deps.db, FIXTURES, null);
      expect(served).toBe(true);
    },
  );
});
