import type { FastifyInstance } from 'fastify';
import { totalsIndexBytes, type TotalsIndex } from '../../../game/rank-history.js';
import { LEAGUE_POINTS, playerCache, pointsScope } from './player-cache.js';
import { gameweeksWithResults } from '../results/repository.js';
import { leagueMemberIds } from './repository.js';
import { createCountsReader, type CountsReader } from './counts-reader.js';
import type { EventBus } from '../../realtime/bus.js';
import { getLeague, scoringOf } from '../leagues/repository.js';
import { countsUnderRule } from '../leagues/extra-time-counts.js';
import { STANDARD_RULE } from '../../../game/scoring.js';
import { indexUnder, seasonCountsBytes, type Scoring, type SeasonCounts } from './season-counts.js';

/** A season's totals of every player, as the statistics route keeps them (player-cache.ts, one per season). */
export interface TotalsSnapshot {
  /** Every player's points per gameweek, grouped for ranking. */
  index: TotalsIndex;
  gameweeks: number[];
}

/**
 * The app's one reader of season counts (counts-reader.ts), made on first use. Keyed by the app's
 * bus (plugins see their own instance of the app): its subscription lives as long as the bus does.
 */
const readers = new WeakMap<EventBus, CountsReader>();
function countsReader(app: FastifyInstance): CountsReader {
  const { bus } = app.deps;
  let reader = readers.get(bus);
  if (!reader) readers.set(bus, (reader = createCountsReader(() => app.deps.db, bus)));
  return reader;
}

/**
 * A season's tier counts of every player per gameweek (season-counts.ts), read once and kept among
 * the player cache's few heavy entries until a result or a change of the season drops them (read
 * again, after a result only in the parts it moved: counts-reader.ts): every rule's totals below
 * are worked out from them in memory.
 */
export async function seasonCounts(app: FastifyInstance, seasonId: string): Promise<SeasonCounts> {
  const cache = playerCache(app);
  const check = cache.checkResults();
  if (check) await check;
  return cache.get(
    `counts:${seasonId}`,
    { seasonId: pointsScope(seasonId), userId: null },
    () => countsReader(app).read(seasonId),
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
      if (!league) return new Map();
      // The league's knockout rule moves the picks on matches that went to extra time (leagues/extra-time-counts.ts).
      const own = await countsUnderRule(app.deps.db, seasonId, counts, league.knockoutRule);
      return indexUnder(own, scoringOf(league), members);
    },
    {
      bytes: (i) => totalsIndexBytes(i),
    },
  );
}
