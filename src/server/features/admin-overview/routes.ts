import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewReply } from '../../../contract/admin.js';
import { errorDto } from '../../../contract/common.js';
import { seasonQuery } from '../../../contract/seasons.js';
import { resolveSeason } from '../seasons/service.js';
import { loadOverview } from './repository.js';

export async function adminOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/overview',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Counts of accounts and leagues, and of a season's fixtures and predictions (the current one unless ?season=; admin only)",
        querystring: seasonQuery,
        response: { 200: overviewReply, 404: errorDto },
      },
    },
    async (req) => {
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season);
      return { overview: { season: season.id, ...(await loadOverview(app.deps.db, app.deps.handle.dialect, season.id)) } };
    },
  );
}
