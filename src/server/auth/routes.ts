import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createEmailVerificationToken } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import {
  authBridgeReply,
  parseVerificationCallback,
  PASSWORD_TOO_SHORT,
  signUpApiSchema,
  VERIFIED_PATH,
} from '../../contract/account.js';
import { sessionCookieValue, toHeaders } from './session.js';
import { createLoginThrottle } from './login-throttle.js';
import { resolveAuthRoute } from './auth-paths.js';
import { AUTH_RATE_LIMITS, SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S, VERIFICATION_TTL_S } from './auth.js';
import { claimCookie, claimMatches, clearClaimCookie, isKnownDevice, knownDeviceCookie } from './signed-cookies.js';
import { pendingClaim, registrationByEmail, replaceRegistration } from './registrations.js';
import { tooManyAttempts } from '../security/limits.js';
import { clientAddress } from '../security/route-limits.js';
import { wrongOriginMessage } from '../security/hosts.js';
import { rotatePrivateTokens } from './private-tokens-repository.js';
import { teamNameHolder } from './team-name-repository.js';
import { teamNameTaken } from './team-name-rule.js';
import type { HttpError } from '../errors.js';
import { registrationRoutes } from './registration-routes.js';

/** Better Auth error codes turned into the messages the screens show (the product's error catalogue). */
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
  EMAIL_NOT_VERIFIED: 'Please confirm your e-mail address first: open the link we sent you, or ask for a new one.',
};
/** Better Auth's refusals of a foreign or missing Origin: told plainly, with the address to use. */
const ORIGIN_CODES = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN', 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED']);

/**
 * What every accepted sign-up answers, byte for byte, whether the address was new, waiting for
 * its owner, or already an account (decision 0049): the screen says "check your e-mail" and the
 * mail says what happened.
 */
export const SIGN_UP_ANSWER = '{"status":true}';

const BAD_CALLBACK = 'This link is not one of ours. Please open the page again from Scoreline.';

/** Better Auth's session cookie, which the verification link must not carry in (see the verify-email branch). */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=[^;]*/g;

/** A Set-Cookie that clears Better Auth's session cookie. */
export const clearsSessionCookie = (setCookie: string): boolean =>
  /^(__Secure-)?better-auth\.session_token=;/.test(setCookie) && /;\s*max-age=0(;|$)/i.test(setCookie);

/**
 * Bridges /api/auth/* to Better Auth. Only the endpoints the app uses are reachable, decided on
 * the normalised path (auth-paths.ts). What the bridge adds to Better Auth:
 * - sign-up: validated with the form's own schema, team names unique, a second sign-up of an
 *   address still unverified replaces the first claim, and one answer for every address
 *   (decision 0049);
 * - verification: finished at once only in the browser that chose the password (its sign-up
 *   claim cookie); anywhere else the verifier chooses the password on the confirm screen;
 * - sign-in: throttled per account and address, and per account from all addresses, with known
 *   devices exempt from the second (decision 0050);
 * - a password change, reset or "sign out everywhere" gives the private calendar link a new address.
 * Errors leave in our `{ error: { code, message } }` shape; every 429 says the true wait with Retry-After.
 */
export async function authRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const now = app.security.now;
  const throttle = createLoginThrottle({
    now,
    maxBytes: app.security.limits.loginThrottleBytes,
    accountFreeFailures: app.security.limits.signInAccountFreeFailures,
  });
  const tooMany = (reply: FastifyReply, seconds: number) =>
    reply
      .status(429)
      .header('retry-after', String(seconds))
      .send({ error: { code: 'rate_limited', message: tooManyAttempts(seconds) } });
  // Sign-ups per client address, counted before the branches part (a replaced registration never
  // reaches Better Auth's own limiter), so the limit costs every address the same and says nothing.
  const signUpLimit = app.createRateLimit({
    max: AUTH_RATE_LIMITS['/sign-up/email'].max,
    timeWindow: AUTH_RATE_LIMITS['/sign-up/email'].window * 1000,
    keyGenerator: (req) => clientAddress(req),
  });
  const refuse = (reply: FastifyReply, err: HttpError, field?: string) =>
    reply
      .status(err.statusCode)
      .type('application/json')
      .send({
        error: {
          code: err.code,
          message: err.message,
          ...(field ? { field } : {}),
          ...(err.details ? { details: err.details } : {}),
        },
      });

  // Mails under way finish before the app closes (its database and mailer close after this).
  app.addHook('preClose', async () => {
    await app.deps.auth.accountMail.idle();
  });

  /** Calls Better Auth with a request rebuilt from ours; `seen` hears which users the call changed. */
  const callBetterAuth = (
    url: string,
    req: FastifyRequest,
    headers: Headers,
    body: unknown,
    seen?: (users: ReadonlySet<string>) => void,
  ) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    return app.deps.sessions.track(
      () =>
        app.deps.auth.handler(
          new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined }),
        ),
      seen,
    );
  };

  /**
   * Better Auth's answer, passed on: its headers and cookies (plus ours), its errors in our shape
   * and messages. Only an answer that ends this browser's session on purpose (`endsSession`: sign
   * out, sign out everywhere) clears its session cookie. Better Auth also clears it in any answer
   * to a request whose session has ended, but that request may have left just before the browser
   * got a new cookie (a password change ends the old session and hands out a new one, and the
   * page asks who it is as soon as the change is announced): clearing would sign out the new one.
   * A cookie of a session that ended signs nobody in, so it may stay until it is replaced.
   */
  const relay = async (reply: FastifyReply, response: Response, extraCookies: string[] = [], endsSession = false) => {
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const fromBetterAuth = response.headers.getSetCookie();
    const kept = endsSession ? fromBetterAuth : fromBetterAuth.filter((c) => !clearsSessionCookie(c));
    const cookies = [...kept, ...extraCookies];
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
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
      if (ORIGIN_CODES.has(code))
        return reply
          .status(403)
          .type('application/json')
          .send({ error: { code: 'cross_site', message: wrongOriginMessage(config) } });
      // A taken e-mail is a conflict, whatever status the library chose.
      if (code.startsWith('USER_ALREADY_EXISTS')) reply.status(409);
      return reply.type('application/json').send({ error: { code, message } });
    }
    return reply.send(text || null);
  };

  const signUp = async (req: FastifyRequest, reply: FastifyReply, url: string, headers: Headers) => {
    const parsed = signUpApiSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return reply.status(400).send({
        error: { code: 'validation_error', message: first?.message ?? 'Invalid input', field: first?.path.join('.') },
      });
    }
    const callbackURL =
      parsed.data.callbackURL === undefined ? VERIFIED_PATH : parseVerificationCallback(parsed.data.callbackURL);
    if (!callbackURL)
      return reply
        .status(400)
        .send({ error: { code: 'validation_error', message: BAD_CALLBACK, field: 'callbackURL' } });
    const { name, teamName, password } = parsed.data;
    const email = parsed.data.email.toLowerCase();
    const { db, handle, auth, sessions, clock } = app.deps;

    const existing = await registrationByEmail(db, email);
    const pending = existing && !existing.emailVerified ? existing : undefined;
    // Team names are unique (decision 0051). A waiting registration's own name is not in the way
    // of the registration that replaces it.
    const holder = await teamNameHolder(db, teamName);
    if (holder && holder.id !== pending?.id) return refuse(reply, await teamNameTaken(db, teamName), 'teamName');

    if (pending) {
      // A newer claim on an address nobody has proved replaces the older one (its password,
      // names, sessions and private links), and the owner gets a verification mail. One password
      // hash, as in the other branches.
      const passwordHash = await (await auth.$context).password.hash(password);
      const replaced = await replaceRegistration(db, handle.dialect, pending.id, {
        name,
        teamName,
        passwordHash,
        nowIso: clock.nowIso(),
      });
      await sessions.invalidate(pending.id);
      if (replaced) {
        const token = await createEmailVerificationToken(config.AUTH_SECRET, email, undefined, VERIFICATION_TTL_S, {
          userId: pending.id,
        });
        const link = `${config.PUBLIC_URL}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`;
        await auth.sendVerification({ id: pending.id, email }, link, {
          at: clock.now(),
          userAgent: req.headers['user-agent'] ?? null,
        });
      }
    } else {
      // A new address, or one with an account: Better Auth hashes the password either way and
      // either creates the registration and mails a verification link, or mails the owner that
      // someone tried (onExistingUserSignUp). Both mails leave after this answer.
      const response = await callBetterAuth(url, req, headers, { name, teamName, email, password, callbackURL });
      if (!response.ok) return relay(reply, response);
    }
    // The same cookie shape in every case: a claim on the registration this browser now holds,
    // or a decoy that matches nothing.
    const claim = await pendingClaim(db, email);
    return reply
      .status(200)
      .header('set-cookie', claimCookie(config, claim, now()))
      .type('application/json; charset=utf-8')
      .send(SIGN_UP_ANSWER);
  };

  /**
   * Better Auth builds its router anew for every call, the largest cost of a page load, and every
   * page load asks for the session once. The answer is ours when Better Auth has nothing to do: no session cookie
   * (a visitor: null, as it answers), or a session this server verified whose daily extension is
   * not due. A session due for it, an unknown or expired one, goes to Better Auth, which extends
   * it, or answers null (and the cookie stays: see relay).
   */
  const sessionWithoutBetterAuth = async (req: FastifyRequest): Promise<{ answer: unknown } | null> => {
    const value = sessionCookieValue(req.headers.cookie, config.secureCookies);
    if (value === null) return { answer: null };
    const user = await app.sessionUser(req);
    const expiresAt = app.deps.sessions.expiresAt(value);
    if (!user || expiresAt === null) return null;
    const extendedAt = expiresAt - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000;
    if (Date.now() >= extendedAt) return null;
    return { answer: { session: { userId: user.id, expiresAt: new Date(expiresAt).toISOString() }, user } };
  };

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const route = resolveAuthRoute(req.method, req.url, config.PUBLIC_URL);
    if (!route) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    if (req.method === 'GET' && route.path === '/get-session') {
      const ours = await sessionWithoutBetterAuth(req);
      if (ours) return reply.header('cache-control', 'no-store').send(ours.answer);
    }
    const { db } = app.deps;
    const headers = toHeaders(req);
    headers.set('x-scoreline-client-ip', req.ip);
    headers.delete('content-length');
    const post = req.method === 'POST';
    let url = route.url;
    let body: unknown = req.body;
    const extraCookies: string[] = [];

    if (post && route.path === '/sign-up/email') {
      const limited = await signUpLimit(req);
      if (!limited.isAllowed && limited.isExceeded) return tooMany(reply, limited.ttlInSeconds);
      return signUp(req, reply, url, headers);
    }

    const bodyEmail =
      post && typeof (req.body as { email?: unknown } | null)?.email === 'string'
        ? (req.body as { email: string }).email
        : null;
    const signInEmail = route.path === '/sign-in/email' ? bodyEmail : null;
    if (signInEmail) {
      const waits = throttle.waits(signInEmail, clientAddress(req));
      let knownDevice = false;
      if (waits.account > 0) {
        // The account's own limit holds every browser but one that has signed in to it before
        // (looked up whether or not the address has an account, so both answer alike).
        const account = await registrationByEmail(db, signInEmail);
        knownDevice = account !== undefined && isKnownDevice(config, req.headers.cookie, account.id, now());
      }
      const wait = Math.max(waits.address, knownDevice ? 0 : waits.account);
      if (wait > 0) return tooMany(reply, wait);
    }

    if (post && route.path === '/send-verification-email') {
      const given = (req.body as { callbackURL?: unknown } | null)?.callbackURL;
      const callbackURL = given === undefined ? VERIFIED_PATH : parseVerificationCallback(given);
      if (!callbackURL)
        return reply
          .status(400)
          .send({ error: { code: 'validation_error', message: BAD_CALLBACK, field: 'callbackURL' } });
      body = { ...(req.body as object), callbackURL };
    }

    if (route.path === '/verify-email') {
      const link = new URL(url);
      const token = link.searchParams.get('token') ?? '';
      // Only a callback this site makes: the link can never lead anywhere else.
      const callback = parseVerificationCallback(link.searchParams.get('callbackURL')) ?? VERIFIED_PATH;
      link.searchParams.set('callbackURL', callback);
      url = link.toString();
      // A session this browser held before the proof is not carried into it: the verifier gets a new one.
      const cookie = headers.get('cookie');
      if (cookie) headers.set('cookie', cookie.replace(SESSION_COOKIE, ''));
      const payload = token
        ? await verifyJWT<{ email?: unknown; userId?: unknown; updateTo?: unknown }>(token, config.AUTH_SECRET)
        : null;
      if (payload && typeof payload.email === 'string' && payload.updateTo === undefined) {
        const reg = await registrationByEmail(db, payload.email);
        const forThis = reg && !reg.emailVerified && (payload.userId === undefined || payload.userId === reg.id);
        const sameBrowser =
          forThis &&
          reg.passwordHash !== null &&
          claimMatches(config, req.headers.cookie, { userId: reg.id, passwordHash: reg.passwordHash }, now());
        // Opened anywhere but the browser that chose the password: the verifier chooses it (the
        // token stays in the fragment, which no server or log sees).
        if (forThis && !sameBrowser)
          return reply
            .header('cache-control', 'no-store')
            .redirect(`${callback}#confirm=${encodeURIComponent(token)}`, 302);
      }
    }

    // Signing out ends the caller's session, and "sign out everywhere" all of them: whatever Better
    // Auth's hooks report, that user's cached sessions go.
    const caller =
      route.path === '/sign-out' || route.path === '/revoke-sessions' || route.path === '/change-password'
        ? await app.sessionUser(req)
        : null;
    let changed: ReadonlySet<string> = new Set();
    const response = await callBetterAuth(url, req, headers, body, (users) => (changed = users));
    if (caller && route.path !== '/change-password') app.deps.sessions.changed(caller.id);

    if (signInEmail) {
      const address = clientAddress(req);
      if (response.status === 401) throttle.recordFailure(signInEmail, address);
      else if (response.ok) {
        throttle.reset(signInEmail, address);
        const signedIn = (await response
          .clone()
          .json()
          .catch(() => null)) as { user?: { id?: unknown } } | null;
        if (typeof signedIn?.user?.id === 'string')
          extraCookies.push(knownDeviceCookie(config, signedIn.user.id, now()));
      } else if (response.status === 403) {
        // The right password of an address still unverified: this browser may finish the
        // verification itself, as the one that signed up may.
        const claim = await pendingClaim(db, signInEmail);
        if (claim) extraCookies.push(claimCookie(config, claim, now()));
      }
    }
    const succeeded =
      response.ok || (response.status === 302 && !/[?&]error=/.test(response.headers.get('location') ?? ''));
    // Some of Better Auth's hooks report a row without its user; only real ids count here.
    const changedUsers = [...changed].filter((id): id is string => typeof id === 'string');
    if (
      succeeded &&
      (route.path === '/verify-email' || route.path === '/reset-password') &&
      changedUsers.length === 1
    ) {
      // The mailbox was just proved in this browser: it is a known device from now on.
      extraCookies.push(knownDeviceCookie(config, changedUsers[0]!, now()));
      if (route.path === '/verify-email') extraCookies.push(clearClaimCookie(config));
    }
    if (response.ok && caller && (route.path === '/change-password' || route.path === '/revoke-sessions')) {
      // The calendar link carries the player's own picks: a new password or signing out
      // everywhere gives it a new address, so a copy held elsewhere stops working.
      await rotatePrivateTokens(db, caller.id, app.deps.clock.nowIso(), { unsubscribe: false });
      await app.deps.bus.publish({ type: 'calendar.changed', userId: caller.id });
    }
    return relay(reply, response, extraCookies, route.path === '/sign-out' || route.path === '/revoke-sessions');
  };

  await app.register(registrationRoutes);
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { auth: 'public' },
    schema: { hide: true, response: { default: authBridgeReply } },
    handler: handle,
  });
}
