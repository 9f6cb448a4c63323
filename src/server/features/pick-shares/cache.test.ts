import { describe, expect, test } from 'vitest';
import { summarisePicks, type PickSummary } from '../../../game/pick-shares.js';
import { createLocalBus, type EventBus } from '../../realtime/bus.js';
import { createReadModel } from '../../read-model/index.js';
import { createPickSharesCache as create, SETTLE_MS } from './cache.js';
import type { ShareFixture } from './repository.js';

/** A cache of a read model of its own, following `bus`. */
const createPickSharesCache = (bus: EventBus, opts: Parameters<typeof create>[1] = {}) =>
  create(createReadModel({ bus }), opts);

const NOW = new Date('2025-08-20T12:00:00.000Z');
const fixture = (
  id: string,
  kickoffAt = '2025-08-20T13:00:00.000Z',
  updatedAt = '2025-08-01T00:00:00.000Z',
): ShareFixture => ({
  id,
  seasonId: '2025-26',
  gameweek: 3,
  kickoffAt,
  postponed: 0,
  predictionsLockedAt: null,
  updatedAt,
});

/** A load that counts its calls and answers `n` predictions of 1-0 per fixture; `gate` holds it until released. */
function counter(n = 1) {
  const calls: string[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  return {
    calls,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release: () => release(),
    load: async (ids: string[]): Promise<Map<string, PickSummary>> => {
      calls.push(ids);
      if (gate) await gate;
      return new Map(ids.map((id) => [id, summarisePicks([{ homeScore: 1, awayScore: 0, count: n }])]));
    },
  };
}

describe('pick shares cache', () => {
  test('keeps what it read; a gameweek reads only the fixtures it lacks, in one load', async () => {
    const bus = createLocalBus();
    const cache = createPickSharesCache(bus);
    const c = counter();
    await cache.get(null, [fixture('a')], NOW, c.load);
    const got = await cache.get(null, [fixture('a'), fixture('b'), fixture('c')], NOW, c.load);
    expect(c.calls).toEqual([['a'], ['b', 'c']]);
    expect([...got.keys()]).toEqual(['a', 'b', 'c']);
    await cache.get(null, [fixture('a'), fixture('b'), fixture('c')], NOW, c.load);
    expect(c.calls).toHaveLength(2);
  });

  test('requests arriving during a read share it', async () => {
    const cache = createPickSharesCache(createLocalBus());
    const c = counter();
    c.hold();
    const first = cache.get(null, [fixture('a')], NOW, c.load);
    const second = cache.get(null, [fixture('a')], NOW, c.load);
    c.release();
    const [x, y] = await Promise.all([first, second]);
    expect(c.calls).toEqual([['a']]);
    expect(x.get('a')).toEqual(y.get('a'));
  });

  test('a fixture written since is read afresh (its key is its last change)', async () => {
    const cache = createPickSharesCache(createLocalBus());
    const c = counter();
    await cache.get(null, [fixture('a')], NOW, c.load);
    await cache.get(null, [fixture('a', '2025-09-27T14:00:00.000Z', '2025-08-20T12:00:00.000Z')], NOW, c.load);
    expect(c.calls).toHaveLength(2);
  });

  test("membership events drop a league's entries but not everyone's; results and live scores drop neither", async () => {
    const bus = createLocalBus();
    const cache = createPickSharesCache(bus);
    const c = counter();
    const both = async () => {
      await cache.get(null, [fixture('a')], NOW, c.load);
      await cache.get('league-1', [fixture('a')], NOW, c.load);
    };
    await both();
    expect(c.calls).toHaveLength(2);
    await bus.publish({ type: 'results.changed', seasonId: '2025-26' });
    await bus.publish({ type: 'live-score.changed', seasonId: '2025-26' });
    await both();
    expect(c.calls).toHaveLength(2);
    await bus.publish({ type: 'membership.changed' });
    await both();
    expect(c.calls).toHaveLength(3);
    await bus.publish({ type: 'account.deleted', seasons: ['2025-26'] });
    await both();
    expect(c.calls).toHaveLength(5);
    await bus.publish({ type: 'live.resumed' });
    await both();
    expect(c.calls).toHaveLength(7);
  });

  test('a read an event overtook is answered but not kept', async () => {
    const bus = createLocalBus();
    const cache = createPickSharesCache(bus);
    const c = counter();
    c.hold();
    const reading = cache.get('league-1', [fixture('a')], NOW, c.load);
    await bus.publish({ type: 'membership.changed' });
    c.release();
    expect((await reading).get('a')?.predictions).toBe(1);
    await cache.get('league-1', [fixture('a')], NOW, c.load);
    expect(c.calls).toHaveLength(2);
  });

  test('just after a deadline an entry lives only seconds (a save begun before it may still commit)', async () => {
    // Not 0: lru-cache reads a start time of 0 as "no start" (never stale).
    let clock = 1_000;
    const cache = createPickSharesCache(createLocalBus(), { perf: { now: () => clock } });
    const c = counter();
    // Closed 10 seconds ago (deadline 12:00, kick-off 14:00).
    const f = fixture('a', '2025-08-20T14:00:00.000Z');
    const justAfter = new Date('2025-08-20T12:00:10.000Z');
    await cache.get(null, [f], justAfter, c.load);
    clock += 1_000;
    await cache.get(null, [f], justAfter, c.load);
    expect(c.calls).toHaveLength(1);
    clock += 10_000;
    await cache.get(null, [f], new Date(justAfter.getTime() + 11_000), c.load);
    expect(c.calls).toHaveLength(2);
    // Long after the deadline the entry stays.
    const settled = new Date(Date.parse('2025-08-20T12:00:00.000Z') + SETTLE_MS + 1_000);
    const g = fixture('b', '2025-08-20T14:00:00.000Z');
    await cache.get(null, [g], settled, c.load);
    clock += 60_000;
    await cache.get(null, [g], settled, c.load);
    expect(c.calls).toHaveLength(3);
  });

  test('holds no more than its byte budget', async () => {
    const cache = createPickSharesCache(createLocalBus(), { maxBytes: 64 * 1024 });
    const c = counter();
    for (let i = 0; i < 500; i++) await cache.get(`league-${i}`, [fixture(`f${i}`)], NOW, c.load);
    expect(cache.stats().bytes).toBeLessThanOrEqual(32 * 1024);
    expect(cache.stats().entries).toBeGreaterThan(0);
  });

  test('a failed read fails its requests and is not kept', async () => {
    const cache = createPickSharesCache(createLocalBus());
    await expect(
      cache.get(null, [fixture('a'), fixture('b')], NOW, () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    const c = counter();
    await cache.get(null, [fixture('a')], NOW, c.load);
    expect(c.calls).toEqual([['a']]);
  });
});
