import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authBridgeReply, signUpApiSchema, PASSWORD_TOO_SHORT } from '../../contract/account.js';
import { toHeaders } from './session.js';
import { createLoginThrottle } from './login-throttle.js';

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
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

/**
 * Bridges /api/auth/* to Better Auth. Sign-up is validated with the same zod schema as the form
 * first; errors leave in our `{ error: { code, message } }` shape.
 */
export async function authRoutes(app: FastifyInstance) {
  const throttle = createLoginThrottle({ max: 5, windowMs: 15 * 60_000, now: () => Date.now() });
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.replace(/^\/api\/auth/, '').split('?')[0];
    const signInEmail =
      req.method === 'POST' && path === '/sign-in/email' && typeof (req.body as { email?: unknown } | null)?.email === 'string'
        ? ((req.body as { email: string }).email)
        : null;
    if (signInEmail && throttle.isBlocked(signInEmail)) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: TOO_MANY } });
    }
    if (req.method === 'POST' && path === '/sign-up/email') {
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
    const url = new URL(req.url, app.deps.config.PUBLIC_URL);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await app.deps.auth.handler(
      new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body ?? {}) : undefined }),
    );

    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);

    const text = await response.text();
    if (signInEmail) {
      if (response.status === 401) throttle.recordFailure(signInEmail);
      else if (response.ok) throttle.reset(signInEmail);
    }
    if (response.status >= 400) {
      let code = 'auth_error';
      let message = response.status === 429 ? TOO_MANY : 'Something went wrong. Please try again.';
      try {
        const body = JSON.parse(text) as { code?: string; message?: string };
        if (body.code) code = body.code;
        if (response.status !== 429) message = MESSAGES[code] ?? body.message ?? message;
      } catch {
        // Not JSON (Better Auth's 429 is plain text): keep the defaults above.
      }
      if (response.status === 429) code = 'rate_limited';
      // A taken e-mail is a conflict, whatever status the library chose.
      if (code.startsWith('USER_ALREADY_EXISTS')) reply.status(409);
      return reply.type('application/json').send({ error: { code, message } });
    }
    return reply.send(text || null);
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', config: { auth: 'public' }, schema: { hide: true, response: { default: authBridgeReply } }, handler: handle });
}
