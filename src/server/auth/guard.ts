import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import { ASK_DATABASE, type SessionUser } from './session.js';

/**
 * Who may call a route, declared in its options (`config: { auth: 'user' }`):
 * - public: anyone, visitors included;
 * - user: any signed-in account;
 * - verified: a signed-in account with a verified e-mail address;
 * - admin: the admin role AND a verified e-mail address (an unverified admin is refused).
 * Data-dependent checks (league membership, being a league's creator) stay in the handlers.
 */
export const AUTH_LEVELS = ['public', 'user', 'verified', 'admin'] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    /** The signed-in caller of a route that is not public (reading it on a public route is a bug and throws). */
    readonly user: SessionUser;
    /** Set by the guard for a route that is not public; read it as `user`. */
    caller: SessionUser | null;
  }
}

export const NOT_SIGNED_IN = 'Please sign in to continue.';
export const NOT_VERIFIED = 'Please verify your e-mail address first.';
export const NOT_ADMIN = "You don't have permission to access this page.";

/** The caller if they may call a route of `level`; otherwise the 401 or 403 to answer. */
export function authorize(user: SessionUser | null, level: Exclude<AuthLevel, 'public'>): SessionUser {
  if (!user) throw unauthorized(NOT_SIGNED_IN);
  if (level === 'user') return user;
  if (level === 'admin' && user.role !== 'admin') throw forbidden(NOT_ADMIN);
  if (!user.emailVerified) throw forbidden(NOT_VERIFIED);
  return user;
}

/**
 * The one guard: an `onRequest` hook on every route that is not public, so it runs before the body
 * is read or validated. A visitor gets 401 and a player 403 whatever they send (a malformed body
 * included). It is attached to each route as the route is registered, from the route's own
 * declaration (`config.auth`): a public route runs no guard, and a guarded one does not look its
 * level up per request (reading `req.routeOptions` builds an object each time; decision record 0107).
 */
export const authGuard = fp(
  async (app) => {
    // The caller is kept on the request (a WeakMap per request cost a slow write barrier each call, decision record 0107).
    app.decorateRequest('caller', null);
    app.decorateRequest('user', {
      getter(this: FastifyRequest): SessionUser {
        const user = this.caller;
        if (!user)
          throw new Error(
            `req.user read on ${this.method} ${this.routeOptions.url ?? this.url}, a route without a signed-in caller`,
          );
        return user;
      },
    });
    /** A callback hook that answers at once when the cookie and the session cache suffice (no promise per request). */
    const guardFor = (level: Exclude<AuthLevel, 'public'>): onRequestHookHandler =>
      function authGuardHook(req, _reply, done) {
        const admit = (user: SessionUser | null) => {
          try {
            req.caller = authorize(user, level);
          } catch (err) {
            return done(err as Error);
          }
          done();
        };
        const known = app.sessionUserKnown(req);
        if (known !== ASK_DATABASE) return admit(known);
        app.sessionUser(req).then(admit, (err: Error) => done(err));
      };
    const guards = new Map(
      AUTH_LEVELS.filter((l) => l !== 'public').map((l) => [l, guardFor(l as Exclude<AuthLevel, 'public'>)]),
    );
    app.addHook('onRoute', (route) => {
      const level = route.config?.auth ?? 'public';
      if (level === 'public') return;
      const guard = guards.get(level)!;
      // First among the route's own hooks (after the app-wide ones: headers, Host and cross-site checks).
      route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'auth-guard' },
);
