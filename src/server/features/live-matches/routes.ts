import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { deriveStatus, LIVE_WINDOW_MS } from '../../../game/fixture-status.js';
import { UK_ZONE, zonedDateKept, zonedDay } from '../../../game/time.js';
import { errorDto, idParam } from '../../../contract/common.js';
import { fixtureReply } from '../../../contract/fixtures.js';
import { liveScoreSchema, liveMatchesDto } from '../../../contract/live-matches.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { presentFixture } from '../fixtures/presenter.js';
import { getFixture } from '../fixtures/repository.js';
import { presentMatch } from './presenter.js';
import { saveProvisionalScore } from './repository.js';
import { firstKickoffFrom, kickoffOrder, seasonFixtureRows } from '../fixtures/kept.js';
import type { FixtureRow } from '../fixtures/queries.js';
import { ownPredictionsOf } from '../predictions/board.js';
import { resolveSeason } from '../../seasons/service.js';

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
      const day = zonedDay(timeZone, now);
      const season = await resolveSeason(app.deps.seasons, now);
      // From the season's kept fixtures in kick-off order (fixtures/kept.ts): the day's, those kicked
      // off within the live window that are still in play, and the next kick-off after the day.
      const order = kickoffOrder(await seasonFixtureRows(app, season.id));
      const { from, to } = day;
      const t = now.getTime();
      const listed: FixtureRow[] = [];
      const first = Math.min(firstKickoffFrom(order, from), firstKickoffFrom(order, t - LIVE_WINDOW_MS));
      for (let i = first; i < order.rows.length && order.kickoffs[i]! <= Math.max(to - 1, t); i++) {
        const f = order.rows[i]!;
        const at = order.kickoffs[i]!;
        if ((at >= from && at < to) || deriveStatus(f, f.result, now) === 'live') listed.push(f);
      }
      let next: string | null = null;
      for (let i = firstKickoffFrom(order, to); i < order.rows.length && next === null; i++)
        if (!order.rows[i]!.postponed) next = order.rows[i]!.kickoffAt;
      const mine = await ownPredictionsOf(app, user.id, season.id, listed);
      const rows = listed.map((f) => {
        const p = mine.get(f.id);
        return {
          ...f,
          prediction: p
            ? {
                homeScore: p.homeScore,
                awayScore: p.awayScore,
                points: p.points,
                outcome: p.outcome,
                tier: p.tier,
                banker: p.banker,
              }
            : null,
        };
      });
      return {
        season: season.id,
        timeZone,
        today: day.date,
        matches: rows.map((r) => presentMatch(r, now)),
        nextMatchDay: next ? zonedDateKept(next, timeZone) : null,
      };
    },
  );
}
