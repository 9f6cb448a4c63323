import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadOverview } from './repository.js';

const overviewSchema = z.object({
  users: z.number().int(),
  verifiedUsers: z.number().int(),
  admins: z.number().int(),
  fixtures: z.number().int(),
  predictions: z.number().int(),
  leagues: z.number().int(),
});

export async function adminOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/overview',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Counts of accounts, fixtures, predictions and leagues (admin only)',
        response: { 200: z.object({ overview: overviewSchema }) },
      },
    },
    async () => {
      return { overview: await loadOverview(app.deps.db, app.deps.handle.dialect) };
    },
  );
}
