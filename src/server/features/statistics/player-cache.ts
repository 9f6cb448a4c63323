import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { onChange, type ChangeHandlers } from '../../../contract/events.js';
import type { EventBus, LiveEvent } from '../../realtime/bus.js';
import { resultsVersion, sqliteChangeMarker, totalsFingerprint, type ResultsFingerprint } from './repository.js';

/**
 * Figures computed from a season's data, kept in memory until an event says their inputs changed
 * (decision 0104: statistics and the dashboard recomputed a player's whole season per request).
 *
 * Every entry has a scope: a season, and a player for a player's own figures (null for what every
 * player shares, such as a season's totals or a gameweek's fixtures). The changes the routes
 * publish after each commit (on PostgreSQL from every instance) say what is stale
 * (PLAYER_FIGURES_STALE_ON): a season's entries, every season's, or the players' league lists;
 * an event with a `userId` (a player's own prediction) drops only that player's entries: an
 * unscored prediction changes no one else's figures.
 * A computation that was under way when its scope was invalidated is answered but not kept, and
 * requests for the same entry share one computation. Entries also expire after `ttlMs` (a safety
 * net for a change nothing announced), and all go when the results' fingerprint, checked per
 * request, moves (`follow`). Bounded by bytes, least recently used first.
 */

/**
 * The scope of what depends on leagues rather than on a season (a player's list of leagues):
 * dropped by a change of who is in a league or what it is called, for every player. Not a season
 * id (those never hold ':').
 */
export const LEAGUE_LISTS = 'leagues:';

/**
 * The scope of what depends on both a league's members or rule and the points (a league's totals
 * under its own rule): dropped by league events and by whatever drops a season's points.
 */
export const LEAGUE_POINTS = 'league-points:';

/**
 * The scope of what depends on every season at once (the seasons list's counts): dropped with any
 * season's, by the events that drop that season's entries.
 */
export const EVERY_SEASON = 'seasons:';

/**
 * The scope of a season's points and what only they move (every player's totals and counts, the
 * gameweeks with results): dropped by the events that drop the season's entries, except an in-play
 * score (provisional scores are not points). Never a season id (those never hold ':').
 */
export const pointsScope = (seasonId: string): string => `${POINTS_OF}${seasonId}`;
const POINTS_OF = 'points:';
const isPointsScope = (s: { seasonId: string }) => s.seasonId.startsWith(POINTS_OF);

/** What a change makes stale: the scopes named (a season id, or LEAGUE_LISTS), or everything. */
type Stale = { scopes: string[] } | 'all' | null;
const none = () => null;
const season = (e: { seasonId: string }): Stale => ({
  scopes: [e.seasonId, pointsScope(e.seasonId), LEAGUE_POINTS],
});
const leagueLists = (): Stale => ({ scopes: [LEAGUE_LISTS, LEAGUE_POINTS] });

/**
 * Which changes make which figures stale. The figures read a season's fixtures, results, live
 * scores, gameweeks and predictions (statistics, the dashboard, the gameweek a board opens on)
 * and each player's leagues (their names, for the statistics' league switch).
 */
export const PLAYER_FIGURES_STALE_ON: ChangeHandlers<Stale> = {
  'results.changed': season,
  // Provisional scores show on the board and Live Matches; points wait for the final result.
  'live-score.changed': (e) => ({ scopes: [e.seasonId] }),
  'fixtures.changed': season,
  'season.created': season,
  'gameweeks.changed': season,
  // Sent for the player who saved it, so only their figures go: every season's (whether they are
  // new to the game reads them all).
  'prediction.saved': () => 'all',
  // Every default read moves to another season.
  'current-season.changed': () => 'all',
  'live.resumed': () => 'all',
  'account.deleted': (e) => ({
    scopes: [...e.seasons.flatMap((s) => [s, pointsScope(s)]), LEAGUE_LISTS, LEAGUE_POINTS],
  }),
  'membership.changed': leagueLists,
  'league.changed': leagueLists,
  'removed-players.changed': none,
  'invites.changed': none,
  'team-name.changed': none,
  'bonus-questions.changed': none,
  'bonus.settled': none,
  'session.changed': none,
  'reminders.changed': none,
  'calendar.changed': none,
  'contact-messages.changed': none,
  'feed.changed': none,
};

interface Scope {
  seasonId: string;
  userId: string | null;
}
interface Entry extends Scope {
  value: unknown;
}
interface Pending extends Scope {
  promise: Promise<unknown>;
  stale: boolean;
}

const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_HEAVY_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes a value holds, roughly: its JSON length as UTF-16, plus an allowance per entry. */
export const roughBytes = (value: unknown): number => 256 + (JSON.stringify(value)?.length ?? 0) * 2;

export function createPlayerCache(
  bus: EventBus,
  opts: { ttlMs?: number; maxBytes?: number; heavyEntries?: number; heavyMaxBytes?: number } = {},
) {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // A player's keys, so a save (thousands a second at peak) drops that player's entries without scanning everyone's.
  const byUser = new Map<string, Set<string>>();
  const unindex = (key: string, e: Entry) => {
    if (e.userId === null) return;
    const keys = byUser.get(e.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(e.userId);
  };
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (e, key) => roughBytesOf(e) + key.length * 2,
    ttl: opts.ttlMs ?? DEFAULT_TTL_MS,
    dispose: (e, key) => unindex(key, e),
  });
  const sizes = new WeakMap<Entry, number>();
  const roughBytesOf = (e: Entry) => sizes.get(e) ?? roughBytes(e.value);
  // A season's everyone-tables (large, and growing with the players): a few, one per season asked for, bounded by count and bytes.
  const heavy = new LRUCache<string, Entry>({
    max: opts.heavyEntries ?? 6,
    maxSize: opts.heavyMaxBytes ?? DEFAULT_HEAVY_MAX_BYTES,
    sizeCalculation: (e, key) => roughBytesOf(e) + key.length * 2,
    ttl: opts.ttlMs ?? DEFAULT_TTL_MS,
  });
  const pending = new Map<string, Pending>();
  let lastFingerprint: ResultsFingerprint | null = null;
  const resultsMoved = new Set<() => void>();

  const matches = (s: Scope, seasonId: string | null, userId: string | null) =>
    (seasonId === null || s.seasonId === seasonId) && (userId === null || s.userId === userId);
  const invalidate = (seasonId: string | null, userId: string | null) => {
    if (userId !== null) {
      for (const key of [...(byUser.get(userId) ?? [])]) {
        const e = entries.peek(key, { allowStale: true });
        if (e && matches(e, seasonId, userId)) entries.delete(key);
      }
    } else {
      for (const [key, e] of entries.entries()) if (matches(e, seasonId, userId)) entries.delete(key);
    }
    for (const [key, e] of heavy.entries()) if (matches(e, seasonId, userId)) heavy.delete(key);
    for (const [key, p] of pending) {
      if (matches(p, seasonId, userId)) {
        p.stale = true;
        pending.delete(key);
      }
    }
  };

  /** Drops every entry (and computation under way) whose scope `stale` says, whoever's. */
  const dropWhere = (stale: (s: Scope) => boolean) => {
    for (const [key, e] of entries.entries()) if (stale(e)) entries.delete(key);
    for (const [key, e] of heavy.entries()) if (stale(e)) heavy.delete(key);
    for (const [key, p] of pending) {
      if (stale(p)) {
        p.stale = true;
        pending.delete(key);
      }
    }
  };

  const onEvent = (event: LiveEvent) => {
    const stale = onChange(PLAYER_FIGURES_STALE_ON, event);
    if (stale === null) return;
    const userId = event.userId ?? null;
    if (stale === 'all') return invalidate(null, userId);
    for (const scope of stale.scopes) {
      // Any player's list of leagues may have changed, whoever's event it was.
      if (scope === LEAGUE_LISTS || scope === LEAGUE_POINTS) invalidate(scope, null);
      else {
        invalidate(scope, userId);
        // What reads every season at once (the seasons list's counts) goes with any season's.
        invalidate(EVERY_SEASON, userId);
      }
    }
  };
  const unsubscribe = bus.subscribe(onEvent);

  return {
    /**
     * The value of `key` in `scope`, computed by `load` when missing. `bytes` sizes it (default:
     * its JSON); `heavy` keeps it among the few large season-wide values instead.
     */
    async get<T>(
      key: string,
      scope: Scope,
      load: () => Promise<T>,
      opts: { bytes?: (value: T) => number; heavy?: boolean } = {},
    ): Promise<T> {
      const store = opts.heavy ? heavy : entries;
      const hit = store.get(key);
      if (hit) return hit.value as T;
      const shared = pending.get(key);
      if (shared) return shared.promise as Promise<T>;
      const job: Pending = { ...scope, promise: load(), stale: false };
      pending.set(key, job);
      try {
        const value = (await job.promise) as T;
        if (!job.stale) {
          const entry: Entry = { ...scope, value };
          // A heavy value says its own size (serialising tens of thousands of rows to measure them would cost more than the value).
          sizes.set(entry, opts.bytes ? opts.bytes(value) : opts.heavy ? 1024 : roughBytes(value));
          store.set(key, entry);
          if (!opts.heavy && scope.userId !== null && store.has(key)) {
            let keys = byUser.get(scope.userId);
            if (!keys) byUser.set(scope.userId, (keys = new Set()));
            keys.add(key);
          }
        }
        return value;
      } finally {
        if (pending.get(key) === job) pending.delete(key);
      }
    },
    /**
     * Forgets everything when the results' fingerprint moved (statistics/repository.ts
     * `totalsFingerprint`, or PostgreSQL's results version): results written without an event
     * (another process, a script) are seen on the next request all the same (`checkResults`).
     */
    follow(fingerprint: ResultsFingerprint) {
      const last = lastFingerprint;
      lastFingerprint = fingerprint;
      if (last === null) return;
      // Who is in which league does not move with results.
      if (fingerprint.finals !== last.finals) {
        dropWhere((scope) => scope.seasonId !== LEAGUE_LISTS);
        for (const listener of resultsMoved) listener();
      } else if (fingerprint.all !== last.all) {
        // Only in-play scores moved: what shows them goes, the points stay.
        dropWhere(
          (scope) => !isPointsScope(scope) && scope.seasonId !== LEAGUE_LISTS && scope.seasonId !== LEAGUE_POINTS,
        );
      }
    },
    /** Calls `listener` whenever `follow` finds the results moved without an event (another cache that reads points drops itself too). */
    onResultsMoved(listener: () => void): () => void {
      resultsMoved.add(listener);
      return () => resultsMoved.delete(listener);
    },
    invalidate,
    close: unsubscribe,
    stats: () => ({ entries: entries.size + heavy.size, bytes: entries.calculatedSize }),
  };
}
export type PlayerCache = ReturnType<typeof createPlayerCache>;

export interface AppPlayerCache extends PlayerCache {
  /**
   * Follows the results' fingerprint before a request reads cached figures: null when nothing can
   * have changed (SQLite: the change marker stood still, so no read at all), else the read to await.
   */
  checkResults(): Promise<void> | null;
}

const perApp = new WeakMap<EventBus, AppPlayerCache>();

/** The app's one player cache (statistics and dashboard routes share it), made on first use. */
export function playerCache(app: FastifyInstance): AppPlayerCache {
  const { bus, db, handle } = app.deps;
  let cache = perApp.get(bus);
  if (!cache) {
    const base = createPlayerCache(bus);
    const marker = handle.sqlite ? sqliteChangeMarker(handle.sqlite) : null;
    let followedMarker: string | null = null;
    let versionRead: Promise<void> | null = null;
    const made: AppPlayerCache = {
      ...base,
      checkResults() {
        // PostgreSQL: other instances announce their writes, but a script's are only seen by reading
        // (one row that migration 0018's trigger keeps counting).
        // The version moves with any change to results; only then is the fingerprint read.
        const seen = marker ? marker() : null;
        if (marker && seen === followedMarker) return null;
        if (!marker) {
          // Requests arriving while a read is under way share it (it began less than a round trip
          // before them): under load one read answers many requests instead of one each.
          versionRead ??= resultsVersion(db)
            .then(async (version) => {
              if (version === followedMarker) return;
              base.follow(await totalsFingerprint(db));
              followedMarker = version;
            })
            .finally(() => {
              versionRead = null;
            });
          return versionRead;
        }
        return totalsFingerprint(db).then((fingerprint) => {
          base.follow(fingerprint);
          followedMarker = seen;
        });
      },
    };
    perApp.set(bus, made);
    app.addHook('onClose', async () => {
      made.close();
      perApp.delete(bus);
    });
    cache = made;
  }
  return cache;
}
