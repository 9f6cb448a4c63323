import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import { onChange, type ChangeHandlers, type ChangeType } from '../../contract/events.js';
import type { EventBus, LiveEvent } from '../realtime/bus.js';
import type { SessionUser } from './session.js';

/**
 * Verified sessions kept briefly in memory, so a signed-in request costs no session query
 * (that read was the largest share of a cached league table's cost: decision record 0104).
 *
 * What keeps it safe:
 * - expiry is checked on every hit (the session's own `expiresAt`, real time);
 * - an entry lives at most `ttlMs` (a safety net for a change nothing announced, e.g. the
 *   make-admin command run beside the server);
 * - sign-out, password change or reset, revocation and any change to the user's row publish
 *   `session.changed` for that user (SESSION_CHANGED) after the change is committed: every instance
 *   (PostgreSQL: through LISTEN/NOTIFY) drops that user's entries, and the publishing instance
 *   drops them before it publishes;
 * - a lookup that began before an invalidation is not stored (a generation counter), so a read
 *   racing a sign-out cannot put the old session back.
 * Entries are keyed by the session cookie's signed value (auth/session.ts stores one only after its
 * signature checked out). Only valid sessions are kept; an unknown value always goes to the
 * database. Bounded by bytes.
 */
export const SESSION_CHANGED = 'session.changed' satisfies ChangeType;

const none = () => null;
/**
 * Which changes make cached sessions stale: the player's own (the event's userId), all of them, or
 * none. Account deletion also publishes SESSION_CHANGED for the player.
 */
export const SESSIONS_STALE_ON: ChangeHandlers<'player' | 'all' | null> = {
  'session.changed': () => 'player',
  // The listener lost notifications while it was away: anything may have changed.
  'live.resumed': () => 'all',
  'results.changed': none,
  'live-score.changed': none,
  'fixtures.changed': none,
  'season.created': none,
  'gameweeks.changed': none,
  'current-season.changed': none,
  'prediction.saved': none,
  'membership.changed': none,
  'league.changed': none,
  'removed-players.changed': none,
  'invites.changed': none,
  // The team name is in the cached user, but the profile route drops the player's sessions itself (SESSION_CHANGED).
  'team-name.changed': none,
  'bonus-questions.changed': none,
  'bonus.settled': none,
  'account.deleted': none,
  'reminders.changed': none,
  'calendar.changed': none,
  'contact-messages.changed': none,
  'feed.changed': none,
};

export interface SessionCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
}

interface Entry {
  user: SessionUser;
  /** The session's expiry, epoch ms. */
  expiresAt: number;
}

const DEFAULT_TTL_MS = 10_000;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

const bytesOf = (e: Entry, key: string) =>
  200 +
  key.length * 2 +
  Object.values(e.user).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length * 2 : 8), 0);

export function createSessionCache(bus: EventBus, opts: SessionCacheOptions = {}) {
  const entries = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeCalculation: bytesOf,
    ttl: opts.ttlMs ?? DEFAULT_TTL_MS,
    // Wall-clock age: freshness, not a game rule.
    ttlAutopurge: false,
  });
  let generation = 0;
  /**
   * Database reads under way, by key: concurrent requests of one session share one read (a page
   * makes several API calls at once; when an entry expires, every request of that session in the
   * next few milliseconds would otherwise read it again, often enough to show beside the cached
   * pages' own work; decision record 0104). Emptied by every invalidation, so a request that arrives
   * after a sign-out never joins a read that began before it.
   */
  const reading = new Map<string, Promise<SessionUser | null>>();
  let reads = 0;
  /** Users whose sessions or account a Better Auth call changed, announced once its answer is ready (after its commit). */
  const changedDuringCall = new AsyncLocalStorage<Set<string>>();

  const forgetUser = (userId: string | undefined) => {
    generation++;
    reading.clear();
    if (!userId) {
      entries.clear();
      return;
    }
    for (const [key, e] of entries.entries()) if (e.user.id === userId) entries.delete(key);
  };

  const unsubscribe = bus.subscribe((event: LiveEvent) => {
    const stale = onChange(SESSIONS_STALE_ON, event);
    if (stale === 'player') forgetUser(event.userId);
    else if (stale === 'all') forgetUser(undefined);
  });

  return {
    /** When a cached session expires (epoch ms), if the entry is fresh and the session has not expired. */
    expiresAt(key: string): number | null {
      const hit = entries.get(key);
      return hit && hit.expiresAt > Date.now() ? hit.expiresAt : null;
    },
    /** The cached user of a session (by its cookie's signed value), if the entry is fresh and the session has not expired. */
    get(key: string): SessionUser | null {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.expiresAt <= Date.now()) {
        entries.delete(key);
        return null;
      }
      return hit.user;
    },
    /**
     * The user of a session not in the cache: `read` (the database) is called once for all the
     * requests that ask meanwhile; a valid session it finds is kept unless an invalidation came
     * while it was being read (a read racing a sign-out cannot put the old session back).
     */
    lookup(key: string, read: () => Promise<Entry | null>): Promise<SessionUser | null> {
      const shared = reading.get(key);
      if (shared) return shared;
      const startedAt = generation;
      reads++;
      const pending = read()
        .then((found) => {
          if (!found) return null;
          if (startedAt === generation) entries.set(key, found);
          return found.user;
        })
        .finally(() => {
          if (reading.get(key) === pending) reading.delete(key);
        });
      reading.set(key, pending);
      return pending;
    },
    /** Drops a user's entries here and on every other instance. Call after the change is committed. */
    async invalidate(userId: string) {
      forgetUser(userId);
      // The user's other tabs re-read who they are (and learn they were signed out).
      await bus.publish({ type: SESSION_CHANGED, userId });
    },
    /**
     * Runs a Better Auth call; the users its database hooks report (`changed`) are invalidated
     * once it has answered, that is after its writes are committed (and `seen` hears who they
     * were).
     */
    async track<T>(call: () => Promise<T>, seen?: (users: ReadonlySet<string>) => void): Promise<T> {
      const users = new Set<string>();
      const out = await changedDuringCall.run(users, call);
      for (const userId of users) await this.invalidate(userId);
      // The caller may act on whom the call changed (the bridge marks a device known after a reset).
      seen?.(users);
      return out;
    },
    /** From Better Auth's database hooks: a user's sessions or account changed. */
    changed(userId: string) {
      // Dropped at once here too, so nothing re-reads the old state in between.
      forgetUser(userId);
      const users = changedDuringCall.getStore();
      if (users) users.add(userId);
      else void this.invalidate(userId).catch(() => {});
    },
    close: unsubscribe,
    /** Entries held, their bytes, and database reads made since the start. */
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, reads }),
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
