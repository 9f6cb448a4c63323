import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.js';

/**
 * How many bytes of body each route reads. A body is refused with 413 before it is read, parsed
 * or looked at by anything that touches the database: on its declared length as soon as the
 * request arrives, and otherwise (a chunked body) by Fastify's reader the moment it passes the
 * limit. So an anonymous client cannot make sign-in or sign-up read and parse megabytes before
 * any throttle has counted it.
 *
 * Every route gets the small default unless the table below names it; the table is the
 * documented maximum of each route (`body-limits.test.ts` walks every registered route).
 */

/** Any route not named below: the largest form of the app (a league, a question) with room to spare. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Sign-in, sign-up, reset, verification: a few fields of at most a few hundred characters each. */
export const AUTH_BODY_LIMIT = 2 * 1024;

/** A mailed link's token (at most 4,096 characters) with the password and team name chosen beside it. */
export const REGISTRATION_LINK_BODY_LIMIT = 6 * 1024;

/** A contact message (5,000 characters, up to 3 bytes each in UTF-8) and its sender. */
export const CONTACT_BODY_LIMIT = 32 * 1024;

/** The admin's results of a whole round (at most 60 at once). */
export const BULK_RESULTS_BODY_LIMIT = 32 * 1024;

/** A season file (at most 1,000,000 characters, up to 3 bytes each in UTF-8) with the new clubs' details. */
export const SEASON_FILE_BODY_LIMIT = 3 * 1024 * 1024;

/** `METHOD url` as the route is registered (`*` for any method) → the most bytes of body it reads. */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  '* /api/auth/*': AUTH_BODY_LIMIT,
  'POST /api/registration/preview': REGISTRATION_LINK_BODY_LIMIT,
  'POST /api/registration/confirm': REGISTRATION_LINK_BODY_LIMIT,
  'POST /api/registration/cancel': REGISTRATION_LINK_BODY_LIMIT,
  // A password check, like sign-in.
  'POST /api/me/account/delete': AUTH_BODY_LIMIT,
  // RFC 8058 posts `List-Unsubscribe=One-Click`; the confirm page's button the same.
  'POST /api/reminders/unsubscribe': AUTH_BODY_LIMIT,
  'POST /api/contact': CONTACT_BODY_LIMIT,
  'PUT /api/admin/results': BULK_RESULTS_BODY_LIMIT,
  'POST /api/admin/fixtures/import-file': SEASON_FILE_BODY_LIMIT,
  'POST /api/admin/seasons/preview': SEASON_FILE_BODY_LIMIT,
  'POST /api/admin/seasons': SEASON_FILE_BODY_LIMIT,
  'POST /api/admin/seasons/:id/reimport/preview': SEASON_FILE_BODY_LIMIT,
  'POST /api/admin/seasons/:id/reimport': SEASON_FILE_BODY_LIMIT,
};

/** The documented maximum for a route: its row in BODY_LIMITS, else the default. */
export function documentedBodyLimit(method: string, url: string): number {
  return BODY_LIMITS[`${method} ${url}`] ?? BODY_LIMITS[`* ${url}`] ?? DEFAULT_BODY_LIMIT;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each registered route's body limit (`METHOD url` → bytes), as Fastify enforces it. */
    bodyLimits: Map<string, number>;
  }
}

export const tooLarge = () => new HttpError(413, 'bad_request', 'The request is too large.');

/**
 * Gives every route registered after this its limit from the table (a route that sets its own
 * keeps it, and the test holds it to the table), and refuses a declared length beyond the route's
 * limit at the first hook.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  const limits = new Map<string, number>();
  app.decorate('bodyLimits', limits);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    route.bodyLimit ??= Math.min(...methods.map((method) => documentedBodyLimit(method, route.url)));
    for (const method of methods) limits.set(`${method} ${route.url}`, route.bodyLimit);
  });
  // Before the session lookup of the route's guard: an oversized upload costs no database read.
  app.addHook('onRequest', function refuseOversizedBody(req, _reply, done) {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > req.routeOptions.bodyLimit) return done(tooLarge());
    done();
  });
}
