import { partialMatchKey, type QueryKey } from '@tanstack/react-query';

/** Whether invalidating `prefix` reaches `key`: TanStack's own rule for `invalidateQueries({ queryKey })`. */
const covers = (prefix: QueryKey, key: QueryKey) => partialMatchKey(key, prefix);

/**
 * The keys to invalidate for a list that may repeat itself: without exact repeats, and without a
 * key another one already covers as its prefix (`['admin']` covers `['admin', 'seasons']`).
 * TanStack cancels a query's running refetch when it is invalidated again, so a repeat would cost
 * every open page a second request (a call's own keys and its changes' keys may overlap, for one).
 */
export function coveringKeys(keys: readonly QueryKey[]): QueryKey[] {
  const out: QueryKey[] = [];
  for (const key of keys) {
    if (out.some((kept) => covers(kept, key))) continue;
    for (let i = out.length - 1; i >= 0; i--) if (covers(key, out[i]!)) out.splice(i, 1);
    out.push(key);
  }
  return out;
}
