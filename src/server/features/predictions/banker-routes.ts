import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankerChange, bankerRemoval } from '../../../game/banker.js';
import { errorDto, idParam } from '../../../contract/common.js';
import { bankerReply } from '../../../contract/predictions.js';
import { conflict, notFound } from '../../errors.js';
import { bankerTarget, bankersOf, lockPlayerBankers, markBanker } from './banker-repository.js';

const params = z.object({ fixtureId: idParam() });

/**
 * A player's banker (docs/decisions/0058-banker.md): one pick per gameweek counts double. Setting
 * it on a pick moves it from another open pick of the gameweek; once its match's deadline has
 * passed it stays. Each change runs in one transaction with the player's bankers locked
 * (banker-repository.ts), so two requests at once never leave two bankers. Only the player hears of
 * it (their own event): like a pick, a banker is hidden from others until its deadline.
 */
export async function bankerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/api/predictions/:fixtureId/banker',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['predictions'],
        summary:
          'Make your pick on this match your banker of its gameweek (it counts double overall and in leagues that allow bankers); moves it from another pick while both matches are open',
        params,
        response: { 200: bankerReply, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { fixtureId } = req.params;
      const { db, handle, clock } = app.deps;
      const now = clock.now();
      const out = await db.transaction().execute(async (trx) => {
        await lockPlayerBankers(trx, handle.dialect, user.id);
        const found = await bankerTarget(trx, user.id, fixtureId);
        if (!found) throw notFound('This match does not exist.');
        const { match } = found;
        const others =
          match.gameweek === null ? [] : await bankersOf(trx, user.id, match.seasonId, match.gameweek, match.id);
        const verdict = bankerChange(match, found.hasPick, others, now);
        if (!verdict.ok) throw conflict(verdict.message, verdict.code);
        for (const o of others) await markBanker(trx, user.id, o.id, false);
        if (!(await markBanker(trx, user.id, match.id, true)))
          throw conflict('This match has a result, so your banker cannot go on it.', 'closed');
        return { season: match.seasonId, gameweek: match.gameweek!, fixtureId: match.id };
      });
      await app.deps.bus.publish({ type: 'prediction.saved', seasonId: out.season, userId: user.id });
      return out;
    },
  );

  app.delete(
    '/api/predictions/:fixtureId/banker',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['predictions'],
        summary: 'Take your banker off your pick on this match (until its deadline); the gameweek then has no banker',
        params,
        response: { 200: bankerReply, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { fixtureId } = req.params;
      const { db, handle, clock } = app.deps;
      const now = clock.now();
      const out = await db.transaction().execute(async (trx) => {
        await lockPlayerBankers(trx, handle.dialect, user.id);
        const found = await bankerTarget(trx, user.id, fixtureId);
        if (!found) throw notFound('This match does not exist.');
        const { match } = found;
        if (match.gameweek === null || !found.isBanker) throw notFound('Your pick on this match is not your banker.');
        const verdict = bankerRemoval(match, now);
        if (!verdict.ok) throw conflict(verdict.message, verdict.code);
        await markBanker(trx, user.id, match.id, false);
        return { season: match.seasonId, gameweek: match.gameweek, fixtureId: null };
      });
      await app.deps.bus.publish({ type: 'prediction.saved', seasonId: out.season, userId: user.id });
      return out;
    },
  );
}
