import type { FastifyInstance } from 'fastify';
import { indexTotals, totalsIndexBytes, type TotalsIndex } from '../../../game/rank-history.js';
import { playerCache } from './player-cache.js';
import { gameweekTotals, gameweeksWithResults } from './repository.js';

/** A season's totals of every player, as the statistics route keeps them (player-cache.ts, one per season). */
export interface TotalsSnapshot {
  /** Every player's points per gameweek, grouped for ranking. */
  index: TotalsIndex;
  gameweeks: number[];
}

/**
 * A season's totals of every player (`userPoints`, one row per player and gameweek), indexed once
 * and kept among the player cache's few heavy entries until a result or a change of the season
 * drops them: the statistics' rank history and the gameweek summary's league ranks read them.
 */
export async function seasonTotals(app: FastifyInstance, seasonId: string): Promise<TotalsSnapshot> {
  const cache = playerCache(app);
  const check = cache.checkResults();
  if (check) await check;
  return cache.get(
    `totals:${seasonId}`,
    { seasonId, userId: null },
    async (): Promise<TotalsSnapshot> => {
      const [totals, gameweeks] = await Promise.all([gameweekTotals(app.deps.db, seasonId), gameweeksWithResults(app.deps.db, seasonId)]);
      return { index: indexTotals(totals), gameweeks };
    },
    { heavy: true, bytes: (s) => totalsIndexBytes(s.index) + s.gameweeks.length * 8 },
  );
}
