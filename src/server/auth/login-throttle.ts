import { LRUCache } from 'lru-cache';

/**
 * Failed sign-ins per account *and* client address, with growing waits: after `freeFailures`
 * wrong passwords the next attempt must wait `baseDelayMs`, then twice as long after each further
 * failure, up to `maxDelayMs`. Keyed on the address too, so an attacker elsewhere cannot lock the
 * owner out; Better Auth's per-address limit bounds how fast any one address guesses. A correct
 * password clears the record. The same answer is given whether or not the account exists.
 *
 * Memory is bounded in bytes (a spray of random addresses and e-mails evicts the oldest records).
 */
export interface LoginThrottleOptions {
  now: () => number;
  maxBytes: number;
  freeFailures?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A record with no failure for this long is forgotten. */
  forgetAfterMs?: number;
}

interface Failures {
  count: number;
  last: number;
}

export function createLoginThrottle(opts: LoginThrottleOptions) {
  const free = opts.freeFailures ?? 5;
  const base = opts.baseDelayMs ?? 60_000;
  const max = opts.maxDelayMs ?? 60 * 60_000;
  const forgetAfter = opts.forgetAfterMs ?? 24 * 60 * 60_000;
  const records = new LRUCache<string, Failures>({
    maxSize: opts.maxBytes,
    // The key's characters (UTF-16) plus the record and the cache's own bookkeeping.
    sizeCalculation: (_value, key) => key.length * 2 + 96,
  });
  const keyOf = (email: string, address: string) => `${email.trim().toLowerCase()}\n${address}`;
  const current = (key: string): Failures | undefined => {
    const r = records.get(key);
    if (r && opts.now() - r.last > forgetAfter) {
      records.delete(key);
      return undefined;
    }
    return r;
  };
  const delayAfter = (count: number) => (count < free ? 0 : Math.min(base * 2 ** (count - free), max));

  return {
    /** Seconds this account and address must still wait (0 when an attempt may go ahead). */
    waitSeconds(email: string, address: string): number {
      const r = current(keyOf(email, address));
      if (!r) return 0;
      const remaining = r.last + delayAfter(r.count) - opts.now();
      return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
    },
    recordFailure(email: string, address: string): void {
      const key = keyOf(email, address);
      const r = current(key);
      records.set(key, { count: (r?.count ?? 0) + 1, last: opts.now() });
    },
    reset(email: string, address: string): void {
      records.delete(keyOf(email, address));
    },
    /** Entries and bytes held (for tests of the bound). */
    stats: () => ({ entries: records.size, bytes: records.calculatedSize }),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
