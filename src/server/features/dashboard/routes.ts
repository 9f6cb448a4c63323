import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveSeason } from '../../seasons/service.js';
import { dashboardReply } from '../../../contract/dashboard.js';
import { dashboardParts, presentDashboard } from './dashboard.js';
import { otherCompetitions } from './other-competitions.js';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/dashboard',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['statistics'],
        summary:
          "The signed-in player's dashboard in the current season: the gameweek open for predictions with the player's picks, tiles, upcoming matches, recent activity, badges and progress",
        response: { 200: dashboardReply },
      },
    },
    async (req) => {
      const now = app.deps.clock.now();
      const season = await resolveSeason(app.deps.seasons, now);
      const [parts, elsewhere] = await Promise.all([
        dashboardParts(app, req.user.id, season, now),
        otherCompetitions(app, req.user.id, season, now),
      ]);
      return { dashboard: { ...presentDashboard(parts), elsewhere } };
    },
  );
}
