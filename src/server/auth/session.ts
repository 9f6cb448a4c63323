import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username: string;
  teamName: string | null;
  role: 'player' | 'admin';
  emailVerified: boolean;
  createdAt: string;
}

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
 * so it avoids the heavier general-purpose path of the auth library).
 */
export function sessionUserResolver(app: FastifyInstance) {
  const { config, db } = app.deps;
  const load = async (req: FastifyRequest): Promise<SessionUser | null> => {
    const token = readSessionToken(req.headers.cookie, config.AUTH_SECRET, config.secureCookies);
    if (!token) return null;
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
    if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      username: row.username ?? '',
      teamName: row.teamName ?? null,
      role: row.role === 'admin' ? 'admin' : 'player',
      emailVerified: Boolean(row.emailVerified),
      createdAt: new Date(row.createdAt).toISOString(),
    };
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

/** Route guards: 401 for visitors, 403 for the wrong role. */
export async function requireUser(app: FastifyInstance, req: FastifyRequest): Promise<SessionUser> {
  const user = await app.sessionUser(req);
  if (!user) throw unauthorized();
  return user;
}

export async function requireVerifiedUser(app: FastifyInstance, req: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(app, req);
  if (!user.emailVerified) throw forbidden('Please verify your e-mail address first.');
  return user;
}

export async function requireAdmin(app: FastifyInstance, req: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(app, req);
  if (user.role !== 'admin') throw forbidden("You don't have permission to access this page.");
  // The role is only ever granted to verified addresses; re-checked here so a role set any other way is inert.
  if (!user.emailVerified) throw forbidden('Please verify your e-mail address first.');
  return user;
}

export { toHeaders };
