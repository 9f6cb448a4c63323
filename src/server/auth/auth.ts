import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/index.js';
import type { Mailer } from '../mail/mailer.js';
import { actionEmail } from '../mail/templates.js';
import { PASSWORD_MIN, PASSWORD_MAX } from '../../game/limits.js';
import type { Clock } from '../clock.js';
import { grantAdminOnVerified, promoteFirstVerified } from './admin-role.js';
import { trustedOrigins } from '../security/hosts.js';
import { regenerateCalendarToken } from '../features/calendar/repository.js';

export interface AuthDeps {
  config: Config;
  handle: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A user's sessions, password or row changed (the session cache forgets them; session-cache.ts). */
  onUserChanged?: (userId: string) => void;
}

/** Auth rate limits per address and path (Better Auth's limiter; a throttled request gets 429). */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/send-verification-email': { window: 60, max: 3 },
  '/change-password': { window: 60, max: 10 },
  '/reset-password': { window: 60, max: 10 },
} as const;

export function createAuth({ config, handle, mailer, clock, log, onUserChanged = () => {} }: AuthDeps) {
  return betterAuth({
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
        username: { type: 'string', required: true },
        teamName: { type: 'string', required: false },
        teamNameCreatedAt: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'player' },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Account mails carry nothing a stranger typed (a name could smuggle text into a genuine mail).
      async sendResetPassword({ user, url }) {
        const mail = actionEmail({
          greeting: 'Hi,',
          intro: 'Someone asked to reset the password of your Scoreline account. If it was you, choose a new password within the hour.',
          action: 'Reset your password',
          url,
          outro: "If you didn't ask for this, you can ignore this e-mail; your password stays the same.",
        });
        await mailer.send({ to: user.email, subject: 'Reset your Scoreline password', ...mail });
      },
      // A reset may follow a stolen account: the private calendar link changes too.
      async onPasswordReset({ user }) {
        await regenerateCalendarToken(handle.db, user.id, clock.nowIso());
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        const mail = actionEmail({
          greeting: 'Welcome to Scoreline!',
          intro: 'Please confirm your e-mail address to start predicting.',
          action: 'Verify your e-mail',
          url,
        });
        await mailer.send({ to: user.email, subject: 'Verify your Scoreline e-mail address', ...mail });
      },
    },
    // Reset tokens are stored as SHA-256 hashes: reading the database or a backup gives no usable
    // link. (Verification links are signed tokens and are not stored at all.)
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
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
}

export type Auth = ReturnType<typeof createAuth>;
