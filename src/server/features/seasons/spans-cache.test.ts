import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createLocalBus } from '../../realtime/bus.js';
import { createSeasonSpans } from './spans-cache.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

test('held() answers only what a read has put in memory, and nothing once an event or the TTL has dropped it', async () => {
  const bus = createLocalBus();
  let clock = 0;
  const spans = createSeasonSpans(() => t.app.deps.db, bus, { ttlMs: 1_000, now: () => clock });
  expect(spans.held()).toBeNull();
  const read = await spans.spans();
  expect(read.length).toBeGreaterThan(0);
  expect(spans.held()).toBe(read);
  // A player's own event moves no span; a fixtures event does.
  await bus.publish({ type: 'prediction', keys: [['fixtures', 'x']], userId: 'someone' });
  expect(spans.held()).toBe(read);
  await bus.publish({ type: 'fixtures.changed', keys: [['fixtures', 'x']] });
  expect(spans.held()).toBeNull();
  const again = await spans.spans();
  expect(spans.held()).toBe(again);
  clock += 1_000;
  expect(spans.held()).toBeNull();
  spans.close();
});
