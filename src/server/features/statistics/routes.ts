import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidTimeZone } from '../../../game/statistics.js';
import { badRequest } from '../../errors.js';
import { presentStatistics } from './presenter.js';
import { statisticsParts } from './parts.js';
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
    async (req) => {
      const { user } = req;
      const { tz, league } = req.query;
      if (!knownZone(tz)) throw badRequest('Unknown time zone.', 'validation_error');
      const parts = await statisticsParts(app, user.id, { season: req.query.season, tz, league });
      const { stats, rank, scope, leagues, seasonId } = parts;
      return { statistics: presentStatistics(stats, rank, scope, leagues, tz, seasonId) };
    },
  );
}
