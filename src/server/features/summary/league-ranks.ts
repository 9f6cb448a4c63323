import type { FastifyInstance } from 'fastify';
import { tag } from '../../read-model/index.js';
import { leaguesByJoining } from '../leagues/index.js';
import { keptTables } from '../leagues/index.js';
import { seasonTableWith } from '../leagues/index.js';
import { placeAfter } from '../leagues/index.js';
import { countsUnderLeague } from '../leagues/index.js';
import type { LeagueRankRow } from './repository.js';

/**
 * The viewer's place in each of their leagues after gameweek `gameweek` of a season and after the
 * gameweek before it, from the league's kept season table under the league's own rule (bankers,
 * bonus points and all: leagues/standings.ts `placeAfter`, the one rule the table, the dashboard's
 * positions and the live table read; decision 0102). After the season's latest scored gameweek the
 * place and the points are the table's own. Leagues the viewer has left meanwhile, and leagues made after the season (decision 0109), are left out.
 */
export async function leagueRanksAfter(
  app: FastifyInstance,
  userId: string,
  seasonId: string,
  gameweek: number,
): Promise<LeagueRankRow[]> {
  const tables = keptTables(app);
  const leagues = await app.deps.readModel.get(`leagues-by-joining:${userId}`, [tag.userLeagues(userId)], () =>
    leaguesByJoining(app.deps.db, userId),
  );
  const rows = await Promise.all(
    leagues.map(async (l): Promise<LeagueRankRow | null> => {
      const season = await seasonTableWith(tables, l.leagueId, seasonId, userId, app.deps.seasons);
      // The league's own counts (its knockout rule): the ones its table was worked out from.
      const own = season && (await countsUnderLeague(app, seasonId, season.league));
      const now = season && own && placeAfter(season, own, gameweek, userId);
      const before = season && own && placeAfter(season, own, gameweek - 1, userId);
      if (!now || !before) return null;
      return {
        leagueId: l.leagueId,
        name: season.league.name,
        memberCount: now.members,
        points: now.points,
        position: now.rank,
        previousPosition: before.rank,
      };
    }),
  );
  return rows.filter((r): r is LeagueRankRow => r !== null);
}
