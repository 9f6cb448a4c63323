import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { hostnameOf, ownHostnames } from './hosts.js';

/**
 * Every request must name this server in its Host header (421 otherwise). This is what stops DNS
 * rebinding: a page on attacker.example that re-points its name at 127.0.0.1 still sends
 * `Host: attacker.example`. The health check stays open to probes that use an IP address.
 */
export function registerHostCheck(app: FastifyInstance, config: Config): void {
  const own = ownHostnames(config);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' && req.url.split('?')[0] === '/api/health') return;
    const name = hostnameOf(req.headers.host);
    if (name !== null && own.has(name)) return;
    return reply.status(421).send({
      error: { code: 'unknown_host', message: `This server does not answer for that address. Open ${config.PUBLIC_URL} instead.` },
    });
  });
}
