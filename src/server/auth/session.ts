import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Me } from '../../contract/account.js';
import type { SessionCache } from './session-cache.js';

/** The signed-in user: the shape GET /api/me answers with (contract/account.ts `meDto`). */
export type SessionUser = Me;

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const item of v) headers.append(k, item);
  }
  return headers;
}

/** Reads Better Auth's signed session cookie (`token.signature`, HMAC-SHA256, base64). */
export function readSessionToken(cookieHeader: string | undefined, secret: string, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = `${secure ? '__Secure-' : ''}better-auth.session_token=`;
  const part = cookieHeader.split(/;\s*/).find((c) => c.startsWith(name));
  if (!part) return null;
  let value: string;
  try {
    value = decodeURIComponent(part.slice(name.length));
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
}

/**
 * The signed-in user of a request, read once per request: the cookie's signature is checked
 * here and the session and its user come from one indexed query (this runs on every API call,
 * so it avoids the heavier general-purpose path of the auth library), or from the short-lived
 * cache of verified sessions (session-cache.ts), which checks expiry on every hit.
 */
export function sessionUserResolver(app: FastifyInstance, sessions: SessionCache) {
  const { config, db } = app.deps;
  const load = async (req: FastifyRequest): Promise<SessionUser | null> => {
    const token = readSessionToken(req.headers.cookie, config.AUTH_SECRET, config.secureCookies);
    if (!token) return null;
    const cached = sessions.get(token);
    if (cached) return cached;
    const startedAt = sessions.generation();
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
      role: row.role,
      emailVerified: Boolean(row.emailVerified),
      createdAt: new Date(row.createdAt).toISOString(),
    };
    sessions.set(token, user, expiresAt, startedAt);
    return user;
  };
  return (req: FastifyRequest): Promise<SessionUser | null> => {
    let pending = cache.get(req);
    if (!pending) {
      pending = load(req).catch((err: unknown) => {
        req.log.error({ err }, 'Session lookup failed');
        throw err;
      });
      cache.set(req, pending);
    }
    return pending;
  };
}

export { toHeaders };
