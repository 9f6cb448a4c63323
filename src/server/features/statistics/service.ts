import type { FastifyInstance } from 'fastify';
import { totalsIndexBytes, type TotalsIndex } from '../../../game/rank-history.js';
import { LEAGUE_POINTS, playerCache, pointsScope } from './player-cache.js';
import { gameweeksWithResults } from '../results/repository.js';
import { gameweekCounts, lastCountedGameweek, leagueMemberIds } from './repository.js';
import { getLeague, scoringOf } from '../leagues/repository.js';
import { STANDARD_RULE } from '../../../game/scoring.js';
import {
  createCountsPacker,
  indexUnder,
  SEASON_TOTAL,
  seasonCountsBytes,
  type Scoring,
  type SeasonCounts,
} from './season-counts.js';

/** A season's totals of every player, as the statistics route keeps them (player-cache.ts, one per season). */
export interface TotalsSnapshot {
  /** Every player's points per gameweek, grouped for ranking. */
  index: TotalsIndex;
  gameweeks: number[];
}

/**
 * A season's tier counts of every player per gameweek (season-counts.ts), read once and kept among
 * the player cache's few heavy entries until a result or a change of the season drops them: every
 * rule's totals below are worked out from them in memory.
 */
export async function seasonCounts(app: FastifyInstance, seasonId: string): Promise<SeasonCounts> {
  const cache = playerCache(app);
  const check = cache.checkResults();
  if (check) await check;
  return cache.get(
    `counts:${seasonId}`,
    { seasonId: pointsScope(seasonId), userId: null },
    async () => {
      // A gameweek at a time: the season's rows are never all held as objects at once (season-counts.ts).
      const packer = createCountsPacker();
      const last = await lastCountedGameweek(app.deps.db, seasonId);
      // The season's total first, then each gameweek.
      for (let gameweek = SEASON_TOTAL; gameweek <= last; gameweek++) {
        packer.add(await gameweekCounts(app.deps.db, seasonId, gameweek));
        // SQLite answers each read at once, so the reads would run as one task of every gameweek's
        // 5–10 ms (300–500 ms after a result in the match-week mix) and every request would wait
        // for all of them: requests that arrived meanwhile are served between two reads.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      return packer.done();
    },
    { heavy: true, bytes: seasonCountsBytes },
  );
}

/** The overall leaderboard's scoring: the standard rule, bankers double. */
const STANDARD: Scoring = { rule: STANDARD_RULE, bankersAllowed: true };

/**
 * A season's totals of every player under the standard rule (the points aggregate's counts), indexed
 * once and kept among the heavy entries until a result or a change of the season drops them: the
 * statistics' rank history and the gameweek summary's ranks read them.
 */
export async function seasonTotals(app: FastifyInstance, seasonId: string): Promise<TotalsSnapshot> {
  const cache = playerCache(app);
  const check = cache.checkResults();
  if (check) await check;
  return cache.get(
    `totals:${seasonId}`,
    { seasonId: pointsScope(seasonId), userId: null },
    async (): Promise<TotalsSnapshot> => {
      const [counts, gameweeks] = await Promise.all([
        seasonCounts(app, seasonId),
        gameweeksWithResults(app.deps.db, seasonId),
      ]);
      return { index: indexUnder(counts, STANDARD), gameweeks };
    },
    { heavy: true, bytes: (s) => totalsIndexBytes(s.index) + s.gameweeks.length * 8 },
  );
}

/**
 * A league's members' points per gameweek of a season under its own rule (a league whose rule is
 * not the standard one: the others read `seasonTotals`), worked out from the season's kept counts
 * and kept until a join or leave, a change of its scoring (league events) or a result (the
 * results' fingerprint, checked first).
 */
export async function leagueRuleTotals(app: FastifyInstance, seasonId: string, leagueId: string): Promise<TotalsIndex> {
  const cache = playerCache(app);
  const check = cache.checkResults();
  if (check) await check;
  return cache.get(
    `leagueTotals:${seasonId}:${leagueId}`,
    { seasonId: LEAGUE_POINTS, userId: null },
    async () => {
      const [counts, league, members] = await Promise.all([
        seasonCounts(app, seasonId),
        getLeague(app.deps.db, leagueId),
        leagueMemberIds(app.deps.db, leagueId),
      ]);
      return league ? indexUnder(counts, scoringOf(league), members) : new Map();
    },
    {
      bytes: (i) => totalsIndexBytes(i),
    },
  );
}
