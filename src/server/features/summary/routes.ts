import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, gameweekNumber } from '../../../contract/common.js';
import { seasonQuery } from '../../../contract/seasons.js';
import { gameweekSummaryDto, latestGameweekDto } from '../../../contract/summary.js';
import { notFound } from '../../errors.js';
import { tag } from '../../read-model/index.js';
import { resolveSeason } from '../../seasons/service.js';
import { latestResultGameweek } from './repository.js';
import { presentSummary, summaryParts } from './summary.js';

/**
 * The player's gameweek summary: their own picks beside the results, their points, and
 * their rank in each league with the move since the gameweek before. It reads only the caller's
 * own predictions, so it reveals nothing of anyone else's, before or after a deadline.
 */
export async function summaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/gameweeks/latest',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['predictions'],
        summary:
          'The gameweek of the season’s most recent result (where the Results tab and the dashboard’s summary open)',
        querystring: seasonQuery,
        response: { 200: latestGameweekDto, 404: errorDto },
      },
    },
    async (req) => {
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season, 'standings');
      // Kept with the season's points: touched by results and fixture changes, and by results written without an event.
      const gameweek = await app.deps.readModel.get(
        `latest-result-gameweek:${season.id}`,
        [tag.seasonPoints(season.id)],
        () => latestResultGameweek(app.deps.db, season.id),
      );
      return { season: season.id, gameweek };
    },
  );

  app.get(
    '/api/me/gameweeks/:gameweek/summary',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['predictions'],
        summary:
          "The viewer's gameweek summary: picks beside results with points, the gameweek total, rank in each league and its change",
        params: z.object({ gameweek: gameweekNumber }),
        querystring: seasonQuery,
        response: { 200: gameweekSummaryDto, 404: errorDto },
      },
    },
    async (req) => {
      const now = app.deps.clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season, 'standings');
      const { gameweek } = req.params;
      const parts = await summaryParts(app, req.user.id, season.id, gameweek, now);
      if (!parts) throw notFound(`Gameweek ${gameweek} has no matches this season.`);
      return presentSummary(parts);
    },
  );
}
