import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChangeType } from '../../contract/events.js';
import type { EventBus } from '../realtime/bus.js';
import { tag, type ReadModel } from '../read-model/index.js';
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
 * - a lookup that began before an invalidation is not stored (the read model's guard), so a read
 *   racing a sign-out cannot put the old session back.
 * Entries are keyed by the session cookie's signed value (auth/session.ts stores one only after its
 * signature checked out). Only valid sessions are kept; an unknown value always goes to the
 * database. Bounded by bytes.
 */
export const SESSION_CHANGED = 'session.changed' satisfies ChangeType;

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

const bytesOf = (e: Entry) =>
  200 + Object.values(e.user).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length * 2 : 8), 0);

export function createSessionCache(readModel: ReadModel, bus: EventBus, opts: SessionCacheOptions = {}) {
  // Wall-clock age: freshness, not a game rule.
  const entries = readModel.shelf<Entry | null>('sessions', {
    ttlMs: opts.ttlMs ?? DEFAULT_TTL_MS,
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    maxEntryBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    bytes: (e) => (e ? bytesOf(e) : 64),
  });
  /** Users whose sessions or account a Better Auth call changed, announced once its answer is ready (after its commit). */
  const changedDuringCall = new AsyncLocalStorage<Set<string>>();

  /** Drops a user's entries here (every user's: undefined), and keeps no read under way. */
  const forgetUser = (userId: string | undefined) =>
    readModel.touch([userId ? tag.session(userId) : tag.every('session')]);

  return {
    /** When a cached session expires (epoch ms), if the entry is fresh and the session has not expired. */
    expiresAt(key: string): number | null {
      const hit = entries.peek(key);
      return hit && hit.expiresAt > Date.now() ? hit.expiresAt : null;
    },
    /** The cached user of a session (by its cookie's signed value), if the entry is fresh and the session has not expired. */
    get(key: string): SessionUser | null {
      const hit = entries.peek(key);
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
    async lookup(key: string, read: () => Promise<Entry | null>): Promise<SessionUser | null> {
      // The user is known once read: a change of anyone's sessions meanwhile keeps later requests from joining the read.
      const found = await entries.get(
        key,
        { kinds: ['session'], of: (e) => (e ? [tag.session(e.user.id)] : null) },
        read,
      );
      return found?.user ?? null;
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
    /** Entries held, their bytes, and database reads made since the start. */
    stats: () => {
      const { entries: held, bytes, loads } = entries.stats();
      return { entries: held, bytes, reads: loads };
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
