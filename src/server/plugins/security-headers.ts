import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** A page served from this very host (e.g. 127.0.0.1 vs localhost in development) is not cross-site. */
function isLoopbackSameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Hardening headers (CSP and friends) and the refusal of cross-site state-changing requests. */
export const securityHeaders = fp(
  async (app) => {
    const { config } = app.deps;
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Toast and chart libraries inject <style> elements; scripts stay strictly same-origin.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.secureCookies,
    });

    // State-changing requests must come from our own pages: a cross-site form or fetch is refused
    // even though SameSite=Lax cookies would already be withheld from most of them.
    const ownOrigin = new URL(config.PUBLIC_URL).origin;
    app.addHook('onRequest', async (req, reply) => {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
      const site = req.headers['sec-fetch-site'];
      const origin = req.headers.origin;
      const crossSite = site === 'cross-site' || (typeof origin === 'string' && origin !== 'null' && origin !== ownOrigin && !isLoopbackSameHost(origin, req.headers.host));
      if (crossSite) {
        return reply.status(403).send({ error: { code: 'cross_site', message: 'Cross-site requests are not allowed.' } });
      }
    });
  },
  { name: 'security-headers' },
);
