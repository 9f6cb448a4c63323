import type { FastifyInstance } from 'fastify';
import { indexTotals, totalsIndexBytes, type TotalsIndex } from '../../../game/rank-history.js';
import { LEAGUE_LISTS, playerCache } from './player-cache.js';
import { gameweeksWithResults } from '../results/repository.js';
import { gameweekTotals, leagueGameweekTotals } from './repository.js';

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
      const [totals, gameweeks] = await Promise.all([
        gameweekTotals(app.deps.db, seasonId),
        gameweeksWithResults(app.deps.db, seasonId),
      ]);
      return { index: indexTotals(totals), gameweeks };
    },
    { heavy: true, bytes: (s) => totalsIndexBytes(s.index) + s.gameweeks.length * 8 },
  );
}

/**
 * A league's members' points per gameweek of a season under its own rule (a league whose rule is
 * not the standard one: the others read `seasonTotals`), kept until a join or leave, a change of
 * its scoring (league events) or a result (the results' fingerprint, checked first).
 */
export async function leagueRuleTotals(app: FastifyInstance, seasonId: string, leagueId: string): Promise<TotalsIndex> {
  const cache = playerCache(app);
  const check = cache.checkResults();
  if (check) await check;
  return cache.get(
    `leagueTotals:${seasonId}:${leagueId}`,
    { seasonId: LEAGUE_LISTS, userId: null },
    async () => indexTotals(await leagueGameweekTotals(app.deps.db, seasonId, leagueId)),
    {
      bytes: (i) => totalsIndexBytes(i),
    },
  );
}
