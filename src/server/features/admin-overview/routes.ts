import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewReply } from '../../../contract/admin.js';
import { loadOverview } from './repository.js';

export async function adminOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/overview',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Counts of accounts, fixtures, predictions and leagues (admin only)',
        response: { 200: overviewReply },
      },
    },
    async () => {
      return { overview: await loadOverview(app.deps.db, app.deps.handle.dialect) };
    },
  );
}
