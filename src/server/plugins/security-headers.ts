import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/** Our helmet settings: CSP and friends. The cross-site refusal and the Host check are in security/. */
export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and chart libraries inject <style> elements; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest, both our own files.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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
  };
}

/**
 * The headers helmet sets with these options, worked out once. Our policy has no per-request part
 * (no nonces), so every response carries the same values; @fastify/helmet rebuilt helmet and
 * re-parsed the CSP directives on every request, a measurable share of a cached page's cost
 * (decision 0107).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * What an API answer (JSON, the event stream) carries instead: the headers OWASP's REST Security
 * cheat sheet asks of an API, with the strictest policy, since no API answer is ever meant to run,
 * load or be framed: `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`,
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Cross-Origin-Resource-Policy:
 * same-origin` (no cross-site page can read it even without CORS), and HSTS over https. Headers
 * that only mean something for a page (opener and referrer policies, DNS prefetch, agent cluster,
 * the XSS auditor, Flash and PDF policies) stay on pages. Each header is work for every answer
 * (decision 0025).
 */
export function apiHeaders(page: Record<string, string>): Record<string, string> {
  const keep = ['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options'];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of keep) if (page[name] !== undefined) headers[name] = page[name];
  return headers;
}

export const securityHeaders = fp(
  async (app) => {
    const page = helmetHeaders(helmetOptions(app.deps.config));
    const api = apiHeaders(page);
    app.addHook('onRequest', function setSecurityHeaders(req, reply, done) {
      reply.headers(req.url.startsWith('/api/') ? api : page);
      done();
    });
  },
  { name: 'security-headers' },
);
