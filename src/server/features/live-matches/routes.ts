import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { deriveStatus } from '../../../game/fixture-status.js';
import { UK_ZONE } from '../../../game/time.js';
import { errorDto, idParam } from '../../../contract/common.js';
import { fixtureReply } from '../../../contract/fixtures.js';
import { liveScoreSchema, liveMatchesDto } from '../../../contract/live-matches.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { presentFixture } from '../fixtures/index.js';
import { getFixture } from '../../seasons/fixtures-repository.js';
import { liveMatchesParts } from './today.js';
import { presentLiveMatches } from './presenter.js';
import { saveProvisionalScore } from './repository.js';

export const NOT_LIVE_YET = "This match hasn't kicked off yet. You can enter an in-play score once it is live.";
export const ALREADY_FINISHED =
  'This match is finished: its final result has been saved. Change the final result instead.';
export const IS_POSTPONED = 'This match is postponed, so it has no in-play score.';

/** Time zones found valid, so each request does not ask Intl again (bounded: the IANA database has about 600 names). */
const knownZones = new Set<string>();
function isKnownZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  if (!IANAZone.isValidZone(zone)) return false;
  if (knownZones.size < 1000) knownZones.add(zone);
  return true;
}

/** The Live Matches screen (today's and live matches) and the admin's in-play scores. */
export async function liveMatchesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/api/admin/live-scores/:fixtureId',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['live-matches'],
        summary:
          'Enter or update the provisional in-play score of a match that has kicked off (live, or awaiting its result; never scored)',
        params: z.object({ fixtureId: idParam() }),
        body: liveScoreSchema,
        response: { 200: fixtureReply, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const fixture = await db.transaction().execute(async (trx) => {
        const f = await getFixture(trx, req.params.fixtureId);
        if (!f) throw notFound('This match does not exist.');
        const now = clock.now();
        const status = deriveStatus(f, f.result, now);
        if (status === 'postponed') throw conflict(IS_POSTPONED, 'postponed');
        if (status === 'upcoming') throw conflict(NOT_LIVE_YET, 'not_live');
        if (status === 'finished') throw conflict(ALREADY_FINISHED, 'finished');
        if (!(await saveProvisionalScore(trx, f.id, req.body, now.toISOString())))
          throw conflict(ALREADY_FINISHED, 'finished');
        return presentFixture((await getFixture(trx, f.id))!, now);
      });
      await app.deps.bus.publish({ type: 'live-score.changed', seasonId: fixture.seasonId });
      return { fixture };
    },
  );

  app.get(
    '/api/matches',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['live-matches'],
        summary:
          "The current season's matches of today (in the viewer's time zone) and every live one, with the viewer's prediction and points",
        querystring: z.object({ tz: z.string().max(64).optional() }),
        response: { 200: liveMatchesDto, 400: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const timeZone = req.query.tz ?? UK_ZONE;
      if (!isKnownZone(timeZone)) throw badRequest('Unknown time zone.', 'validation_error');
      const now = app.deps.clock.now();
      return presentLiveMatches(await liveMatchesParts(app, user.id, timeZone, now));
    },
  );
}
