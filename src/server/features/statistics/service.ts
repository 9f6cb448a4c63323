import type { TotalsIndex } from '../../../game/rank-history.js';

/** A season's totals of every player, as the statistics route keeps them (player-cache.ts, one per season). */
export interface TotalsSnapshot {
  /** Every player's points per gameweek, grouped for ranking. */
  index: TotalsIndex;
  gameweeks: number[];
}
