import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { computeStatistics, isValidTimeZone } from '../../../game/statistics.js';
import { rankHistoryFromIndex, subsetIndex } from '../../../game/rank-history.js';
import { badRequest, notFound } from '../../errors.js';
import { leagueMemberIds, leaguesOf, loadPredictionRecords } from './repository.js';
import { loadTotalsSnapshot } from './service.js';
import { presentStatistics } from './presenter.js';
import { statisticsReply } from '../../../contract/statistics.js';
import { errorDto } from '../../../contract/common.js';
import { seasonId } from '../../../contract/seasons.js';
import { resolveSeason } from '../seasons/service.js';

export const timeZoneQuery = z.string().max(64).default('Europe/London');

export async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/statistics',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['statistics'],
        summary: "The signed-in player's own statistics and rank history in a season (the current one unless ?season=), overall or in one of their leagues",
        querystring: z.object({
          season: seasonId.optional(),
          tz: timeZoneQuery.describe('The viewer’s IANA time zone, for weekday performance'),
          league: z.string().max(100).optional().describe('A league the player belongs to; overall among all players when absent'),
        }),
        response: { 200: statisticsReply, 400: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { tz, league } = req.query;
      if (!isValidTimeZone(tz)) throw badRequest('Unknown time zone.', 'validation_error');
      const { db } = app.deps;
      const season = await resolveSeason(db, app.deps.clock.now(), req.query.season);
      const [records, leagues, snapshot] = await Promise.all([loadPredictionRecords(db, user.id, season.id), leaguesOf(db, user.id), loadTotalsSnapshot(db, season.id)]);

      let scope: { leagueId: string | null; name: string } = { leagueId: null, name: 'Overall' };
      let index = snapshot.index;
      if (league) {
        // Only the player's own leagues: anything else reads as not found, whether it exists or not.
        const mine = leagues.find((l) => l.id === league);
        if (!mine) throw notFound('League not found.');
        index = subsetIndex(index, await leagueMemberIds(db, league));
        scope = { leagueId: mine.id, name: mine.name };
      }
      const stats = computeStatistics(records, tz);
      const rank = rankHistoryFromIndex(index, snapshot.gameweeks, user.id);
      return { statistics: presentStatistics(stats, rank, scope, leagues, tz, season.id) };
    },
  );
}
