import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** Hardening headers (CSP and friends). The cross-site refusal and the Host check are in security/. */
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
  },
  { name: 'security-headers' },
);
