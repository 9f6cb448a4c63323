import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from './hosts.js';

/** Headers a proxy adds: a request carrying one came from somewhere else, even if the proxy runs here. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * A request from someone sitting at this machine: the socket's own address is loopback (never a
 * forwarded header, which anyone can send) and no proxy passed it on. The Host header has been
 * checked already for every request (host-check.ts).
 */
export function isFromThisMachine(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return PROXY_HEADERS.every((h) => req.headers[h] === undefined);
}

/** Refuses the development outbox to anyone not at this machine (the outbox holds every reset link). */
export function guardOutbox(app: FastifyInstance): void {
  const where = `${app.deps.config.PUBLIC_URL.replace(/\/$/, '')}/dev/mail`;
  app.addHook('onRequest', async (req, reply) => {
    if (isFromThisMachine(req)) return;
    return reply.status(403).send({
      error: { code: 'outbox_local_only', message: `The development outbox is shown only on this computer: open ${where} in a browser on the machine running Scoreline.` },
    });
  });
}
