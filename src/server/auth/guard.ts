import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
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

/** The level a request's route declared; routes outside /api and /dev (web files) are public. */
export function routeAuthLevel(req: FastifyRequest): AuthLevel {
  return req.routeOptions.config?.auth ?? 'public';
}

/**
 * The one guard: an `onRequest` hook, so it runs before the body is read or validated. A visitor
 * gets 401 and a player 403 whatever they send (a malformed body included).
 */
export const authGuard = fp(
  async (app) => {
    const callers = new WeakMap<FastifyRequest, SessionUser>();
    app.decorateRequest('user', {
      getter(this: FastifyRequest): SessionUser {
        const user = callers.get(this);
        if (!user) throw new Error(`req.user read on ${this.method} ${this.routeOptions.url ?? this.url}, a route without a signed-in caller`);
        return user;
      },
    });
    // A callback hook that answers at once when the cookie and the session cache suffice (no promise per request).
    app.addHook('onRequest', (req, _reply, done) => {
      const level = routeAuthLevel(req);
      if (level === 'public') return done();
      const known = app.sessionUserKnown(req);
      if (known !== ASK_DATABASE) {
        let caller: SessionUser;
        try {
          caller = authorize(known, level);
        } catch (err) {
          return done(err as Error);
        }
        callers.set(req, caller);
        return done();
      }
      app.sessionUser(req).then(
        (user) => {
          let caller: SessionUser;
          try {
            caller = authorize(user, level);
          } catch (err) {
            return done(err as Error);
          }
          callers.set(req, caller);
          done();
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'auth-guard' },
);
