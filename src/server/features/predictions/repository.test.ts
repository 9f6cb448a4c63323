import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { conflict, notFound } from '../../errors.js';
import { predictionSaver } from './repository.js';
import type { FixtureRow } from '../fixtures/queries.js';

/**
 * The save behind PUT /api/predictions (predictions/repository.ts): saves made in the same moment
 * are committed together on SQLite. Each is still checked on the fixture as read in the
 * transaction and answered for itself; a refused one writes nothing and costs the others nothing.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T09:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('predictionSaver', () => {
  test('saves started together: each checked and answered for itself, the accepted ones all stored', async () => {
    const { db, handle } = t.app.deps;
    const players = [
      await buildUser(db, handle.dialect),
      await buildUser(db, handle.dialect),
      await buildUser(db, handle.dialect),
    ];
    await buildFixture(db, { id: 'OPEN', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await buildFixture(db, {
      id: 'LOCKED',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
    });
    const save = predictionSaver(handle, { batchMax: 2 });
    const seen: string[] = [];
    const check = (found: FixtureRow | undefined) => {
      if (!found) throw notFound('gone');
      seen.push(found.id);
      if (found.id === 'LOCKED') throw conflict('closed', 'deadline_passed');
      return found;
    };
    const pick = (userId: string, fixtureId: string, homeScore: number) => ({
      userId,
      fixtureId,
      homeScore,
      awayScore: 0,
      predictedAt: '2025-08-10T09:00:00.000Z',
      points: null,
      outcome: null,
    });
    // Five saves in the same tick, two per transaction at most: three batches.
    const results = await Promise.allSettled([
      save(pick(players[0]!.id, 'OPEN', 1), check),
      save(pick(players[1]!.id, 'LOCKED', 2), check),
      save(pick(players[1]!.id, 'OPEN', 3), check),
      save(pick(players[2]!.id, 'NOWHERE', 4), check),
      save(pick(players[2]!.id, 'OPEN', 5), check),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.fixture.id : (r.reason as Error).message))).toEqual([
      'OPEN',
      'closed',
      'OPEN',
      'gone',
      'OPEN',
    ]);
    // Each found fixture checked once (PostgreSQL runs the saves' transactions side by side, so in any order).
    expect([...seen].sort()).toEqual(['LOCKED', 'OPEN', 'OPEN', 'OPEN']);
    const rows = await db
      .selectFrom('predictions')
      .select(['userId', 'fixtureId', 'homeScore'])
      .where('fixtureId', 'in', ['OPEN', 'LOCKED'])
      .execute();
    expect(rows.map((r) => `${r.userId}:${r.fixtureId}:${r.homeScore}`).sort()).toEqual(
      [`${players[0]!.id}:OPEN:1`, `${players[1]!.id}:OPEN:3`, `${players[2]!.id}:OPEN:5`].sort(),
    );
  });
});
