import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { conflict, notFound } from '../../errors.js';
import { predictionSaver } from './repository.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';

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
      qualifier: null,
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

describe('predictionSaver, many players at once', () => {
  const pick = (userId: string, fixtureId: string, homeScore: number, awayScore = 0) => ({
    userId,
    fixtureId,
    homeScore,
    awayScore,
    predictedAt: '2025-08-10T09:00:00.000Z',
    points: null,
    outcome: null,
    qualifier: null,
  });
  const closedCheck = (found: FixtureRow | undefined) => {
    if (!found) throw notFound('gone');
    if (found.id === 'CLOSED') throw conflict('closed', 'deadline_passed');
    return found;
  };
  const stored = (fixtureIds: string[]) =>
    t.app.deps.db
      .selectFrom('predictions')
      .select(['userId', 'fixtureId', 'homeScore', 'awayScore'])
      .where('fixtureId', 'in', fixtureIds)
      .execute()
      .then((rows) => rows.map((r) => `${r.userId}:${r.fixtureId}:${r.homeScore}-${r.awayScore}`).sort());

  beforeEach(async () => {
    const { db } = t.app.deps;
    await buildFixture(db, { id: 'OPEN', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await buildFixture(db, {
      id: 'CLOSED',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
    });
  });

  test('one batch of many players with a refused save among them: each answered for itself, every accepted one stored', async () => {
    const { db, handle } = t.app.deps;
    const players = await Promise.all(Array.from({ length: 24 }, () => buildUser(db, handle.dialect)));
    const save = predictionSaver(handle);
    const results = await Promise.allSettled(
      players.map((u, i) => save(pick(u.id, i === 7 ? 'CLOSED' : 'OPEN', i % 10, i % 3), closedCheck)),
    );
    expect(results.map((r) => r.status)).toEqual(players.map((_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect((results[7] as PromiseRejectedResult).reason).toMatchObject({ message: 'closed' });
    for (const [i, r] of results.entries()) {
      if (i !== 7) expect(r).toMatchObject({ status: 'fulfilled', value: { fixture: { id: 'OPEN' }, banker: false } });
    }
    expect(await stored(['OPEN', 'CLOSED'])).toEqual(
      players.flatMap((u, i) => (i === 7 ? [] : [`${u.id}:OPEN:${i % 10}-${i % 3}`])).sort(),
    );
  });

  test('the same pick twice in one batch: the later save is the one stored, both answered', async () => {
    const { db, handle } = t.app.deps;
    const [ann, ben] = [await buildUser(db, handle.dialect), await buildUser(db, handle.dialect)];
    const save = predictionSaver(handle);
    const results = await Promise.all([
      save(pick(ann!.id, 'OPEN', 1, 1), closedCheck),
      save(pick(ben!.id, 'OPEN', 2, 0), closedCheck),
      save(pick(ann!.id, 'OPEN', 4, 2), closedCheck),
    ]);
    expect(results.map((r) => r.fixture.id)).toEqual(['OPEN', 'OPEN', 'OPEN']);
    expect(await stored(['OPEN'])).toEqual([`${ann!.id}:OPEN:4-2`, `${ben!.id}:OPEN:2-0`].sort());
  });

  test('a save that makes its batch fail (its player is gone) fails alone: the others are stored', async () => {
    const { db, handle } = t.app.deps;
    const players = await Promise.all(Array.from({ length: 5 }, () => buildUser(db, handle.dialect)));
    const save = predictionSaver(handle);
    const results = await Promise.allSettled([
      ...players.slice(0, 2).map((u) => save(pick(u.id, 'OPEN', 1), closedCheck)),
      save(pick('no-such-player', 'OPEN', 2), closedCheck),
      ...players.slice(2).map((u) => save(pick(u.id, 'OPEN', 3), closedCheck)),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await stored(['OPEN'])).toEqual(players.map((u, i) => `${u.id}:OPEN:${i < 2 ? 1 : 3}-0`).sort());
  });
});
