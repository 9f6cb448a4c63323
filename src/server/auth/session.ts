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

/** The signed-in user of a request, read once per request from the session cookie. */
export function sessionUserResolver(app: FastifyInstance) {
  return (req: FastifyRequest): Promise<SessionUser | null> => {
    let pending = cache.get(req);
    if (!pending) {
      pending = app.deps.auth.api
        .getSession({ headers: toHeaders(req) })
        .then((s) => {
          if (!s) return null;
          const u = s.user as typeof s.user & { username?: string; teamName?: string | null; role?: string };
          return {
            id: u.id,
            email: u.email,
            name: u.name,
            username: u.username ?? '',
            teamName: u.teamName ?? null,
            role: u.role === 'admin' ? 'admin' : 'player',
            emailVerified: Boolean(u.emailVerified),
            createdAt: new Date(u.createdAt).toISOString(),
          } satisfies SessionUser;
        })
        .catch(() => null);
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
  return user;
}

export { toHeaders };
