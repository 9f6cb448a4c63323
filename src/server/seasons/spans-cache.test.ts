import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createLocalBus } from '../realtime/bus.js';
import { createSeasonSpans } from './spans-cache.js';
import { createReadModel } from '../read-model/index.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

test('answers from memory until an event or the TTL drops what a read put there', async () => {
  const bus = createLocalBus();
  let clock = 0;
  const readModel = createReadModel({ bus });
  const spans = createSeasonSpans(() => t.app.deps.db, readModel, { ttlMs: 1_000, now: () => clock });
  // A list read from the database is a new array each time; the same array is the one kept in memory.
  const read = await spans.spans();
  expect(read.length).toBeGreaterThan(0);
  expect(await spans.spans()).toBe(read);
  // A player's own pick and a result move no span; a fixtures change does.
  await bus.publish({ type: 'prediction.saved', seasonId: 'x', userId: 'someone' });
  await bus.publish({ type: 'results.changed', seasonId: 'x' });
  expect(await spans.spans()).toBe(read);
  await bus.publish({ type: 'fixtures.changed', seasonId: 'x' });
  const again = await spans.spans();
  expect(again).not.toBe(read);
  expect(again).toEqual(read);
  expect(await spans.spans()).toBe(again);
  clock += 1_000;
  expect(await spans.spans()).not.toBe(again);
  readModel.close();
});
