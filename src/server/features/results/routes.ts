import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, idParam } from '../../../contract/common.js';
import { resultBodySchema, resultClearedReply, resultSavedReply } from '../../../contract/results.js';
import { matchScoreProblem } from '../../../game/knockout.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { presentFixture } from '../fixtures/index.js';
import { getFixture } from '../../seasons/fixtures-repository.js';
import { clearResult, rescorePredictions, saveFinalResult } from '../../seasons/results-repository.js';
import { gameweeksOf } from './changed-gameweeks.js';

export const NOT_STARTED_MESSAGE =
  "This match hasn't kicked off yet. Its final result can be saved once it has started.";
const params = z.object({ fixtureId: idParam() });

export async function resultRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/api/admin/results/:fixtureId',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['results'],
        summary: "Save or correct a match's final result; every prediction on it is scored in the same transaction",
        params,
        body: resultBodySchema,
        response: { 200: resultSavedReply, 400: errorDto, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const { fixtureId } = req.params;
      const out = await db.transaction().execute(async (trx) => {
        const fixture = await getFixture(trx, fixtureId);
        if (!fixture) throw notFound('This match does not exist.');
        if (fixture.postponed || fixture.kickoffAt === null) {
          throw conflict(
            'This match is postponed. Give it a new kick-off time before entering its result.',
            'postponed',
          );
        }
        // A result is a fact after the whistle: none before kick-off; in-play scores have their own route.
        if (clock.now().getTime() < Date.parse(fixture.kickoffAt)) throw conflict(NOT_STARTED_MESSAGE, 'not_started');
        const { homeScore, awayScore, extraTime, penalties } = req.body;
        const problem = matchScoreProblem({ ninety: { homeScore, awayScore }, extraTime, penalties });
        if (problem) throw badRequest(problem, 'validation_error');
        await saveFinalResult(trx, fixtureId, req.body, clock.nowIso(), 'admin');
        const scored = await rescorePredictions(trx, fixtureId, req.body);
        return { fixture: (await getFixture(trx, fixtureId))!, scored };
      });
      await app.deps.bus.publish({
        type: 'results.changed',
        seasonId: out.fixture.seasonId,
        gameweeks: gameweeksOf([out.fixture]),
      });
      return { fixture: presentFixture(out.fixture, clock.now()), scored: out.scored };
    },
  );

  app.delete(
    '/api/admin/results/:fixtureId',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['results'],
        summary: "Clear a match's result; its predictions return to pending",
        params,
        response: { 200: resultClearedReply, 404: errorDto },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const { fixtureId } = req.params;
      const out = await db.transaction().execute(async (trx) => {
        if (!(await getFixture(trx, fixtureId))) throw notFound('This match does not exist.');
        const { reset } = await clearResult(trx, fixtureId);
        return { fixture: (await getFixture(trx, fixtureId))!, reset };
      });
      await app.deps.bus.publish({
        type: 'results.changed',
        seasonId: out.fixture.seasonId,
        gameweeks: gameweeksOf([out.fixture]),
      });
      return { fixture: presentFixture(out.fixture, clock.now()), reset: out.reset };
    },
  );
}
