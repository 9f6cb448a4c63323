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
/** Per database, per season. */
const cache = new WeakMap<DB, Map<string, Cached>>();

/**
 * Every player's per-gameweek points in a season, summed by the database. They change only when results
 * change, so the grouped rows are kept per database and re-read when the results' fingerprint
 * moves; every instance checks the fingerprint itself, so several servers stay consistent.
 */
export async function loadTotalsSnapshot(db: DB, seasonId: string): Promise<TotalsSnapshot> {
  const fingerprint = await totalsFingerprint(db);
  let seasons = cache.get(db);
  if (!seasons) cache.set(db, (seasons = new Map()));
  const hit = seasons.get(seasonId);
  // Wall-clock age, not the game clock: this is about data freshness, not a game rule.
  const now = Date.now();
  if (hit && hit.fingerprint === fingerprint && now - hit.loadedAt < MAX_AGE_MS) return hit.snapshot;
  const snapshot = Promise.all([gameweekTotals(db, seasonId), gameweeksWithResults(db, seasonId)]).then(([totals, gameweeks]) => ({ index: indexTotals(totals), gameweeks }));
  // Seasons are few (a handful a decade), so one entry per season stays small.
  seasons.set(seasonId, { fingerprint, loadedAt: now, snapshot });
  snapshot.catch(() => {
    if (seasons.get(seasonId)?.snapshot === snapshot) seasons.delete(seasonId);
  });
  return snapshot;
}
