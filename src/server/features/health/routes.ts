import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { healthDto } from '../../../contract/system.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness with a database round trip',
        response: { 200: healthDto },
      },
    },
    async () => {
      await sql`select 1`.execute(app.deps.db);
      return { status: 'ok' as const, database: app.deps.handle.dialect, time: app.deps.clock.nowIso() };
    },
  );
}
