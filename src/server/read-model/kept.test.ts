import { describe, expect, test } from 'vitest';
import { createKeptCore } from './kept.js';
import { tag, tagText } from './tags.js';

/** A load the test finishes when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const S = '2025-26';

describe('the read model keeps a value with its tags', () => {
  test('requests for a value being loaded share one load, then the kept value', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<number>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    let loads = 0;
    const gate = deferred<number>();
    const load = () => {
      loads++;
      return gate.promise;
    };
    const a = shelf.get('k', [tag.seasonPoints(S)], load);
    const b = shelf.get('k', [tag.seasonPoints(S)], load);
    gate.resolve(7);
    expect(await a).toBe(7);
    expect(await b).toBe(7);
    expect(await shelf.get('k', [tag.seasonPoints(S)], load)).toBe(7);
    expect(loads).toBe(1);
  });

  test('a load a change overtook is answered but not kept, and later requests do not join it', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<string>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    const first = deferred<string>();
    const before = shelf.get('k', [tag.gameweek(S, 5)], () => first.promise);
    core.touch([tag.gameweek(S, 5)]);
    let again = 0;
    const after = shelf.get('k', [tag.gameweek(S, 5)], async () => `new ${++again}`);
    first.resolve('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new 1');
    // The overtaken load did not put the old value back.
    expect(shelf.peek('k')).toBe('new 1');
  });

  test('a change that touches other tags neither drops the value nor stops a load from being kept', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<string>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    const gate = deferred<string>();
    const loading = shelf.get('k', [tag.gameweek(S, 5)], () => gate.promise);
    core.touch([tag.gameweek(S, 6), tag.leagueMembers('L1')]);
    gate.resolve('kept');
    await loading;
    expect(shelf.peek('k')).toBe('kept');
  });

  test('a touch reaches the tags it names, contains or is part of, and no other', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<string>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    const keep = (key: string, ...tags: Parameters<typeof shelf.keep>[2]) => shelf.keep(key, key, tags, shelf.ticket());
    const all = () => {
      keep('gw5', tag.gameweek(S, 5));
      keep('gw6', tag.gameweek(S, 6));
      keep('other-season', tag.gameweek('2024-25', 5));
      keep('any-gameweek', tag.every('gameweek'));
      keep('league', tag.leagueMembers('L1'), tag.seasonPoints(S));
    };
    const held = () => ['gw5', 'gw6', 'other-season', 'any-gameweek', 'league'].filter((k) => shelf.peek(k));
    all();
    core.touch([tag.gameweek(S, 5)]);
    expect(held()).toEqual(['gw6', 'other-season', 'league']);
    all();
    core.touch([tag.gameweeksOf(S)]);
    expect(held()).toEqual(['other-season', 'league']);
    all();
    core.touch([tag.every('league-members')]);
    expect(held()).toEqual(['gw5', 'gw6', 'other-season', 'any-gameweek']);
    all();
    core.touch([tag.seasonPoints('2024-25')]);
    expect(held()).toEqual(['gw5', 'gw6', 'other-season', 'any-gameweek', 'league']);
    all();
    core.touch('everything');
    expect(held()).toEqual([]);
    expect(tagText(tag.gameweek(S, 5))).toBe('gameweek:2025-26:5');
  });

  test('a value lives its lifetime, then is loaded again', async () => {
    let now = 0;
    const core = createKeptCore();
    const shelf = core.shelf<number>('t', { ttlMs: 1_000, maxBytes: 1 << 20, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await shelf.get('k', [tag.seasons()], load)).toBe(1);
    now = 999;
    expect(await shelf.get('k', [tag.seasons()], load)).toBe(1);
    now = 1_001;
    expect(await shelf.get('k', [tag.seasons()], load)).toBe(2);
  });

  test('the bytes are bounded: least recently used first, and a value too big is served but not kept', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<string>('t', { ttlMs: 60_000, maxBytes: 1_000, bytes: (v) => v.length });
    for (let i = 0; i < 20; i++) await shelf.get(`k${i}`, [tag.seasons()], async () => 'x'.repeat(100));
    expect(shelf.stats().bytes).toBeLessThanOrEqual(1_000);
    expect(shelf.peek('k0')).toBeUndefined();
    expect(shelf.peek('k19')).toBeDefined();
    expect(await shelf.get('big', [tag.seasons()], async () => 'x'.repeat(600))).toHaveLength(600);
    expect(shelf.peek('big')).toBeUndefined();
    // A value that was not kept is not reached by a later change either (no index left behind).
    core.touch([tag.seasons()]);
    expect(shelf.stats().entries).toBe(0);
  });

  test('a value whose tags are known once loaded is kept under them; a change of their kind meanwhile stops joiners', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<{ user: string } | null>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    const tags = {
      kinds: ['session'] as const,
      of: (v: { user: string } | null) => (v ? [tag.session(v.user)] : null),
    };
    const gate = deferred<{ user: string } | null>();
    const first = shelf.get('cookie', tags, () => gate.promise);
    const joined = shelf.get('cookie', tags, () => Promise.reject(new Error('not called')));
    core.touch([tag.session('u1')]);
    let reads = 0;
    const after = shelf.get('cookie', tags, async () => (reads++, null));
    gate.resolve({ user: 'u1' });
    expect(await first).toEqual({ user: 'u1' });
    expect(await joined).toEqual({ user: 'u1' });
    expect(await after).toBeNull();
    expect(reads).toBe(1);
    expect(shelf.peek('cookie')).toBeUndefined();
    // Not overtaken: kept under the player's tag, dropped by their change only.
    await shelf.get('cookie', tags, async () => ({ user: 'u2' }));
    core.touch([tag.session('u1')]);
    expect(shelf.peek('cookie')).toEqual({ user: 'u2' });
    core.touch([tag.session('u2')]);
    expect(shelf.peek('cookie')).toBeUndefined();
  });

  test('values whose tags results move wait for the check of unannounced results; others do not', async () => {
    let checks = 0;
    const core = createKeptCore({
      check: () => {
        checks++;
        core.touch([tag.every('season-points')]);
        return Promise.resolve();
      },
    });
    const shelf = core.shelf<number>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    let n = 0;
    expect(await shelf.get('points', [tag.seasonPoints(S)], async () => ++n)).toBe(1);
    // The check found results moved: the value is loaded again.
    expect(await shelf.get('points', [tag.seasonPoints(S)], async () => ++n)).toBe(2);
    await shelf.get('spans', [tag.seasons()], async () => 0);
    expect(checks).toBe(2);
  });

  test('many values read at once: the missing ones by one load, the rest kept or shared', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<string>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    await shelf.get('a', [tag.leagueMembers('L1')], async () => 'A');
    const asked: number[][] = [];
    const items = ['a', 'b', 'c'].map((key) => ({ key, tags: [tag.leagueMembers('L1')] }));
    const got = await shelf.getMany(items, async (indexes) => {
      asked.push(indexes);
      return indexes.map((i) => items[i]!.key.toUpperCase());
    });
    expect(got).toEqual(['A', 'B', 'C']);
    expect(asked).toEqual([[1, 2]]);
    expect(shelf.peek('c')).toBe('C');
  });

  test('shelves are named once, and a clear of one keeps no load of it under way', async () => {
    const core = createKeptCore();
    const shelf = core.shelf<number>('t', { ttlMs: 60_000, maxBytes: 1 << 20 });
    expect(() => core.shelf('t', { ttlMs: 1, maxBytes: 1 })).toThrow();
    const gate = deferred<number>();
    const loading = shelf.get('k', [tag.seasons()], () => gate.promise);
    shelf.clear();
    gate.resolve(1);
    await loading;
    expect(shelf.peek('k')).toBeUndefined();
  });
});
