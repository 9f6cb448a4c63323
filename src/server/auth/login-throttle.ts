/**
 * Failed sign-ins per account, on top of Better Auth's per-address limit: after `max` failures
 * within `windowMs` the account's sign-ins get 429 for the rest of the window, whichever address
 * they come from. The same message is used whether or not the account exists.
 */
export function createLoginThrottle(opts: { max: number; windowMs: number; now: () => number }) {
  const failures = new Map<string, number[]>();
  const recent = (email: string) => {
    const since = opts.now() - opts.windowMs;
    const list = (failures.get(email) ?? []).filter((t) => t > since);
    if (list.length) failures.set(email, list);
    else failures.delete(email);
    return list;
  };
  return {
    isBlocked(email: string): boolean {
      return recent(email.toLowerCase()).length >= opts.max;
    },
    recordFailure(email: string) {
      const key = email.toLowerCase();
      const list = recent(key);
      list.push(opts.now());
      failures.set(key, list);
      // Bound memory under a spray of random addresses.
      if (failures.size > 100_000) failures.delete(failures.keys().next().value as string);
    },
    reset(email: string) {
      failures.delete(email.toLowerCase());
    },
  };
}
