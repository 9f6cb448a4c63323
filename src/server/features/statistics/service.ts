import type { FastifyInstance } from 'fastify';
import { totalsIndexBytes, type TotalsIndex } from '../../../game/rank-history.js';
import { tag } from '../../read-model/index.js';
import { leagueMemberIds } from './repository.js';
import { getLeague, scoringOf } from '../leagues/index.js';
import { countsUnderLeague } from '../leagues/index.js';
import { indexUnder } from '../../points/season-counts.js';

/**
 * A league's members' points per gameweek of a season under its own rule (a league whose rule is
 * not the standard one: the others read `seasonTotals`), worked out from the season's kept counts
 * and kept until a join or leave, a change of its scoring or a result touches them.
 */
export async function leagueRuleTotals(app: FastifyInstance, seasonId: string, leagueId: string): Promise<TotalsIndex> {
  return app.deps.readModel.get(
    `leagueTotals:${seasonId}:${leagueId}`,
    [tag.seasonPoints(seasonId), tag.leagueMembers(leagueId), tag.leagueRule(leagueId)],
    async () => {
      const [league, members] = await Promise.all([
        getLeague(app.deps.db, leagueId),
        leagueMemberIds(app.deps.db, leagueId),
      ]);
      if (!league) return new Map();
      // The league's knockout rule moves the picks on matches that went to extra time (leagues/extra-time-counts.ts).
      const own = await countsUnderLeague(app, seasonId, league);
      return indexUnder(own, scoringOf(league), members);
    },
    {
      bytes: (i) => totalsIndexBytes(i),
    },
  );
}
