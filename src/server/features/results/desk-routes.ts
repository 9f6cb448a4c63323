import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, gameweekNumber } from '../../../contract/common.js';
import {
  bulkResultsBodySchema,
  bulkResultsReply,
  resultDeskDto,
  type BulkRowError,
} from '../../../contract/results.js';
import { seasonId } from '../../../contract/seasons.js';
import { HttpError } from '../../errors.js';
import { presentFixture } from '../fixtures/index.js';
import { getFixture, listFixtures } from '../../seasons/fixtures-repository.js';
import { resolveGameweeks } from '../gameweeks/index.js';
import { resolveSeason } from '../../seasons/service.js';
import { latestKickedOffGameweek } from './desk-repository.js';
import { rescorePredictions, saveFinalResult } from '../../seasons/results-repository.js';
import { NOT_STARTED_MESSAGE } from './routes.js';
import { matchScoreProblem } from '../../../game/knockout.js';
import { gameweeksOf } from './changed-gameweeks.js';

const POSTPONED_MESSAGE = 'This match is postponed. Give it a new kick-off time before entering its result.';

/**
 * The admin's result desk: one gameweek's matches, opening on the gameweek just
 * played, and one "Save all" that writes every row or none.
 */
export async function resultDeskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/results/desk',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['results'],
        summary:
          "A gameweek's matches for the result desk: the one asked for, else the one of the latest kick-off (the gameweek just played), else the current one",
        querystring: z.object({ season: seasonId.optional(), gameweek: gameweekNumber.optional() }),
        response: { 200: resultDeskDto, 404: errorDto },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const now = clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season);
      const { openingGameweek, withFixtures } = await resolveGameweeks(db, season, now);
      const gameweek =
        req.query.gameweek ?? (await latestKickedOffGameweek(db, season.id, now.toISOString())) ?? openingGameweek;
      const fixtures = await listFixtures(db, { seasonId: season.id, gameweek });
      return {
        now: now.toISOString(),
        season: season.id,
        gameweek,
        gameweeks: withFixtures,
        fixtures: fixtures.map((f) => presentFixture(f, now)),
      };
    },
  );

  app.put(
    '/api/admin/results',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['results'],
        summary:
          'Save several final results at once: every row is checked first, then all are saved and scored in one transaction, or none',
        body: bulkResultsBodySchema,
        response: { 200: bulkResultsReply, 400: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const now = clock.now();
      const nowIso = clock.nowIso();
      const out = await db.transaction().execute(async (trx) => {
        const fixtures: Array<Awaited<ReturnType<typeof getFixture>>> = [];
        for (const r of req.body.results) fixtures.push(await getFixture(trx, r.fixtureId));
        const problems: BulkRowError[] = [];
        req.body.results.forEach((r, i) => {
          const f = fixtures[i];
          if (!f) problems.push({ fixtureId: r.fixtureId, code: 'not_found', message: 'This match does not exist.' });
          else if (f.postponed || f.kickoffAt === null)
            problems.push({ fixtureId: r.fixtureId, code: 'postponed', message: POSTPONED_MESSAGE });
          // A result is a fact after the whistle: none before kick-off, for every row alike.
          else if (now.getTime() < Date.parse(f.kickoffAt))
            problems.push({ fixtureId: r.fixtureId, code: 'not_started', message: NOT_STARTED_MESSAGE });
          else {
            // Extra time and penalties must belong with the 90 minutes, as on the one-result route.
            const ninety = { homeScore: r.homeScore, awayScore: r.awayScore };
            const problem = matchScoreProblem({ ninety, extraTime: r.extraTime, penalties: r.penalties });
            if (problem) problems.push({ fixtureId: r.fixtureId, code: 'validation_error', message: problem });
          }
        });
        if (problems.length) {
          const n = problems.length;
          throw new HttpError(
            409,
            'rows_refused',
            `${n} ${n === 1 ? 'result' : 'results'} could not be saved, so none were. Fix the marked ${n === 1 ? 'row' : 'rows'} and try again.`,
            { rows: problems },
          );
        }
        const saved: Array<{ fixtureId: string; scored: number }> = [];
        for (const r of req.body.results) {
          const score = {
            homeScore: r.homeScore,
            awayScore: r.awayScore,
            extraTime: r.extraTime ?? null,
            penalties: r.penalties ?? null,
          };
          await saveFinalResult(trx, r.fixtureId, score, nowIso, 'admin');
          saved.push({ fixtureId: r.fixtureId, scored: await rescorePredictions(trx, r.fixtureId, score) });
        }
        const rows = [];
        for (const s of saved) rows.push({ fixture: (await getFixture(trx, s.fixtureId))!, scored: s.scored });
        return rows;
      });
      for (const seasonIdOf of new Set(out.map((r) => r.fixture.seasonId))) {
        const fixtures = out.map((r) => r.fixture).filter((f) => f.seasonId === seasonIdOf);
        await app.deps.bus.publish({ type: 'results.changed', seasonId: seasonIdOf, gameweeks: gameweeksOf(fixtures) });
      }
      return { saved: out.map((r) => ({ fixture: presentFixture(r.fixture, now), scored: r.scored })) };
    },
  );
}
