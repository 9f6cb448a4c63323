import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authBridgeReply, signUpApiSchema, PASSWORD_TOO_SHORT } from '../../contract/account.js';
import { toHeaders } from './session.js';
import { createLoginThrottle } from './login-throttle.js';
import { resolveAuthRoute } from './auth-paths.js';
import { tooManyAttempts } from '../security/limits.js';
import { clientAddress } from '../security/route-limits.js';
import { wrongOriginMessage } from '../security/hosts.js';

/** Better Auth error codes turned into the messages the screens show (spec §8). */
const MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: 'This email is already registered. Please use a different email or sign in.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'This email is already registered. Please use a different email or sign in.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_PASSWORD: 'Current password is incorrect',
  PASSWORD_TOO_SHORT: PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG: 'Password must be 128 characters or less',
  VALIDATION_ERROR: 'Some details are missing or not valid. Please check them and try again.',
  INVALID_TOKEN: 'This link is invalid or has expired. Please ask for a new one.',
  EMAIL_NOT_VERIFIED: 'Email not yet verified. Please check your email and click the verification link.',
};
/** Better Auth's refusals of a foreign or missing Origin: told plainly, with the address to use. */
const ORIGIN_CODES = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN', 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED']);

/**
 * Bridges /api/auth/* to Better Auth. Only the endpoints the app uses are reachable, decided on
 * the normalised path (auth-paths.ts). Sign-up is validated with the same zod schema as the form
 * first; failed sign-ins are throttled per account and address; errors leave in our
 * `{ error: { code, message } }` shape, and every 429 says the true wait with Retry-After.
 */
export async function authRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const throttle = createLoginThrottle({ now: app.security.now, maxBytes: app.security.limits.loginThrottleBytes });
  const tooMany = (reply: FastifyReply, seconds: number) =>
    reply.status(429).header('retry-after', String(seconds)).send({ error: { code: 'rate_limited', message: tooManyAttempts(seconds) } });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const route = resolveAuthRoute(req.method, req.url, config.PUBLIC_URL);
    if (!route) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    const body = req.body as { email?: unknown } | null | undefined;
    const signInEmail = req.method === 'POST' && route.path === '/sign-in/email' && typeof body?.email === 'string' ? body.email : null;
    if (signInEmail) {
      const wait = throttle.waitSeconds(signInEmail, clientAddress(req));
      if (wait > 0) return tooMany(reply, wait);
    }
    if (req.method === 'POST' && route.path === '/sign-up/email') {
      const parsed = signUpApiSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        return reply.status(400).send({
          error: { code: 'validation_error', message: first?.message ?? 'Invalid input', field: first?.path.join('.') },
        });
      }
      req.body = { ...parsed.data, email: parsed.data.email.toLowerCase() };
    }
    const headers = toHeaders(req);
    headers.set('x-scoreline-client-ip', req.ip);
    headers.delete('content-length');
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // Signing out ends the caller's session: whatever Better Auth's hooks report, that user's cached sessions go.
    const caller = route.path === '/sign-out' ? await app.sessionUser(req) : null;
    const response = await app.deps.sessions.track(async () => {
      const answer = await app.deps.auth.handler(new Request(route.url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body ?? {}) : undefined }));
      if (caller) app.deps.sessions.changed(caller.id);
      return answer;
    });
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    if (signInEmail) {
      if (response.status === 401) throttle.recordFailure(signInEmail, clientAddress(req));
      else if (response.ok) throttle.reset(signInEmail, clientAddress(req));
    }
    if (response.status === 429) {
      // Better Auth's per-address limiter says how long in X-Retry-After (seconds).
      const retry = Number(response.headers.get('x-retry-after'));
      return tooMany(reply.removeHeader('x-retry-after'), Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : 60);
    }
    if (response.status >= 400) {
      let code = 'auth_error';
      let message = 'Something went wrong. Please try again.';
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        if (parsed.code) code = parsed.code;
        message = MESSAGES[code] ?? parsed.message ?? message;
      } catch {
        // Not JSON: keep the defaults above.
      }
      if (ORIGIN_CODES.has(code)) return reply.status(403).type('application/json').send({ error: { code: 'cross_site', message: wrongOriginMessage(config) } });
      // A taken e-mail is a conflict, whatever status the library chose.
      if (code.startsWith('USER_ALREADY_EXISTS')) reply.status(409);
      return reply.type('application/json').send({ error: { code, message } });
    }
    return reply.send(text || null);
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', config: { auth: 'public' }, schema: { hide: true, response: { default: authBridgeReply } }, handler: handle });
}
