import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Me } from '../../contract/account.js';
import type { SessionCache } from './session-cache.js';

/** The signed-in user: the shape GET /api/me answers with (contract/account.ts `meDto`). */
export type SessionUser = Me;

/** A request's session as far as it is known: not looked up yet (null), nobody signed in, the user, or the database read under way. */
export const NOBODY = Symbol('nobody signed in');
export type SessionLookup = null | typeof NOBODY | SessionUser | Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Kept on the request itself (decorated in app.ts): a WeakMap per request cost a slow write barrier on every call (decision record 0107). */
    sessionLookup: SessionLookup;
  }
}

function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const item of v) headers.append(k, item);
  }
  return headers;
}

/** The session cookie's value (`token.signature`), URL-decoded, or null when absent or malformed. */
export function sessionCookieValue(cookieHeader: string | undefined, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = secure ? SECURE_COOKIE : PLAIN_COOKIE;
  // The first cookie of that name: at the start of the header or after "; " (scanned, not split: this runs on every request).
  let at = cookieHeader.indexOf(name);
  while (at > 0 && !(cookieHeader[at - 1] === ' ' || cookieHeader[at - 1] === ';'))
    at = cookieHeader.indexOf(name, at + 1);
  if (at < 0) return null;
  const start = at + name.length;
  const end = cookieHeader.indexOf(';', start);
  const raw = (end < 0 ? cookieHeader.slice(start) : cookieHeader.slice(start, end)).trimEnd();
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const PLAIN_COOKIE = 'better-auth.session_token=';
const SECURE_COOKIE = `__Secure-${PLAIN_COOKIE}`;

/** The token of a signed cookie value (`token.signature`, HMAC-SHA256, base64) when the signature is ours, else null. */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
}

/** What a request's cookie says without a database read: no valid session (null), the cached user, or "ask the database". */
export const ASK_DATABASE = Symbol('ask the database');

/**
 * The signed-in user of a request, read once per request: the cookie's signature is checked
 * here and the session and its user come from one indexed query (this runs on every API call,
 * so it avoids the heavier general-purpose path of the auth library), or from the short-lived
 * cache of verified sessions (session-cache.ts), which checks expiry on every hit.
 *
 * The cache is keyed by the cookie's whole signed value (`token.signature`), and a value is stored
 * only after its signature checked out and the database found its session. So a cached request
 * costs one lookup and no HMAC, and a value with any other signature (a forgery) never matches an
 * entry: it is verified, refused, and costs no database read.
 *
 * `known(req)` answers synchronously when no database read is needed (no cookie, or a cached
 * session), so the auth guard costs no promise on a cached request (decision record 0107).
 */
export function sessionUserResolver(app: FastifyInstance, sessions: SessionCache) {
  const { config, db } = app.deps;
  const cookieValue = (req: FastifyRequest) => sessionCookieValue(req.headers.cookie, config.secureCookies);
  const read = async (token: string): Promise<{ user: SessionUser; expiresAt: number } | null> => {
    const row = await db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select([
        'session.expiresAt',
        'user.id',
        'user.email',
        'user.name',
        'user.username',
        'user.teamName',
        'user.teamNameNotice',
        'user.role',
        'user.emailVerified',
        'user.createdAt',
      ])
      .where('session.token', '=', token)
      .executeTakeFirst();
    // Session expiry is a security boundary, so it uses real time, not the game clock.
    const expiresAt = row ? new Date(row.expiresAt).getTime() : 0;
    if (!row || expiresAt <= Date.now()) return null;
    const user: SessionUser = {
      id: row.id,
      email: row.email,
      name: row.name,
      username: row.username ?? '',
      teamName: row.teamName ?? null,
      teamNameNotice: row.teamNameNotice ?? null,
      role: row.role,
      emailVerified: Boolean(row.emailVerified),
      createdAt: new Date(row.createdAt).toISOString(),
    };
    return { user, expiresAt };
  };
  const known = (req: FastifyRequest): SessionUser | null | typeof ASK_DATABASE => {
    const settled = req.sessionLookup;
    if (settled !== null) return settled instanceof Promise ? ASK_DATABASE : settled === NOBODY ? null : settled;
    const value = cookieValue(req);
    const user = value === null ? null : sessions.get(value);
    // A value not in the cache is checked in resolve (its signature, then the database).
    if (value !== null && !user) return ASK_DATABASE;
    req.sessionLookup = user ?? NOBODY;
    return user;
  };
  const resolve = (req: FastifyRequest): Promise<SessionUser | null> => {
    const settled = req.sessionLookup;
    if (settled instanceof Promise) return settled;
    if (settled !== null) return Promise.resolve(settled === NOBODY ? null : settled);
    const value = cookieValue(req);
    const cached = value === null ? null : sessions.get(value);
    if (value === null || cached) {
      req.sessionLookup = cached ?? NOBODY;
      return Promise.resolve(cached);
    }
    const token = verifySignedToken(value, config.AUTH_SECRET);
    if (token === null) {
      req.sessionLookup = NOBODY;
      return Promise.resolve(null);
    }
    // Kept under the whole signed value: only a value whose signature checked out is ever stored.
    const pending = sessions
      .lookup(value, () => read(token))
      .catch((err: unknown) => {
        req.log.error({ err }, 'Session lookup failed');
        throw err;
      });
    req.sessionLookup = pending;
    return pending;
  };
  return { known, resolve };
}

export { toHeaders };
