import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEADLINE_MESSAGE, LOCKED_MESSAGE, predictionWindow } from '../../../game/deadline.js';
import { canBePredicted } from '../../../game/knockout.js';
import { qualifierPickProblem, tieRoleOf } from '../../../game/qualifier.js';
import { errorDto, gameweekNumber, idParam } from '../../../contract/common.js';
import {
  boardDto,
  decodePredictionsCursor,
  myPredictionsQuery,
  myPredictionsReply,
  predictionBodySchema,
  TEAMS_NOT_KNOWN_MESSAGE,
  PREDICTIONS_PAGE_MAX,
  savedPredictionReply,
} from '../../../contract/predictions.js';
import { seasonQuery } from '../../../contract/seasons.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { resolveSeason } from '../../seasons/service.js';
import { boardParts, presentBoard } from './board.js';
import { presentOwnPage, presentPrediction, presentPredictable } from './presenter.js';
import { listOwnPredictions, predictionSaver } from './repository.js';

export const POSTPONED_MESSAGE =
  'This match has been postponed. Predictions open again once it has a new kick-off time.';
export const HAS_RESULT_MESSAGE = 'This match already has a result, so it takes no more predictions.';

const gameweekQuery = seasonQuery.extend({ gameweek: gameweekNumber.optional() });

export async function predictionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const savePrediction = predictionSaver(app.deps.handle);
  // Who may ask comes before what they ask: visitors get 401 even with a malformed body.

  app.put(
    '/api/predictions/:fixtureId',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['predictions'],
        summary: 'Save or update your prediction for a fixture (until 2 hours before kick-off)',
        params: z.object({ fixtureId: idParam() }),
        body: predictionBodySchema,
        response: { 200: savedPredictionReply, 400: errorDto, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { fixtureId } = req.params;
      const { homeScore, awayScore } = req.body;
      const qualifier = req.body.qualifier ?? null;
      const { clock } = app.deps;
      const now = clock.now();
      const prediction = {
        fixtureId,
        homeScore,
        awayScore,
        predictedAt: now.toISOString(),
        points: null,
        outcome: null,
        qualifier,
      };
      // The rules are checked on the fixture as read in the saving transaction.
      const { fixture, banker } = await savePrediction({ userId: user.id, ...prediction }, (found) => {
        if (!found) throw notFound('This match does not exist.');
        // A known score is never predicted: no free points on a result.
        if (found.result) throw conflict(HAS_RESULT_MESSAGE, 'has_result');
        if (found.predictionsLockedAt) throw conflict(LOCKED_MESSAGE, 'deadline_passed');
        const window = predictionWindow(found, now);
        if (window === 'postponed') throw conflict(POSTPONED_MESSAGE, 'postponed');
        if (window === 'closed') throw conflict(DEADLINE_MESSAGE, 'deadline_passed');
        // A side still shown by its placeholder ("Winner Group A") is not a team anyone can pick a score for.
        const side = (team: string, label: string | null) => (label === null ? team : null);
        if (
          !canBePredicted({ home: side(found.homeTeam, found.homeLabel), away: side(found.awayTeam, found.awayLabel) })
        )
          throw conflict(TEAMS_NOT_KNOWN_MESSAGE, 'teams_not_known');
        // A team to go through only where a tie is decided, and never against the predicted winner.
        const problem = qualifierPickProblem(tieRoleOf(found), prediction);
        if (problem) throw badRequest(problem);
        return found;
      });
      await app.deps.bus.publish({ type: 'prediction.saved', seasonId: fixture.seasonId, userId: user.id });
      return {
        prediction: {
          ...presentPredictable(fixture, clock.now()),
          prediction: presentPrediction({ ...prediction, banker }),
        },
      };
    },
  );

  app.get(
    '/api/predictions',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['predictions'],
        summary: `A page of your own predictions in a season (all gameweeks, or one), newest first, with fixture, result and points: at most \`limit\` (1 to ${PREDICTIONS_PAGE_MAX}, that by default), after \`cursor\` (the \`nextCursor\` of the page before; null on the last page)`,
        querystring: myPredictionsQuery,
        response: { 200: myPredictionsReply, 400: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { gameweek, limit, cursor } = req.query;
      const now = app.deps.clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season);
      // The query schema has accepted only cursors that decode.
      const after = cursor === undefined ? undefined : (decodePredictionsCursor(cursor) ?? undefined);
      // One more than the page holds says whether another page follows.
      const rows = await listOwnPredictions(app.deps.db, user.id, {
        seasonId: season.id,
        gameweek,
        limit: limit + 1,
        after,
      });
      return presentOwnPage(rows, { now, season: season.id, gameweek, limit });
    },
  );

  app.get(
    '/api/predictions/board',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['predictions'],
        summary:
          'The Predictions screen: one gameweek of a season (the one asked for, else the next with a match open for predictions) with status, deadline, result and your own prediction',
        querystring: gameweekQuery,
        response: { 200: boardDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const now = app.deps.clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season);
      return presentBoard(await boardParts(app, user.id, season, now, req.query.gameweek));
    },
  );
}
