import { LRUCache } from 'lru-cache';

/**
 * Failed sign-ins, counted twice, each with growing waits (decision 0050):
 *
 * - per account *and* client address: after `freeFailures` wrong passwords the next attempt from
 *   that address must wait `baseDelayMs`, then twice as long after each further failure, up to
 *   `maxDelayMs`. An attacker elsewhere cannot lock the owner out through this one.
 * - per account, from every address together: after `accountFreeFailures` the account's own waits
 *   begin the same way. Spreading guesses over many addresses (a /48 holds 65,536 /64s) no longer
 *   buys fresh attempts. A browser that has signed in to the account before (the known-device
 *   cookie, signed-cookies.ts) is not held by this one, so the owner is never locked out by it;
 *   a password reset by mail makes the browser known too.
 *
 * A correct password clears its address's record; the account's record is left to expire (a
 * success from a known device while under attack must not give the attacker fresh attempts).
 * Records are kept by the address typed, whether or not an account has it, so every answer is
 * the same for an unknown address. Memory is bounded in bytes (a spray evicts the oldest records).
 */
export interface LoginThrottleOptions {
  now: () => number;
  maxBytes: number;
  freeFailures?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  accountFreeFailures?: number;
  accountBaseDelayMs?: number;
  accountMaxDelayMs?: number;
  /** A record with no failure for this long is forgotten. */
  forgetAfterMs?: number;
}

interface Failures {
  count: number;
  last: number;
}

export interface Waits {
  /** Seconds this account and address must still wait. */
  address: number;
  /** Seconds the account must still wait, whatever the address (known devices excepted). */
  account: number;
}

export function createLoginThrottle(opts: LoginThrottleOptions) {
  const free = opts.freeFailures ?? 5;
  const base = opts.baseDelayMs ?? 60_000;
  const max = opts.maxDelayMs ?? 60 * 60_000;
  const accountFree = opts.accountFreeFailures ?? 10;
  const accountBase = opts.accountBaseDelayMs ?? 60_000;
  const accountMax = opts.accountMaxDelayMs ?? 60 * 60_000;
  const forgetAfter = opts.forgetAfterMs ?? 24 * 60 * 60_000;
  const records = new LRUCache<string, Failures>({
    maxSize: opts.maxBytes,
    // The key's characters (UTF-16) plus the record and the cache's own bookkeeping.
    sizeCalculation: (_value, key) => key.length * 2 + 96,
  });
  const account = (email: string) => `acct\n${email.trim().toLowerCase()}`;
  const pair = (email: string, address: string) => `pair\n${email.trim().toLowerCase()}\n${address}`;
  const current = (key: string): Failures | undefined => {
    const r = records.get(key);
    if (r && opts.now() - r.last > forgetAfter) {
      records.delete(key);
      return undefined;
    }
    return r;
  };
  const waitOf = (r: Failures | undefined, freeCount: number, baseMs: number, maxMs: number) => {
    if (!r || r.count < freeCount) return 0;
    const remaining = r.last + Math.min(baseMs * 2 ** (r.count - freeCount), maxMs) - opts.now();
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  };
  const bump = (key: string) => {
    const r = current(key);
    records.set(key, { count: (r?.count ?? 0) + 1, last: opts.now() });
  };

  return {
    /** Seconds still to wait, per address and for the account (0 when an attempt may go ahead). */
    waits(email: string, address: string): Waits {
      return {
        address: waitOf(current(pair(email, address)), free, base, max),
        account: waitOf(current(account(email)), accountFree, accountBase, accountMax),
      };
    },
    /** Seconds this account and address must wait, counting the account's own wait unless the browser is a known device. */
    waitSeconds(email: string, address: string, knownDevice = false): number {
      const w = this.waits(email, address);
      return Math.max(w.address, knownDevice ? 0 : w.account);
    },
    recordFailure(email: string, address: string): void {
      bump(pair(email, address));
      bump(account(email));
    },
    /** A correct password: its address starts afresh (the account's record expires by itself). */
    reset(email: string, address: string): void {
      records.delete(pair(email, address));
    },
    /** Entries and bytes held (for tests of the bound). */
    stats: () => ({ entries: records.size, bytes: records.calculatedSize }),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
