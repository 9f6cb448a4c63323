import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventLoopReply } from '../../../contract/event-loop.js';
import { createEventLoopMonitor } from '../../event-loop-delay.js';

/**
 * The process's event-loop delay, for the admin (and the benchmark, signed in as one): whether
 * long work (a result rescoring every prediction on a match, a table rebuilt) keeps other
 * requests waiting. Admin only: how busy the server is tells an attacker when to strike.
 */
export async function eventLoopRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const monitor = createEventLoopMonitor();
  app.addHook('onClose', async () => monitor.close());

  app.get(
    '/api/admin/event-loop',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['system'],
        summary:
          "This server process's event-loop delay since it started or since the window was last started again (admin only)",
        response: { 200: eventLoopReply },
      },
    },
    async () => ({ delay: monitor.read() }),
  );

  app.post(
    '/api/admin/event-loop/reset',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['system'],
        summary:
          "Closes this process's event-loop delay window, answering its figures, and starts a new one (admin only)",
        response: { 200: eventLoopReply },
      },
    },
    async () => ({ delay: monitor.reset() }),
  );
}
