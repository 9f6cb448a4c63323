import type { FastifyInstance } from 'fastify';
import { rankInSorted } from '../../../game/rank-history.js';
import { LEAGUE_LISTS, playerCache } from '../statistics/player-cache.js';
import { leaguesByJoining, scoringOf, type PositionRow } from './repository.js';
import { seasonCounts } from '../statistics/service.js';
import { gameweekPoints, type SeasonCounts } from '../statistics/season-counts.js';
import type { TableCache, TableEntry } from './table-cache.js';

/**
 * The viewer's position in each of their leagues in one season, under each league's rule, now and
 * before the season's latest scored gameweek (`latestGameweek`; null: none yet, nothing moved).
 *
 * Read from the kept league tables (table-cache.ts) rather than counted in the database: the
 * position is the viewer's shared rank in the season table the league page shows (its bonus points
 * included), so the dashboard and the table can never disagree. The previous position is the rank
 * among every member's season points minus their points of the latest gameweek under the league's
 * scoring (from the season's kept counts, statistics/season-counts.ts; a gameweek has no bonus
 * points). Counting members above the viewer in SQL per request cost 191 ms of CPU for a player in
 * six leagues of 1,000 and 10,000 (decision 0104); here a request is a few lookups and a binary
 * search, and the sorted previous points are worked out once per kept table and counts.
 */
export async function leaguePositions(
  app: FastifyInstance,
  tables: TableCache,
  userId: string,
  seasonId: string,
  latestGameweek: number | null,
): Promise<PositionRow[]> {
  const leagues = await playerCache(app).get(
    `leagues-by-joining:${userId}`,
    { seasonId: LEAGUE_LISTS, userId: null },
    () => leaguesByJoining(app.deps.db, userId),
  );
  const rows = await Promise.all(
    leagues.map(async ({ leagueId }): Promise<PositionRow | null> => {
      const seasonScope = { seasonId, gameweek: 0 };
      let season = await tables.get(leagueId, seasonScope);
      // A member the kept table has not seen yet (joined a moment ago, on another instance): read it again.
      if (season && !season.byUser.has(userId)) season = await tables.get(leagueId, seasonScope, { fresh: true });
      const mine = season?.byUser.get(userId);
      // The league is gone, or the player left it since their list was read.
      if (!season || !mine) return null;
      let previousPosition = mine.rank;
      if (latestGameweek !== null) {
        const counts = await seasonCounts(app, seasonId);
        const before = mine.points - (gameweekPoints(counts, latestGameweek, scoringOf(season.league))(userId) ?? 0);
        previousPosition = rankInSorted(before, previousPoints(season, counts, latestGameweek));
      }
      return {
        leagueId,
        name: season.league.name,
        memberCount: season.rows.length,
        points: mine.points,
        position: mine.rank,
        previousPosition,
      };
    }),
  );
  return rows.filter((r): r is PositionRow => r !== null);
}

/**
 * Every member's season points minus their points of one gameweek under the league's scoring,
 * highest first, per kept table and kept counts (both are replaced, never changed, when what they
 * hold moves, so nothing stale is reused).
 */
const previousByTable = new WeakMap<TableEntry, { counts: SeasonCounts; gameweek: number; sorted: Int32Array }>();

function previousPoints(season: TableEntry, counts: SeasonCounts, gameweek: number): Int32Array {
  const kept = previousByTable.get(season);
  if (kept?.counts === counts && kept.gameweek === gameweek) return kept.sorted;
  const weekOf = gameweekPoints(counts, gameweek, scoringOf(season.league));
  const sorted = Int32Array.from(season.rows, (r) => r.points - (weekOf(r.userId) ?? 0));
  sorted.sort().reverse();
  previousByTable.set(season, { counts, gameweek, sorted });
  return sorted;
}
