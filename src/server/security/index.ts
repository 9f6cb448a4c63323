import type http from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { registerCsrfCheck } from './csrf.js';
import { registerHostCheck } from './host-check.js';
import { registerJsonBodyParser } from './json-body.js';
import { DEFAULT_LIMITS, type SecurityLimits } from './limits.js';
import { serializeRequest } from './redact.js';
import type { TrustProxy } from './trust-proxy.js';

/** What routes read: the limits, and the clock of security timing (real time; tests drive it). */
export interface SecurityContext {
  limits: SecurityLimits;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    security: SecurityContext;
  }
}

export function securityContext(opts: { limits?: Partial<SecurityLimits>; now?: () => number } = {}): SecurityContext {
  return { limits: { ...DEFAULT_LIMITS, ...opts.limits }, now: opts.now ?? (() => Date.now()) };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies in front, whatever their
 * address (as Express does; Fastify itself now refuses bare hop counts), so it is for a server
 * reachable only through its proxy; otherwise list the proxy's address.
 */
function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/**
 * Fastify server options that are defences: proxies, timeouts, and a log without tokens. Node
 * checks its header and request timeouts once per checking interval, counted from a request's
 * first byte, so it is given each limit less one interval: a request is cut off within the limit
 * itself. The first request's headers are also held to a deadline from the connection's opening
 * (header-deadline.ts, set up in app.ts).
 */
export function secureServerOptions(
  config: Config,
  ctx: SecurityContext,
  logger: FastifyServerOptions['logger'],
): FastifyHttpOptions<http.Server> {
  const { limits } = ctx;
  const interval = limits.connectionsCheckingIntervalMs;
  const lessOneCheck = (ms: number) => Math.max(1, ms - interval);
  return {
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    requestTimeout: lessOneCheck(limits.requestTimeoutMs),
    connectionTimeout: limits.connectionTimeoutMs,
    http: {
      headersTimeout: lessOneCheck(limits.headersTimeoutMs),
      requestTimeout: lessOneCheck(limits.requestTimeoutMs),
      connectionsCheckingInterval: interval,
    },
    logger:
      logger === false || logger === undefined
        ? logger
        : { ...(typeof logger === 'object' ? logger : {}), serializers: { req: serializeRequest } },
  };
}

/** Request-level defences, registered before any route: Host check, cross-site check, JSON body limits. */
export function registerSecurity(app: FastifyInstance, config: Config, ctx: SecurityContext): void {
  app.decorate('security', ctx);
  registerHostCheck(app, config);
  registerCsrfCheck(app, config);
  registerJsonBodyParser(app);
}
