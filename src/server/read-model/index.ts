import type SQLiteDatabase from 'better-sqlite3';
import type { DB } from '../db/index.js';
import type { EventBus } from '../realtime/bus.js';
import { resultsVersion, sqliteChangeMarker, totalsFingerprint, type ResultsFingerprint } from './repository.js';
import { touchesOf, type Touches } from './changes.js';
import { createKeptCore, type KeptCore } from './kept.js';
import { tag, type Tag } from './tags.js';

export { tag, type Tag } from './tags.js';
export { roughBytes, type Shelf, type ShelfOptions } from './kept.js';

/**
 * The app's one read model (decision 0104, 0113): what this instance keeps in memory, each value
 * with the tags it depends on. It follows changes itself: every change published on the bus (on
 * PostgreSQL from every instance) touches what the one table (changes.ts) says, and results written
 * with no change announced (a script, another process on SQLite) are seen before a value that
 * results move is served: on SQLite a change marker (`total_changes()`, and `PRAGMA data_version`
 * once per event-loop turn), on PostgreSQL a results version kept by migration 0018's trigger;
 * when either moved, one fingerprint of the results says whether final results moved (every
 * season's fixtures, points and gameweeks touched) or only in-play scores (the fixtures).
 * Readers never call anything before reading.
 */
export interface ReadModel extends KeptCore {
  /**
   * The value of `key`, kept with `tags` among the values many screens share (a season's fixtures,
   * a player's figures and picks, league lists, the seasons list's counts); `seasonWide`: among the
   * few large values of a whole season (everyone's totals), one per season asked for.
   */
  get<T>(
    key: string,
    tags: readonly Tag[],
    load: () => Promise<T>,
    opts?: { bytes?: (value: T) => number; seasonWide?: boolean; fresh?: boolean },
  ): Promise<T>;
  close(): void;
}

const VALUES_TTL_MS = 60_000;
const VALUES_MAX_BYTES = 32 * 1024 * 1024;
const SEASON_WIDE_MAX_BYTES = 64 * 1024 * 1024;
const SEASON_WIDE_MAX = 6;

/** What a move of the results' fingerprint touches. */
export function fingerprintTouches(last: ResultsFingerprint | null, now: ResultsFingerprint): Touches {
  if (last === null) return [];
  if (now.finals !== last.finals)
    return [tag.every('season-fixtures'), tag.every('season-points'), tag.every('gameweek'), tag.seasons()];
  if (now.all !== last.all) return [tag.every('season-fixtures')];
  return [];
}

export function createReadModel(deps: {
  bus: EventBus;
  /** Without a database (unit tests) nothing unannounced is looked for. */
  db?: () => DB;
  sqlite?: SQLiteDatabase.Database | null;
}): ReadModel {
  let core: KeptCore | null = null;
  const check = deps.db ? unannouncedResults(deps.db, deps.sqlite ?? null, (t) => core!.touch(t)) : undefined;
  core = createKeptCore(check ? { check } : {});
  const kept = core;
  const unsubscribe = deps.bus.subscribe((event) => kept.touch(touchesOf(event)));
  const values = kept.shelf<unknown>('values', { ttlMs: VALUES_TTL_MS, maxBytes: VALUES_MAX_BYTES });
  const seasonWide = kept.shelf<unknown>('season-wide', {
    ttlMs: VALUES_TTL_MS,
    maxBytes: SEASON_WIDE_MAX_BYTES,
    maxEntries: SEASON_WIDE_MAX,
    // A large value says its own size (serialising tens of thousands of rows to measure them would cost more than the value).
    bytes: () => 1024,
  });
  return {
    ...kept,
    get<T>(
      key: string,
      tags: readonly Tag[],
      load: () => Promise<T>,
      opts: { bytes?: (value: T) => number; seasonWide?: boolean; fresh?: boolean } = {},
    ): Promise<T> {
      const shelf = opts.seasonWide ? seasonWide : values;
      const bytes = opts.bytes;
      return shelf.get(key, tags, load, {
        ...(bytes ? { bytes: (v: unknown) => bytes(v as T) } : {}),
        ...(opts.fresh ? { fresh: true } : {}),
      }) as Promise<T>;
    },
    close: unsubscribe,
  };
}

/**
 * Follows the results' fingerprint: null when nothing can have changed (SQLite: the change marker
 * stood still, so no read at all), else the read to await, shared by every request that arrives
 * while it is under way.
 */
function unannouncedResults(
  db: () => DB,
  sqlite: SQLiteDatabase.Database | null,
  touch: (touches: Touches) => void,
): () => Promise<void> | null {
  const marker = sqlite ? sqliteChangeMarker(sqlite) : null;
  let followedMarker: string | null = null;
  let lastFingerprint: ResultsFingerprint | null = null;
  let reading: Promise<void> | null = null;
  let checkedThisTurn = false;
  const follow = (fingerprint: ResultsFingerprint) => {
    touch(fingerprintTouches(lastFingerprint, fingerprint));
    lastFingerprint = fingerprint;
  };
  return () => {
    if (marker) {
      const seen = marker();
      if (seen === followedMarker) return null;
      // Not shared: SQLite reads at once, and a request must not join a read begun before a commit it saw.
      return totalsFingerprint(db()).then((fingerprint) => {
        follow(fingerprint);
        followedMarker = seen;
      });
    }
    // PostgreSQL: other instances announce their writes, but a script's are only seen by reading
    // (one row that migration 0018's trigger keeps counting); the fingerprint only when it moved.
    // A read holds for the rest of the event-loop turn it ended in, as SQLite's `data_version`
    // does: the values one request asks for together wait for one read, not one each.
    if (checkedThisTurn) return null;
    reading ??= resultsVersion(db())
      .then(async (version) => {
        if (version !== followedMarker) {
          follow(await totalsFingerprint(db()));
          followedMarker = version;
        }
        checkedThisTurn = true;
        setImmediate(() => {
          checkedThisTurn = false;
        });
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}
