import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidTimeZone } from '../../../game/statistics.js';
import type { RankHistory } from '../../../game/rank-history.js';
import { badRequest } from '../../errors.js';
import { presentStatistics } from './presenter.js';
import { statisticsParts } from './parts.js';
import { jsonText, keptTexts, sendJsonText } from '../../plugins/json-text.js';
import { statisticsReply } from '../../../contract/statistics.js';
import { errorDto } from '../../../contract/common.js';
import { seasonId } from '../../../contract/seasons.js';

export const timeZoneQuery = z.string().max(64).default('Europe/London');

/**
 * Zones already found valid: building a formatter per request cost more than the cached answer.
 * Capped, since the names are case-insensitive and a client could send endless spellings.
 */
const validZones = new Set<string>();
const VALID_ZONES_MAX = 1000;
const knownZone = (tz: string) => {
  if (validZones.has(tz)) return true;
  if (!isValidTimeZone(tz)) return false;
  if (validZones.size < VALID_ZONES_MAX) validZones.add(tz);
  return true;
};

export async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const texts = keptTexts<RankHistory>();

  app.get(
    '/api/me/statistics',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['statistics'],
        summary:
          "The signed-in player's own statistics and rank history in a season (unless ?season=, the current one, or between seasons the one just played), overall or in one of their leagues",
        querystring: z.object({
          season: seasonId.optional(),
          tz: timeZoneQuery.describe('The viewer’s IANA time zone, for weekday performance'),
          league: z
            .string()
            .max(100)
            .optional()
            .describe('A league the player belongs to; overall among all players when absent'),
        }),
        response: { 200: statisticsReply, 400: errorDto, 404: errorDto },
      },
    },
    async (req, reply) => {
      const { user } = req;
      const { tz, league } = req.query;
      if (!knownZone(tz)) throw badRequest('Unknown time zone.', 'validation_error');
      const parts = await statisticsParts(app, user.id, { season: req.query.season, tz, league });
      // The answer's text is kept with the kept values it shows (decision 0104): the overall rank
      // history is kept per player, so its text is made once until a pick, a result or a league
      // list moves; a league's is worked out per request, and so is its text.
      const { stats, rank, scope, leagues, seasonId } = parts;
      const text = texts(rank, [stats, leagues, scope.leagueId, scope.name, tz, seasonId], () =>
        jsonText(statisticsReply, { statistics: presentStatistics(stats, rank, scope, leagues, tz, seasonId) }),
      );
      sendJsonText(reply, text);
    },
  );
}
