import { LRUCache } from 'lru-cache';
import { broaderKeys, reaches, tagKey, type Tag, type TagKind } from './tags.js';
import type { Touches } from './changes.js';

/**
 * The one way this server keeps what it has worked out (decision 0104, 0113): a value kept with the
 * tags it depends on, on a shelf with its own lifetime and byte budget (least recently used first).
 * - Requests for a value being loaded share the one load (single flight).
 * - A change touches tags (`touch`, from the one table in changes.ts): the values it reaches go,
 *   and a load under way that it reaches is answered but not kept, nor joined by later requests.
 * - The lifetime bounds a write nothing announced; the budget bounds the memory, whatever is asked.
 * - A value whose tags results move (a season's fixtures, its points, a gameweek) is served only
 *   after `check` (results written beside the server, announced by nothing: index.ts) has run.
 */
export interface ShelfOptions<T> {
  ttlMs: number;
  maxBytes: number;
  /** A value larger than this is served but not kept (default: a quarter of the budget). */
  maxEntryBytes?: number;
  /** At most this many values (a few large ones). */
  maxEntries?: number;
  /** Bytes a value holds, roughly (default: its JSON as UTF-16 plus an allowance). */
  bytes?: (value: T) => number;
  /** The lifetime's clock (tests; the landing figures' minute is the game clock's). */
  now?: () => number;
}

/**
 * What a value declares it depends on: tags known before the load, or worked out from the value
 * (null: not kept), with the kinds they may be of (a change of one of those kinds under way keeps
 * later requests from joining the load).
 */
export type TagsOf<T> =
  readonly Tag[] | { readonly kinds: readonly TagKind[]; readonly of: (value: T) => readonly Tag[] | null };

export interface GetOptions<T> {
  /** Bytes of this value (overrides the shelf's measure). */
  bytes?: (value: T) => number;
  /** This value's own lifetime, shorter than the shelf's. */
  ttlMs?: number;
  /** Load again whatever is kept (a viewer the kept value does not know yet). */
  fresh?: boolean;
}

/** Where a load began: a change touched since then reaches it. */
export interface Ticket {
  readonly seq: number;
  readonly shelfGeneration: number;
}

export interface Shelf<T> {
  /** The value of `key`: kept, being loaded, or loaded now by `load`. */
  get(key: string, tags: TagsOf<T>, load: () => Promise<T>, opts?: GetOptions<T>): Promise<T>;
  /**
   * The values of `items`, those neither kept nor being loaded read by one `loadMissing` (given
   * their indexes in `items`, answering in the same order).
   */
  getMany(
    items: ReadonlyArray<{ key: string; tags: readonly Tag[]; ttlMs?: number }>,
    loadMissing: (indexes: number[]) => Promise<T[]>,
  ): Promise<T[]>;
  /** The kept value of `key`, if any (no load). */
  peek(key: string): T | undefined;
  /** Marks the start of a load that `keep` will keep (for a reader that builds on what it kept). */
  ticket(): Ticket;
  /** Keeps `value` unless a change touched its tags since `ticket`; true when kept. */
  keep(
    key: string,
    value: T,
    tags: readonly Tag[],
    ticket: Ticket,
    opts?: Pick<GetOptions<T>, 'bytes' | 'ttlMs'>,
  ): boolean;
  delete(key: string): void;
  /** Drops every value of this shelf, and keeps no load under way. */
  clear(): void;
  stats(): { entries: number; bytes: number; loads: number };
}

export interface KeptCore {
  shelf<T>(name: string, opts: ShelfOptions<T>): Shelf<T>;
  /** Drops what `touches` reaches on every shelf, and keeps no load under way that it reaches. */
  touch(touches: Touches): void;
  stats(): Record<string, { entries: number; bytes: number; loads: number }>;
}

/** Bytes a value holds, roughly: its JSON length as UTF-16, plus an allowance per entry. */
export const roughBytes = (value: unknown): number => 256 + (JSON.stringify(value)?.length ?? 0) * 2;

/** Changes remembered for the loads under way; a load older than all of them is not kept. */
const TOUCH_LOG_MAX = 1024;

interface Entry<T> {
  readonly shelf: string;
  readonly key: string;
  readonly value: T;
  readonly tags: readonly Tag[];
  readonly bytes: number;
}
interface Job<T> {
  promise: Promise<T>;
  /** The tags, or (not known before the value is) the kinds they may be of. */
  tags: readonly Tag[] | { readonly kinds: readonly TagKind[] };
}

/** The kinds of tag results move: a value with one of these waits for `check` before it is served. */
const RESULT_KINDS = new Set<Tag['kind']>(['season-fixtures', 'season-points', 'gameweek']);
export const movesWithResults = (tags: readonly Tag[]): boolean => tags.some((t) => RESULT_KINDS.has(t.kind));

export function createKeptCore(opts: { check?: () => Promise<void> | null } = {}): KeptCore {
  /** Values by the key of each tag they hold, and by each broader tag's key (a touch of a whole kind or season reaches them). */
  const exact = new Map<string, Set<Entry<unknown>>>();
  const below = new Map<string, Set<Entry<unknown>>>();
  const index = (map: Map<string, Set<Entry<unknown>>>, key: string, e: Entry<unknown>) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(e);
  };
  const unindex = (map: Map<string, Set<Entry<unknown>>>, key: string, e: Entry<unknown>) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(e);
    if (set.size === 0) map.delete(key);
  };
  const shelves = new Map<string, { lru: LRUCache<string, Entry<unknown>>; shelf: Shelf<unknown> }>();
  const jobs = new Map<string, Map<string, Job<unknown>>>();
  /** Every change since `logStart` (seq of the first is logStart + 1). */
  let seq = 0;
  let logStart = 0;
  const log: Touches[] = [];

  const reachesAny = (touches: Touches, tags: Job<unknown>['tags']) =>
    touches === 'everything' ||
    ('kinds' in tags
      ? touches.some((t) => tags.kinds.includes(t.kind))
      : touches.some((t) => tags.some((h) => reaches(t, h))));

  const touch = (touches: Touches) => {
    if (touches !== 'everything' && touches.length === 0) return;
    seq++;
    log.push(touches);
    if (log.length > TOUCH_LOG_MAX) {
      log.shift();
      logStart++;
    }
    if (touches === 'everything') {
      for (const { lru } of shelves.values()) lru.clear();
      for (const pending of jobs.values()) pending.clear();
      return;
    }
    const gone = new Set<Entry<unknown>>();
    for (const t of touches) {
      const key = tagKey(t);
      for (const e of exact.get(key) ?? []) gone.add(e);
      for (const e of below.get(key) ?? []) gone.add(e);
      for (const broader of broaderKeys(t)) for (const e of exact.get(broader) ?? []) gone.add(e);
    }
    for (const e of gone) {
      const lru = shelves.get(e.shelf)?.lru;
      // Only this very entry: a newer value under the key was kept after the change.
      if (lru?.peek(e.key, { allowStale: true }) === e) lru.delete(e.key);
    }
    for (const pending of jobs.values())
      for (const [key, job] of pending) if (reachesAny(touches, job.tags)) pending.delete(key);
  };

  const overtaken = (ticket: Ticket, generation: number, tags: readonly Tag[]) => {
    if (ticket.shelfGeneration !== generation) return true;
    if (ticket.seq < logStart) return true;
    for (let i = ticket.seq - logStart; i < log.length; i++) if (reachesAny(log[i]!, tags)) return true;
    return false;
  };

  function shelf<T>(name: string, o: ShelfOptions<T>): Shelf<T> {
    if (shelves.has(name)) throw new Error(`The read model has a shelf named ${name} already`);
    const measure = o.bytes ?? roughBytes;
    const lru = new LRUCache<string, Entry<unknown>>({
      maxSize: o.maxBytes,
      maxEntrySize: Math.max(1, o.maxEntryBytes ?? Math.floor(o.maxBytes / 4)),
      sizeCalculation: (e, key) => Math.max(1, e.bytes + key.length * 2),
      // Stale once its age reaches the lifetime (lru-cache: once past it).
      ttl: Math.max(1, o.ttlMs - 1),
      ...(o.maxEntries ? { max: o.maxEntries } : {}),
      // A given clock is read every time (lru-cache otherwise keeps a reading for a millisecond),
      // and never reads 0 (which lru-cache takes for "no start": such a value would never expire).
      ...(o.now ? { perf: { now: () => o.now!() + 1 }, ttlResolution: 0 } : {}),
      dispose: (e) => {
        for (const t of e.tags) {
          unindex(exact, tagKey(t), e);
          for (const k of broaderKeys(t)) unindex(below, k, e);
        }
      },
    });
    const pending = new Map<string, Job<unknown>>();
    jobs.set(name, pending);
    let generation = 0;
    let loads = 0;

    const ticket = (): Ticket => ({ seq, shelfGeneration: generation });
    const keep = (
      key: string,
      value: T,
      tags: readonly Tag[],
      t: Ticket,
      ko: Pick<GetOptions<T>, 'bytes' | 'ttlMs'> = {},
    ): boolean => {
      if (overtaken(t, generation, tags)) return false;
      const e: Entry<unknown> = { shelf: name, key, value, tags, bytes: (ko.bytes ?? measure)(value) };
      lru.set(key, e, ko.ttlMs === undefined ? undefined : { ttl: Math.max(1, ko.ttlMs - 1) });
      // Too big to keep: the cache refused it, and it must not be indexed.
      if (lru.peek(key, { allowStale: true }) !== e) return false;
      for (const tg of tags) {
        index(exact, tagKey(tg), e);
        for (const k of broaderKeys(tg)) index(below, k, e);
      }
      return true;
    };
    const checked = (tags: readonly Tag[]) => (opts.check && movesWithResults(tags) ? opts.check() : null);

    const made: Shelf<T> = {
      async get(key, tags, load, go = {}) {
        const known = 'kinds' in tags ? null : (tags as readonly Tag[]);
        if (known) {
          const check = checked(known);
          if (check) await check;
        }
        if (!go.fresh) {
          const hit = lru.get(key);
          if (hit) return hit.value as T;
          const shared = pending.get(key);
          if (shared) return shared.promise as Promise<T>;
        }
        const t = ticket();
        loads++;
        const job: Job<unknown> = {
          promise: load(),
          tags: known ?? { kinds: (tags as { kinds: readonly TagKind[] }).kinds },
        };
        pending.set(key, job);
        try {
          const value = (await job.promise) as T;
          const held = known ?? (tags as Exclude<TagsOf<T>, readonly Tag[]>).of(value);
          if (held) keep(key, value, held, t, go);
          return value;
        } finally {
          if (pending.get(key) === job) pending.delete(key);
        }
      },
      async getMany(items, loadMissing) {
        const check = checked(items.flatMap((i) => i.tags));
        if (check) await check;
        const out = new Array<T>(items.length);
        const waits: Array<Promise<unknown>> = [];
        const missing: number[] = [];
        items.forEach((item, i) => {
          const hit = lru.get(item.key);
          if (hit) out[i] = hit.value as T;
          else {
            const shared = pending.get(item.key);
            if (shared) waits.push((shared.promise as Promise<T>).then((v) => (out[i] = v)));
            else missing.push(i);
          }
        });
        if (missing.length > 0) {
          const t = ticket();
          loads++;
          const read = loadMissing(missing);
          const started = missing.map((i, j) => {
            const promise = read.then((values) => values[j] as T);
            // Awaited below; a failed read must not also count as unhandled for those nobody else waits on.
            promise.catch(() => undefined);
            const job: Job<unknown> = { promise, tags: items[i]!.tags };
            pending.set(items[i]!.key, job);
            return { i, job };
          });
          try {
            for (const { i, job } of started) {
              const value = (await job.promise) as T;
              out[i] = value;
              const item = items[i]!;
              keep(item.key, value, item.tags, t, item.ttlMs === undefined ? {} : { ttlMs: item.ttlMs });
            }
          } finally {
            for (const { i, job } of started) if (pending.get(items[i]!.key) === job) pending.delete(items[i]!.key);
          }
        }
        await Promise.all(waits);
        return out;
      },
      peek: (key) => lru.get(key)?.value as T | undefined,
      ticket,
      keep,
      delete: (key) => void lru.delete(key),
      clear() {
        generation++;
        lru.clear();
        pending.clear();
      },
      stats: () => ({ entries: lru.size, bytes: lru.calculatedSize, loads }),
    };
    shelves.set(name, { lru, shelf: made as Shelf<unknown> });
    return made;
  }

  return {
    shelf,
    touch,
    stats: () => Object.fromEntries([...shelves].map(([name, s]) => [name, s.shelf.stats()])),
  };
}
