import { betterAuth } from 'better-auth';
import { signJWT } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/index.js';
import type { Mailer } from '../mail/mailer.js';
import { resetPasswordEmail, signUpAttemptEmail, verificationEmail, type RequestFacts } from '../mail/templates.js';
import { PASSWORD_MIN, PASSWORD_MAX } from '../../game/limits.js';
import { teamNameKey } from '../../game/team-names.js';
import type { Clock } from '../clock.js';
import { grantAdminOnVerified, promoteFirstVerified } from './admin-role.js';
import { trustedOrigins } from '../security/hosts.js';
import { rotatePrivateTokens } from './private-tokens-repository.js';
import { createAccountMail } from './account-mail.js';
import { endSessions } from './registrations.js';
import { productionPasswordHashing, type PasswordHashing } from './password-hashing.js';

/** A session lasts 30 days, and is extended to 30 days again once a day at most (when asked for after a day). */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

export interface AuthDeps {
  config: Config;
  handle: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A user's sessions, password or row changed (the session cache forgets them; session-cache.ts). */
  onUserChanged?: (userId: string) => void;
  /** Production's scrypt unless given (only the API tests give a cheaper one; password-hashing.ts). */
  passwordHashing?: PasswordHashing;
}

/** Auth rate limits per address and path (Better Auth's limiter; a throttled request gets 429). */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/send-verification-email': { window: 60, max: 3 },
  '/change-password': { window: 60, max: 10 },
  '/reset-password': { window: 60, max: 10 },
  '/revoke-sessions': { window: 60, max: 10 },
} as const;

/** How long a verification link works (the mail says so). */
export const VERIFICATION_TTL_S = 24 * 60 * 60;
/** How long the "this wasn't me" link of a verification mail works. */
export const CANCEL_LINK_TTL_S = 7 * 24 * 60 * 60;
/** What a "this wasn't me" token is for (a verification token can never pass for one, nor the reverse). */
export const CANCEL_PURPOSE = 'cancel-registration';

/** The facts an account mail states about its request (when, from what kind of client). */
export const requestFacts = (clock: Clock, request: Request | undefined): RequestFacts => ({
  at: clock.now(),
  userAgent: request?.headers.get('user-agent') ?? null,
});

export function createAuth({
  config,
  handle,
  mailer,
  clock,
  log,
  onUserChanged = () => {},
  passwordHashing = productionPasswordHashing,
}: AuthDeps) {
  const accountMail = createAccountMail(mailer, log, { db: handle.db, clock });
  /** Password hashes computed (sign-up answers must cost the same whether or not the address has an account). */
  const work = { passwordHashes: 0 };
  const db = handle.db;

  /** The "this wasn't me" link of a verification mail. */
  const cancelUrl = async (user: { id: string; email: string }) =>
    `${config.PUBLIC_URL}/verified#not-me=${await signJWT({ purpose: CANCEL_PURPOSE, email: user.email.toLowerCase(), userId: user.id }, config.AUTH_SECRET, CANCEL_LINK_TTL_S)}`;

  /** A verification mail, sent after the answer; any flow that asks for one (sign-up, resend, a replaced registration) comes here. */
  const sendVerification = async (user: { id: string; email: string }, url: string, request: RequestFacts) => {
    accountMail.send({
      to: user.email,
      subject: 'Verify your Scoreline e-mail address',
      ...verificationEmail({ url, notMeUrl: await cancelUrl(user), request }),
    });
  };

  const auth = betterAuth({
    appName: 'Scoreline',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config),
    database: { db: handle.db, type: handle.dialect },
    logger: { disabled: config.NODE_ENV === 'test' },
    telemetry: { enabled: false },
    user: {
      additionalFields: {
        // Accounts made before decision 0051 keep their username; new ones have none (it was never shown or used).
        username: { type: 'string', required: false, input: false, defaultValue: '' },
        teamName: { type: 'string', required: false },
        teamNameCreatedAt: { type: 'string', required: false, input: false },
        teamNameKey: { type: 'string', required: false, input: false, returned: false },
        teamNameNotice: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'player' },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Until its address is verified nobody holds an account with it (decision 0049): sign-up
      // creates no session, an unverified address cannot sign in, and a sign-up of an address that
      // has an account answers exactly like any other sign-up.
      requireEmailVerification: true,
      autoSignIn: false,
      password: {
        async hash(password) {
          work.passwordHashes++;
          return passwordHashing.hash(password);
        },
        verify: (data) => passwordHashing.verify(data),
      },
      async onExistingUserSignUp({ user }, request) {
        // Only a verified account reaches here: the bridge replaces an unverified registration itself.
        if (!user.emailVerified) return;
        accountMail.sendAttemptNotice({
          to: user.email,
          subject: 'Someone tried to register your Scoreline address',
          ...signUpAttemptEmail({ signInUrl: `${config.PUBLIC_URL}/login`, request: requestFacts(clock, request) }),
        });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Account mails carry nothing a stranger typed (a name could smuggle text into a genuine mail).
      async sendResetPassword({ user, url }, request) {
        accountMail.send({
          to: user.email,
          subject: 'Reset your Scoreline password',
          ...resetPasswordEmail({ url, request: requestFacts(clock, request) }),
        });
      },
      // A reset may follow a stolen account: the private calendar link changes too. And a reset
      // link proves the mailbox as well as a verification link does: an address still unverified
      // becomes verified by it (its sessions are gone and its password is the one just chosen).
      async onPasswordReset({ user }) {
        await rotatePrivateTokens(db, user.id, clock.nowIso(), { unsubscribe: !user.emailVerified });
        if (!user.emailVerified)
          await (await auth.$context).internalAdapter.updateUser(user.id, { emailVerified: true });
        // Named for the bridge, which marks the browser that proved the mailbox as a known device.
        onUserChanged(user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TTL_S,
      async sendVerificationEmail({ user, url }, request) {
        await sendVerification(user, url, requestFacts(clock, request));
      },
      // The address is proved: every session from before the proof ends (Better Auth signs the
      // verifier in after this), and the private links change hands with it.
      async afterEmailVerification(user) {
        await endSessions(db, user.id);
        await rotatePrivateTokens(db, user.id, clock.nowIso(), { unsubscribe: true });
        onUserChanged(user.id);
      },
    },
    // Reset tokens are stored as SHA-256 hashes: reading the database or a backup gives no usable
    // link. (Verification links are signed tokens and are not stored at all.)
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: 60,
      max: 200,
      customRules: { ...AUTH_RATE_LIMITS },
    },
    advanced: {
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      // The Fastify bridge sets this header from req.ip (the socket, or TRUST_PROXY's client), never from the client.
      ipAddress: { ipAddressHeaders: ['x-scoreline-client-ip'] },
      // Better Auth skips its origin check under test runners by default; check in tests as in production.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // The folded team name under the unique index (decision 0051), written with the account.
          before: async (user) => {
            const teamName = typeof user.teamName === 'string' ? user.teamName : null;
            return {
              data: {
                ...user,
                teamNameKey: teamName ? teamNameKey(teamName) : null,
                teamNameCreatedAt: teamName ? clock.nowIso() : null,
              },
            };
          },
        },
        update: {
          after: async (user) => {
            if (user.emailVerified) {
              await grantAdminOnVerified(handle.db, config, user, log);
              await promoteFirstVerified(handle.db, config, user, log);
            }
            onUserChanged(user.id);
          },
        },
        delete: { after: async (user) => onUserChanged(user.id) },
      },
      // Sign-out, revocation, a password change or reset: cached sessions of that user are dropped.
      session: {
        update: { after: async (session) => onUserChanged(session.userId) },
        delete: { after: async (session) => onUserChanged(session.userId) },
      },
      account: {
        update: { after: async (account) => onUserChanged(account.userId) },
      },
    },
  });
  return Object.assign(auth, { accountMail, work, sendVerification });
}

export type Auth = ReturnType<typeof createAuth>;
