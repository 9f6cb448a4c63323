import type SQLiteDatabase from 'better-sqlite3';
import type { DB } from '../db/index.js';
import type { EventBus, LiveEvent } from '../realtime/bus.js';
import {
  NO_RESULTS,
  resultsVersion,
  seasonFingerprints,
  sqliteChangeMarker,
  totalsFingerprint,
  type ResultsFingerprint,
} from './repository.js';
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

/** What a move of one season's results fingerprint touches (undefined: it has no results). */
export function fingerprintTouches(
  seasonId: string,
  last: ResultsFingerprint = NO_RESULTS,
  now: ResultsFingerprint = NO_RESULTS,
): Tag[] {
  if (now.finals !== last.finals)
    return [tag.seasonFixtures(seasonId), tag.seasonPoints(seasonId), tag.gameweeksOf(seasonId), tag.seasons()];
  if (now.all !== last.all) return [tag.seasonFixtures(seasonId)];
  return [];
}

/**
 * The changes that announce what they did to a season's results: their own touches say what
 * moved, so the fingerprint's move in that season is not a change of its own.
 */
const ANNOUNCES_RESULTS = new Set<LiveEvent['type']>(['results.changed', 'live-score.changed']);

export function createReadModel(deps: {
  bus: EventBus;
  /** Without a database (unit tests) nothing unannounced is looked for. */
  db?: () => DB;
  sqlite?: SQLiteDatabase.Database | null;
}): ReadModel {
  let core: KeptCore | null = null;
  const watch = deps.db ? unannouncedResults(deps.db, deps.sqlite ?? null, (t) => core!.touch(t)) : null;
  core = createKeptCore(watch ? { check: watch.check } : {});
  const kept = core;
  const unsubscribe = deps.bus.subscribe((event) => {
    if (watch && ANNOUNCES_RESULTS.has(event.type) && 'seasonId' in event) watch.announced(event.seasonId);
    kept.touch(touchesOf(event));
  });
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

/** A season's announced move, stamped with the marker when it was announced (null: unknown). */
interface Announcement {
  seasonId: string;
  at: Promise<string | null>;
}

/**
 * Follows the results' fingerprint: `check` answers null when nothing can have changed (SQLite:
 * the change marker stood still, so no read at all), else the read to await, shared by every
 * request that arrives while it is under way. When the whole fingerprint moved, the seasons' own
 * say where: a season whose move a change announced has had its touches already (only what that
 * change moved: a result's own gameweek), any other season that moved is touched whole, as a
 * script's write may have moved anything in it (decision 0120).
 *
 * An announcement counts only for a write the fingerprint has not followed yet: a request may read
 * between a write's commit and its change's publication, and then the write was followed (its
 * season touched whole), so the announcement must not hide the next unannounced write to that
 * season. It is stamped with the marker as it stood when it arrived (on PostgreSQL read just after
 * it) and heard only when the fingerprint had not yet followed that marker.
 */
function unannouncedResults(
  db: () => DB,
  sqlite: SQLiteDatabase.Database | null,
  touch: (touches: Touches) => void,
): { check: () => Promise<void> | null; announced: (seasonId: string) => void } {
  const marker = sqlite ? sqliteChangeMarker(sqlite) : null;
  /** The marker the fingerprint has followed (SQLite: its text; PostgreSQL: the results version). */
  let followedMarker: string | null = null;
  /** The marker a follow under way has read (SQLite), so an announcement that arrives meanwhile is known to be in it. */
  let followingMarker: string | null = null;
  let lastFingerprint: ResultsFingerprint | null = null;
  let lastSeasons = new Map<string, ResultsFingerprint>();
  /** Announced seasons, each with the marker when it was announced (null: still being read). */
  const announcements: Announcement[] = [];
  let reading: Promise<void> | null = null;
  let checkedThisTurn = false;
  // The seasons' read under way: a check that finds the whole fingerprint already followed waits
  // for it, so no request reads a value its touches are about to drop.
  let settling: Promise<void> | null = null;

  /** Whether a write stamped `at` was not yet followed when the follow from `before` began. */
  const unfollowed = (at: string | null, before: string | null): boolean => {
    if (at === null) return false;
    if (marker) return at !== before;
    // PostgreSQL's results version counts up: the write is in what was followed if the count had reached it.
    return before === null || Number(at) > Number(before);
  };

  /**
   * Follows the fingerprint read after the marker `before` was followed; `taken`: the
   * announcements that arrived before this check began (later ones are the next check's).
   */
  const follow = async (
    fingerprint: ResultsFingerprint,
    before: string | null,
    taken: readonly Announcement[],
  ): Promise<void> => {
    const first = lastFingerprint === null;
    if (!first && fingerprint.all === lastFingerprint!.all) return settling ?? undefined;
    lastFingerprint = fingerprint;
    const read = seasonFingerprints(db()).then(async (seasons) => {
      const heard = new Set<string>();
      for (const a of taken) if (unfollowed(await a.at, before)) heard.add(a.seasonId);
      const touches: Tag[] = [];
      if (!first)
        for (const seasonId of new Set([...lastSeasons.keys(), ...seasons.keys()]))
          if (!heard.has(seasonId))
            touches.push(...fingerprintTouches(seasonId, lastSeasons.get(seasonId), seasons.get(seasonId)));
      lastSeasons = seasons;
      touch(touches);
    });
    const settled = read.finally(() => {
      if (settling === settled) settling = null;
    });
    settling = settled;
    return settled;
  };

  const check = (): Promise<void> | null => {
    if (marker) {
      const seen = marker();
      if (seen === followedMarker) return null;
      // Not shared: SQLite reads at once, and a request must not join a read begun before a commit it saw.
      const before = followedMarker;
      const taken = announcements.splice(0);
      followingMarker = seen;
      return totalsFingerprint(db())
        .then((fingerprint) => follow(fingerprint, before, taken))
        .then(() => {
          followedMarker = seen;
        })
        .finally(() => {
          if (followingMarker === seen) followingMarker = null;
        });
    }
    // PostgreSQL: other instances announce their writes, but a script's are only seen by reading
    // (one row that migration 0018's trigger keeps counting); the fingerprint only when it moved.
    // A read holds for the rest of the event-loop turn it ended in, as SQLite's `data_version`
    // does: the values one request asks for together wait for one read, not one each.
    if (checkedThisTurn) return null;
    if (reading) return reading;
    const taken = announcements.splice(0);
    reading = resultsVersion(db())
      .then(async (version) => {
        if (version !== followedMarker) {
          const before = followedMarker;
          await follow(await totalsFingerprint(db()), before, taken);
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

  const announced = (seasonId: string) => {
    if (marker) {
      const now = marker();
      // Already followed, or in the follow under way: nothing left to hide.
      if (now === followedMarker || now === followingMarker) return;
      announcements.push({ seasonId, at: Promise.resolve(now) });
      return;
    }
    // A failed read stamps nothing: the announcement is then not heard (its season touched whole).
    announcements.push({ seasonId, at: resultsVersion(db()).catch(() => null) });
  };
  return { check, announced };
}
