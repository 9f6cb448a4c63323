import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDto } from '../../../contract/common.js';
import {
  accountExportDto,
  DELETE_ONLY_ADMIN,
  DELETE_WRONG_PASSWORD,
  deleteAccountReply,
  deleteAccountSchema,
  deleteRateLimitMessage,
  deletionPreviewDto,
  EXPORT_BONUS_ANSWERS_MAX,
  EXPORT_MESSAGES_MAX,
  EXPORT_PREDICTIONS_MAX,
} from '../../../contract/account-data.js';
import { conflict, HttpError } from '../../errors.js';
import { routeLimit } from '../../security/route-limits.js';
import type { SessionUser } from '../../auth/session.js';
import * as repo from './repository.js';
import { exportFile, presentExport, presentPreview } from './presenter.js';

/** Better Auth's session cookies (plain and `__Secure-`), cleared on the reply that deletes the account. */
const SESSION_COOKIES = ['better-auth.session_token', 'better-auth.session_data'];

/**
 * A player's own account: what deleting it would do, deleting it (confirmed with the password),
 * and downloading their data. docs/decisions/0047-account-deletion.md.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Each attempt checks a password: guessing one through this route stays as slow as signing in.
  const deleteLimits = [
    routeLimit(app, 'accountDeletePerUser', 'user', deleteRateLimitMessage),
    routeLimit(app, 'accountDeletePerAddress', 'address', deleteRateLimitMessage),
  ];
  const exportLimit = routeLimit(
    app,
    'accountExportPerUser',
    'user',
    (wait) => `You have downloaded your data several times just now. Please wait ${wait} and try again.`,
  );

  /** Why this account cannot be deleted now, or null: the game keeps at least one verified admin. */
  async function refusal(user: SessionUser): Promise<string | null> {
    if (user.role !== 'admin') return null;
    return (await repo.otherVerifiedAdmins(app.deps.db, user.id, app.deps.handle.dialect)) === 0
      ? DELETE_ONLY_ADMIN
      : null;
  }

  /** Better Auth checks the password against the caller's own session (its verify-password call). */
  async function passwordMatches(req: FastifyRequest, password: string): Promise<boolean> {
    const headers = new Headers({ cookie: req.headers.cookie ?? '' });
    try {
      await app.deps.sessions.track(() => app.deps.auth.api.verifyPassword({ body: { password }, headers }));
      return true;
    } catch (err) {
      // Better Auth's APIError: 400 is a wrong password; anything else (no session any more) too, as far as the player can tell.
      const status = (err as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) return false;
      throw err;
    }
  }

  app.get(
    '/api/me/account/deletion-preview',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        summary:
          "What deleting the caller's account would do: each of their leagues passes to its longest-standing member, is deleted (nobody else in it) or is left; and whether it is refused (the only admin)",
        response: { 200: deletionPreviewDto },
      },
    },
    async (req) => {
      const { db } = app.deps;
      const { user } = req;
      const [leagues, counts, refused] = await Promise.all([
        repo.leagueFates(db, user.id),
        repo.ownCounts(db, user.id),
        refusal(user),
      ]);
      return presentPreview(leagues, counts, refused);
    },
  );

  app.post(
    '/api/me/account/delete',
    {
      config: { auth: 'user' },
      preHandler: deleteLimits,
      schema: {
        tags: ['account'],
        summary:
          "Delete the caller's account, confirmed with its password: predictions, points, memberships, reminders, private links and sessions go in one transaction; leagues pass on or go; contact messages stay without the sender. Signs out.",
        body: deleteAccountSchema,
        response: { 200: deleteAccountReply, 400: errorDto, 409: errorDto, 429: errorDto },
      },
    },
    async (req, reply) => {
      const { db, handle, bus, sessions } = app.deps;
      const { user } = req;
      // A quick answer before the password is tried; the check that counts is the one inside the transaction.
      const refused = await refusal(user);
      if (refused) throw conflict(refused, 'only_admin');
      if (!(await passwordMatches(req, req.body.password)))
        throw new HttpError(400, 'wrong_password', DELETE_WRONG_PASSWORD);
      const deleted = await db.transaction().execute(async (trx) => {
        // Another admin may have deleted their account since the check above: decided again under the lock, before anything goes.
        if (await repo.wouldLeaveNoAdmin(trx, user.id, handle.dialect)) throw conflict(DELETE_ONLY_ADMIN, 'only_admin');
        return repo.deleteAccountData(trx, handle.dialect, user);
      });
      // After the commit: every instance forgets the sessions at once, and every cache holding the player drops them.
      await sessions.invalidate(user.id);
      await bus.publish({ type: 'account.deleted', seasons: deleted.seasons });
      req.log.info(
        { leagues: deleted.leagues.length, seasons: deleted.seasons.length },
        'Account deleted by its owner',
      );
      const secure = app.deps.config.secureCookies;
      const expired = (name: string) =>
        `${secure ? '__Secure-' : ''}${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      reply.header('set-cookie', SESSION_COOKIES.map(expired));
      return { deleted: true as const };
    },
  );

  app.get(
    '/api/me/export',
    {
      config: { auth: 'user' },
      preHandler: exportLimit,
      schema: {
        tags: ['account'],
        summary:
          "The caller's own data as a JSON download: account, reminder settings, predictions with fixture, result, points, tier, banker and team named to go through, leagues with role, bonus answers, contact messages",
        response: { 200: accountExportDto, 429: errorDto },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.deps;
      const { user } = req;
      const [account, settings, predictions, leagues, bonusAnswers, contactMessages] = await Promise.all([
        repo.accountRow(db, user.id),
        repo.settingsRow(db, user.id),
        repo.predictionRows(db, user.id, EXPORT_PREDICTIONS_MAX + 1),
        repo.leagueRows(db, user.id),
        repo.bonusAnswerRows(db, user.id, EXPORT_BONUS_ANSWERS_MAX + 1),
        repo.contactRows(db, user.id, EXPORT_MESSAGES_MAX),
      ]);
      // The session was valid a moment ago; a row gone since is the account being deleted meanwhile.
      if (!account) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
      const exportedAt = clock.nowIso();
      const body = presentExport({
        exportedAt,
        account,
        settings,
        predictions: predictions.slice(0, EXPORT_PREDICTIONS_MAX),
        predictionsComplete: predictions.length <= EXPORT_PREDICTIONS_MAX,
        leagues,
        bonusAnswers: bonusAnswers.slice(0, EXPORT_BONUS_ANSWERS_MAX),
        bonusAnswersComplete: bonusAnswers.length <= EXPORT_BONUS_ANSWERS_MAX,
        contactMessages,
      });
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="scoreline-my-data-${exportedAt.slice(0, 10)}.json"`)
          // Indented for the person who opens the file; exportFile still parses it with the route's schema.
          .type('application/json; charset=utf-8')
          .serializer(exportFile)
          .send(body)
      );
    },
  );
}
