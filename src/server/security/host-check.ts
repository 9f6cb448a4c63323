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
  // Host header values already accepted, so a request does not parse a URL each time. Only
  // accepted values are kept (few: our names with or without a port), and at most a handful, so
  // a client sending endless spellings cannot grow it.
  const accepted = new Set<string>();
  const ACCEPTED_MAX = 32;
  app.addHook('onRequest', function requireOwnHost(req, reply, done) {
    const host = req.headers.host;
    if (host !== undefined && accepted.has(host)) return done();
    if (req.method === 'GET' && req.url.split('?')[0] === '/api/health') return done();
    const name = hostnameOf(host);
    if (name !== null && own.has(name)) {
      if (host !== undefined && accepted.size < ACCEPTED_MAX) accepted.add(host);
      return done();
    }
    // Answered here: a callback hook that sends does not call done().
    void reply.status(421).send({
      error: {
        code: 'unknown_host',
        message: `This server does not answer for that address. Open ${config.PUBLIC_URL} instead.`,
      },
    });
  });
}
