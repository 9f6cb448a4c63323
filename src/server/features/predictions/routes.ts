import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEADLINE_MESSAGE, LOCKED_MESSAGE, predictionWindow } from '../../../game/deadline.js';
import { predictionBodySchema } from '../../../game/schemas/predictions.js';
import { requireVerifiedUser } from '../../auth/session.js';
import { conflict, notFound } from '../../errors.js';
import { getFixture } from '../fixtures/repository.js';
import { loadBoard } from './board.js';
import { boardMatchDto, ownPredictionDto, presentPrediction, presentPredictable } from './presenter.js';
import { listOwnPredictions, upsertPrediction } from './repository.js';

export const POSTPONED_MESSAGE = 'This match has been postponed. Predictions open again once it has a new kick-off time.';
export const HAS_RESULT_MESSAGE = 'This match already has a result, so it takes no more predictions.';

/** Keys a change of one's own prediction invalidates (the board is a fixture list carrying the viewer's pick). */
export const OWN_PREDICTION_KEYS = [['predictions'], ['dashboard'], ['statistics'], ['fixtures', 'predictions-board']];

const gameweekQuery = z.object({ gameweek: z.coerce.number().int().min(1).max(99).optional() });
const errorDto = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export async function predictionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Who may ask comes before what they ask: visitors get 401 even with a malformed body.
  const verified = { preValidation: async (req: Parameters<typeof requireVerifiedUser>[1]) => void (await requireVerifiedUser(app, req)) };

  app.put(
    '/api/predictions/:fixtureId',
    {
      ...verified,
      schema: {
        tags: ['predictions'],
        summary: 'Save or update your prediction for a fixture (until 2 hours before kick-off)',
        params: z.object({ fixtureId: z.string().min(1).max(200) }),
        body: predictionBodySchema,
        response: { 200: z.object({ prediction: ownPredictionDto }), 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const user = await requireVerifiedUser(app, req);
      const { fixtureId } = req.params;
      const { homeScore, awayScore } = req.body;
      const { db, clock } = app.deps;
      const saved = await db.transaction().execute(async (trx) => {
        const fixture = await getFixture(trx, fixtureId);
        if (!fixture) throw notFound('This match does not exist.');
        const now = clock.now();
        // A known score is never predicted (DESIGN.md point 12): no free points on a result.
        if (fixture.result) throw conflict(HAS_RESULT_MESSAGE, 'has_result');
        if (fixture.predictionsLockedAt) throw conflict(LOCKED_MESSAGE, 'deadline_passed');
        const window = predictionWindow(fixture, now);
        if (window === 'postponed') throw conflict(POSTPONED_MESSAGE, 'postponed');
        if (window === 'closed') throw conflict(DEADLINE_MESSAGE, 'deadline_passed');
        const prediction = { fixtureId, homeScore, awayScore, predictedAt: now.toISOString(), points: null, outcome: null };
        await upsertPrediction(trx, { userId: user.id, ...prediction });
        return { fixture, prediction };
      });
      await app.deps.bus.publish({ type: 'prediction', userId: user.id, keys: OWN_PREDICTION_KEYS });
      return { prediction: { ...presentPredictable(saved.fixture, clock.now()), prediction: presentPrediction(saved.prediction) } };
    },
  );

  app.get(
    '/api/predictions',
    {
      ...verified,
      schema: {
        tags: ['predictions'],
        summary: 'Your own predictions (all, or one gameweek), newest first, with fixture, result and points',
        querystring: gameweekQuery,
        response: { 200: z.object({ now: z.string(), predictions: z.array(ownPredictionDto) }) },
      },
    },
    async (req) => {
      const user = await requireVerifiedUser(app, req);
      const now = app.deps.clock.now();
      const rows = await listOwnPredictions(app.deps.db, user.id, { gameweek: req.query.gameweek });
      return {
        now: now.toISOString(),
        predictions: rows.map((r) => ({ ...presentPredictable(r.fixture, now), prediction: presentPrediction(r.prediction) })),
      };
    },
  );

  app.get(
    '/api/predictions/board',
    {
      ...verified,
      schema: {
        tags: ['predictions'],
        summary: "The Predictions screen: a gameweek's fixtures with status, deadline, result and your own prediction",
        querystring: gameweekQuery,
        response: {
          200: z.object({
            now: z.string(),
            gameweek: z.number(),
            currentGameweek: z.number(),
            gameweeks: z.array(z.number()),
            matches: z.array(boardMatchDto),
          }),
        },
      },
    },
    async (req) => {
      const user = await requireVerifiedUser(app, req);
      return loadBoard(app.deps.db, user.id, app.deps.clock.now(), req.query.gameweek);
    },
  );
}
