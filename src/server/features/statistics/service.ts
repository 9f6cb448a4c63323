import type { DB } from '../../db/index.js';
import { indexTotals, type TotalsIndex } from '../../../game/rank-history.js';
import { gameweekTotals, gameweeksWithResults, totalsFingerprint } from './repository.js';

export interface TotalsSnapshot {
  /** Every player's points per gameweek, grouped for ranking. */
  index: TotalsIndex;
  gameweeks: number[];
}

interface Cached {
  fingerprint: string;
  loadedAt: number;
  snapshot: Promise<TotalsSnapshot>;
}

/** A safety net: even with an unchanged fingerprint, totals are re-read after this long. */
const MAX_AGE_MS = 30_000;
const cache = new WeakMap<DB, Cached>();

/**
 * Every player's per-gameweek points, summed by the database. They change only when results
 * change, so the grouped rows are kept per database and re-read when the results' fingerprint
 * moves; every instance checks the fingerprint itself, so several servers stay consistent.
 */
export async function loadTotalsSnapshot(db: DB): Promise<TotalsSnapshot> {
  const fingerprint = await totalsFingerprint(db);
  const hit = cache.get(db);
  // Wall-clock age, not the game clock: this is about data freshness, not a game rule.
  const now = Date.now();
  if (hit && hit.fingerprint === fingerprint && now - hit.loadedAt < MAX_AGE_MS) return hit.snapshot;
  const snapshot = Promise.all([gameweekTotals(db), gameweeksWithResults(db)]).then(([totals, gameweeks]) => ({ index: indexTotals(totals), gameweeks }));
  cache.set(db, { fingerprint, loadedAt: now, snapshot });
  snapshot.catch(() => {
    if (cache.get(db)?.snapshot === snapshot) cache.delete(db);
  });
  return snapshot;
}
