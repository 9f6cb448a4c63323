import type { FastifyInstance } from 'fastify';
import { eventStream } from '../../contract/events.js';
import type { LiveEvent } from './bus.js';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: one Server-Sent Events stream per open page. Public changes go to everyone;
 * events carrying a userId only to that user's connections. Browsers reconnect by themselves
 * and refetch what they show, so a reconnect resumes without a page reload.
 */
export async function sseRoutes(app: FastifyInstance) {
  let nextId = 1;
  const open = new Set<() => void>();
  // Ends every stream when the server closes, so shutdown is not held up by idle connections.
  app.addHook('onClose', async () => {
    for (const end of [...open]) end();
  });
  app.get('/api/events', { config: { auth: 'public' }, schema: { tags: ['live'], summary: 'Server-Sent Events stream of changes', response: { 200: eventStream } } }, async (req, reply) => {
    const session = await app.sessionUser(req);
    const userId = session?.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const send = (event: LiveEvent) => {
      if (event.userId && event.userId !== userId) return;
      const { userId: _omit, ...payload } = event;
      res.write(`id: ${nextId++}\nevent: change\ndata: ${JSON.stringify(payload)}\n\n`);
    };
    const unsubscribe = app.deps.bus.subscribe(send);
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      stop();
      res.end();
    };
    open.add(end);
    req.raw.on('close', stop);
  });
}
