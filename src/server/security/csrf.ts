import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { trustedOrigins, wrongOriginMessage } from './hosts.js';

/**
 * State-changing requests must come from our own pages: a cross-site form or fetch is refused
 * even though SameSite=Lax cookies would already be withheld from most of them. `Origin: null`
 * (sandboxed frames, data: and file: pages, some redirects) is not ours either.
 */
export function registerCsrfCheck(app: FastifyInstance, config: Config): void {
  const trusted = new Set(trustedOrigins(config));
  const message = wrongOriginMessage(config);
  app.addHook('onRequest', function refuseCrossSite(req, reply, done) {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done();
    const origin = req.headers.origin;
    const crossSite =
      req.headers['sec-fetch-site'] === 'cross-site' || (typeof origin === 'string' && !trusted.has(origin));
    if (!crossSite) return done();
    void reply.status(403).send({ error: { code: 'cross_site', message } });
  });
}
