import type { FastifyInstance } from 'fastify';
import { tag } from '../../read-model/index.js';
import { leaguesByJoining, type PositionRow } from './repository.js';
import { leagueCounts } from './league-counts.js';
import type { TableCache, TableEntry } from './table-cache.js';
import { placeAfter, placeIn } from './standings.js';
import type { SeasonSpans } from '../../seasons/spans-cache.js';
import { leagueExistedInSeason } from '../../seasons/league-season.js';

/**
 * A league's season table with the viewer in it (a member the kept table has not seen yet, who
 * joined a moment ago perhaps on another instance, has it read again); null when the league is
 * gone, the viewer left it since their list was read, or the league did not exist in that season
 * (made after it: no table, no place in it; decision 0109).
 */
export async function seasonTableWith(
  tables: TableCache,
  leagueId: string,
  seasonId: string,
  userId: string,
  seasons: SeasonSpans,
): Promise<TableEntry | null> {
  const scope = { seasonId, gameweek: 0 };
  let season = await tables.get(leagueId, scope);
  if (season && !season.byUser.has(userId)) season = await tables.get(leagueId, scope, { fresh: true });
  if (!season?.byUser.has(userId)) return null;
  return (await leagueExistedInSeason(seasons, season.league, seasonId)) ? season : null;
}

/**
 * The viewer's position in each of their leagues in one season, under each league's rule, now and
 * after the gameweek before the season's latest scored gameweek (`latestGameweek`; null: none yet,
 * nothing moved): both from standings.ts, the one rule every screen reads (decision 0102). The
 * position is the viewer's place in the season table the league page shows (bonus points
 * included); the previous one is the place the gameweek summary shows as the latest gameweek's
 * previous position, so the dashboard, the table and the summary cannot disagree.
 */
export async function leaguePositions(
  app: FastifyInstance,
  tables: TableCache,
  userId: string,
  seasonId: string,
  latestGameweek: number | null,
): Promise<PositionRow[]> {
  const leagues = await app.deps.readModel.get(`leagues-by-joining:${userId}`, [tag.userLeagues(userId)], () =>
    leaguesByJoining(app.deps.db, userId),
  );
  const rows = await Promise.all(
    leagues.map(async ({ leagueId }): Promise<PositionRow | null> => {
      const season = await seasonTableWith(tables, leagueId, seasonId, userId, app.deps.seasons);
      const mine = season && placeIn(season, userId);
      if (!season || !mine) return null;
      let previousPosition = mine.rank;
      if (latestGameweek !== null) {
        const counts = await leagueCounts(app, seasonId, season.league);
        previousPosition = placeAfter(season, counts, latestGameweek - 1, userId)?.rank ?? mine.rank;
      }
      return {
        leagueId,
        name: season.league.name,
        memberCount: mine.members,
        points: mine.points,
        position: mine.rank,
        previousPosition,
      };
    }),
  );
  return rows.filter((r): r is PositionRow => r !== null);
}
