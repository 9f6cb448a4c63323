import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { HttpError } from '../errors.js';
import { formatWait, ROUTE_LIMITS } from './limits.js';

type LimitName = keyof typeof ROUTE_LIMITS;

/**
 * The client's address as limits count it: `req.ip` (the socket, or the forwarded client when
 * TRUST_PROXY is set), with IPv6 reduced to its /64 (one subscriber usually has a whole /64, so
 * rotating within it must not buy fresh limits).
 */
export const clientAddress = (req: FastifyRequest) => normalizeIP(req.ip);

/**
 * A rate limit on one application route (docs/security.md), as a `preHandler` hook: per signed-in
 * player (`'user'`; visitors count by address) or per client address (`'address'`, which is the
 * forwarded client only when TRUST_PROXY is set). Built on @fastify/rate-limit's store (an LRU,
 * so memory stays bounded); several limits may guard one route, each with its own counter.
 * Over the limit: 429 in our error shape, saying the true wait, with Retry-After.
 */
export function routeLimit(
  app: FastifyInstance,
  name: LimitName,
  by: 'user' | 'address',
  message: (wait: string) => string,
) {
  const { max, windowMs } = ROUTE_LIMITS[name];
  const address = (req: FastifyRequest) => `ip:${clientAddress(req)}`;
  const check = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: async (req) => {
      if (by === 'address') return address(req);
      const user = await app.sessionUser(req);
      return user ? `user:${user.id}` : address(req);
    },
  });
  const hook = async (req: FastifyRequest, reply: { header(name: string, value: string): unknown }) => {
    const result = await check(req);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(429, 'rate_limited', message(formatWait(result.ttlInSeconds)));
  };
  // The route registry reads this back (limitOf), so a test can list every route's limits.
  return Object.assign(hook, { [LIMIT]: { name, by } satisfies RouteLimitInfo });
}

const LIMIT = Symbol('route limit');

/** Which limit a `routeLimit` hook applies, and what it counts by. */
export interface RouteLimitInfo {
  name: LimitName;
  by: 'user' | 'address';
}

/** The limit a preHandler applies, when it is a `routeLimit` hook. */
export function limitOf(hook: unknown): RouteLimitInfo | null {
  if (typeof hook !== 'function') return null;
  return (hook as unknown as { [LIMIT]?: RouteLimitInfo })[LIMIT] ?? null;
}

/**
 * Whom a write's events reach besides its author (decision 0101): 'others' (league members, every
 * player, visitors) needs a per-account limit on the route; 'own' (only the author's tabs) does
 * not. Declared in the route's `config.publishes`; `realtime/publishing-routes.test.ts` finds
 * the routes that publish and holds each to it.
 */
export type Publishes = 'others' | 'own';

declare module 'fastify' {
  interface FastifyContextConfig {
    publishes?: Publishes;
  }
}
