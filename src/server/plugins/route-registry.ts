import fp from 'fastify-plugin';
import { AUTH_LEVELS, type AuthLevel } from '../auth/guard.js';
import { limitOf, type Publishes, type RouteLimitInfo } from '../security/route-limits.js';

/** A registered route as the authorization matrix and the contract tests see it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Who may call it (its `config.auth`). */
  auth: AuthLevel;
  /** The status codes it declares a response schema for. */
  responses: string[];
  /** The rate limits among its preHandlers (security/route-limits.ts). */
  limits: RouteLimitInfo[];
  /** Whom its events reach besides the caller (its `config.publishes`). */
  publishes: Publishes | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (HEAD aside), for the authorization matrix and contract tests. */
    routeList: RegisteredRoute[];
  }
}

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/dev/');

/**
 * Records every route and refuses, at start-up, an API route that does not say who may call it:
 * a forgotten declaration must not quietly make a route public.
 */
export const routeRegistry = fp(
  async (app) => {
    const routeList: RegisteredRoute[] = [];
    app.decorate('routeList', routeList);
    app.addHook('onRoute', (route) => {
      const auth = route.config?.auth;
      if (isApi(route.url) && !(auth && (AUTH_LEVELS as readonly string[]).includes(auth))) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} must declare config.auth (${AUTH_LEVELS.join(' | ')})`,
        );
      }
      // OpenAPI marks every route that needs a session, from the same declaration.
      if (auth && auth !== 'public' && route.schema && !route.schema.security)
        route.schema.security = [{ session: [] }];
      const responses = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
      const limits = [route.preHandler ?? []].flat().flatMap((h) => limitOf(h) ?? []);
      const publishes = route.config?.publishes ?? null;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          routeList.push({ method, url: route.url, auth: auth ?? 'public', responses, limits, publishes });
      }
    });
  },
  { name: 'route-registry' },
);
