import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyJWT } from 'better-auth/crypto';
import { confirmRegistrationSchema, registrationPreviewDto, registrationTokenSchema } from '../../contract/account.js';
import { errorDto, okDto } from '../../contract/common.js';
import { HttpError, badRequest, conflict } from '../errors.js';
import { routeLimit } from '../security/route-limits.js';
import { assertTeamNameFree, teamNameTaken } from './team-name-rule.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { CANCEL_PURPOSE } from './auth.js';
import { deleteRegistration, registrationByEmail, takeOverRegistration, type Registration } from './registrations.js';
import { clearClaimCookie, knownDeviceCookie } from './signed-cookies.js';

export const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';
export const ALREADY_CONFIRMED = 'This address is already confirmed. Please sign in.';
export const CONFIRMED_NOTHING_TO_DELETE =
  "This address has been confirmed, so there is no registration to delete. If that wasn't you, choose a new password with “Forgot your password?” on the sign-in page: it ends every session and password but yours.";

const invalidLink = () => badRequest(INVALID_LINK, 'invalid_link');

/**
 * The mailed links of a registration (decision 0049), for a browser that did not sign it up:
 * - preview: what a verification link is for (the address, the team name the registration holds);
 * - confirm: the verifier chooses the password (and may change the team name); everything set
 *   before stops working, then Better Auth verifies the address with the same link and signs
 *   the verifier in;
 * - cancel ("this wasn't me"): deletes the registration while its address is unverified.
 * Public (the token is the permission), limited per client address.
 */
export async function registrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const limit = routeLimit(
    app,
    'registrationLinkPerAddress',
    'address',
    (wait) => `Too many attempts. Please wait ${wait} and try again.`,
  );

  /**
   * The account a mailed token is for (null when it is gone, or the address belongs to an
   * account made since); a token that is not ours, has expired or is for the other purpose is
   * refused.
   */
  const registrationOf = async (
    token: string,
    purpose: 'verify' | typeof CANCEL_PURPOSE,
  ): Promise<Registration | null> => {
    const payload = await verifyJWT<{ email?: unknown; userId?: unknown; updateTo?: unknown; purpose?: unknown }>(
      token,
      config.AUTH_SECRET,
    );
    if (!payload || typeof payload.email !== 'string' || payload.updateTo !== undefined) throw invalidLink();
    // A verification token has no purpose of its own; a "this wasn't me" token says so. Neither passes for the other.
    if (
      (purpose === 'verify' && payload.purpose !== undefined) ||
      (purpose === CANCEL_PURPOSE && payload.purpose !== CANCEL_PURPOSE)
    )
      throw invalidLink();
    const reg = await registrationByEmail(app.deps.db, payload.email);
    return reg && (payload.userId === undefined || payload.userId === reg.id) ? reg : null;
  };
  const verifiable = async (token: string): Promise<Registration> => {
    const reg = await registrationOf(token, 'verify');
    if (!reg) throw invalidLink();
    if (reg.emailVerified) throw conflict(ALREADY_CONFIRMED, 'already_verified');
    return reg;
  };

  app.post(
    '/api/registration/preview',
    {
      config: { auth: 'public' },
      preHandler: limit,
      schema: {
        tags: ['account'],
        summary: 'What a verification link is for: the address and the team name it holds',
        body: registrationTokenSchema,
        response: { 200: registrationPreviewDto, 400: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const reg = await verifiable(req.body.token);
      return { email: reg.email, teamName: reg.teamName };
    },
  );

  app.post(
    '/api/registration/confirm',
    {
      config: { auth: 'public' },
      preHandler: limit,
      schema: {
        tags: ['account'],
        summary:
          'Confirm an address from a verification link, choosing the password (and team name); signs the verifier in',
        body: confirmRegistrationSchema,
        response: { 200: okDto, 400: errorDto, 409: errorDto },
      },
    },
    async (req, reply) => {
      const { token, newPassword, teamName } = req.body;
      const { db, handle, auth, sessions, clock } = app.deps;
      const reg = await verifiable(token);
      await assertTeamNameFree(db, teamName, reg.id);
      const passwordHash = await (await auth.$context).password.hash(newPassword);
      let taken: boolean;
      try {
        taken = await takeOverRegistration(db, handle.dialect, reg.id, {
          teamName,
          passwordHash,
          nowIso: clock.nowIso(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw await teamNameTaken(db, teamName);
        throw err;
      }
      await sessions.invalidate(reg.id);
      // Verified meanwhile (the same link opened twice at once): the other request won.
      if (!taken) throw conflict(ALREADY_CONFIRMED, 'already_verified');

      // Better Auth verifies the address with the same link: its hooks grant an ADMIN_EMAILS role,
      // end every session from before and give the private links new addresses, and it signs the
      // verifier in. No cookie of this browser is carried in.
      const headers = new Headers({ 'x-scoreline-client-ip': req.ip, 'user-agent': req.headers['user-agent'] ?? '' });
      const response = await sessions.track(() =>
        auth.handler(
          new Request(`${config.PUBLIC_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
            method: 'GET',
            headers,
          }),
        ),
      );
      if (!response.ok) throw new HttpError(400, 'invalid_link', INVALID_LINK);
      const now = app.security.now();
      reply.header('set-cookie', [
        ...response.headers.getSetCookie(),
        knownDeviceCookie(config, reg.id, now),
        clearClaimCookie(config),
      ]);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/registration/cancel',
    {
      config: { auth: 'public' },
      preHandler: limit,
      schema: {
        tags: ['account'],
        summary: "“This wasn't me”: delete a registration whose address nobody has confirmed",
        body: registrationTokenSchema,
        response: { 200: okDto, 400: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const reg = await registrationOf(req.body.token, CANCEL_PURPOSE);
      // Already deleted (pressed twice), or the address has a newer registration: nothing to do here.
      if (!reg) return { ok: true as const };
      if (reg.emailVerified) throw conflict(CONFIRMED_NOTHING_TO_DELETE, 'already_verified');
      if (await deleteRegistration(app.deps.db, reg.id, reg.email)) {
        await app.deps.sessions.invalidate(reg.id);
        req.log.info('A registration was deleted by the owner of its address ("this wasn\'t me")');
      }
      return { ok: true as const };
    },
  );
}
