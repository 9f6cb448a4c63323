import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decideMoveBody,
  feedStateReply,
  feedUrlBody,
  resolveConflictBody,
  syncNowReply,
} from '../../../contract/admin-seasons.js';
import { errorDto, idParam } from '../../../contract/common.js';
import { seasonId } from '../../../contract/seasons.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { ipLiteral, isPrivateAddress } from '../../season-files/feed-address.js';
import { routeLimit } from '../../security/route-limits.js';
import { rescorePredictions, saveFinalResult } from '../../seasons/results-repository.js';
import { getSeason } from '../../seasons/repository.js';
import { decideMove, presentMove } from './moves.js';
import { getOpenConflict, listMoves, listOpenConflicts, listRuns, setFeedUrl, settleConflict } from './repository.js';
import { presentRun, runFeedSync } from './service.js';

/** Runs shown on the screen. */
const RUNS_SHOWN = 20;
const params = z.object({ id: seasonId });

/** A season's results feed on the admin screen: its address, "Sync now", recent runs, open conflicts and settling them. */
export async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  const state = async (id: string) => {
    const season = await getSeason(db, id);
    if (!season) throw notFound('Season not found.');
    const [runs, conflicts, moves] = await Promise.all([
      listRuns(db, id, RUNS_SHOWN),
      listOpenConflicts(db, id),
      listMoves(db, id),
    ]);
    const last = runs[0];
    return {
      season: id,
      feedUrl: season.feedUrl,
      runs: runs.map(presentRun),
      // A failed run stays in sight until a later one succeeds (not only a toast that fades).
      lastFailure: last?.outcome === 'failed' ? presentRun(last) : null,
      moves: moves.map(presentMove),
      conflicts: conflicts.map((c) => ({
        fixtureId: c.fixtureId,
        homeTeam: c.homeTeam,
        awayTeam: c.awayTeam,
        kickoffAt: c.kickoffAt,
        feed: { homeScore: c.feedHome, awayScore: c.feedAway },
        admin: c.adminHome === null || c.adminAway === null ? null : { homeScore: c.adminHome, awayScore: c.adminAway },
        seenAt: c.seenAt,
      })),
    };
  };

  app.get(
    '/api/admin/seasons/:id/feed',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A season's feed address, recent runs and open conflicts",
        params,
        response: { 200: feedStateReply, 404: errorDto },
      },
    },
    async (req) => state(req.params.id),
  );

  app.put(
    '/api/admin/seasons/:id/feed',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Set a season's feed address (http or https), or null to turn its feed off",
        params,
        body: feedUrlBody,
        response: { 200: feedStateReply, 400: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      if (!(await getSeason(db, req.params.id))) throw notFound('Season not found.');
      const url = req.body.feedUrl;
      // An address on a private network (loopback, the cloud's metadata service…) is refused now, not only when fetched.
      const literal = url === null ? null : ipLiteral(new URL(url).hostname);
      if (literal !== null && isPrivateAddress(literal) && !app.deps.config.FEED_ALLOW_PRIVATE_ADDRESSES) {
        throw badRequest(
          'This address is on a private network. A feed must be a public web address.',
          'private_address',
          { field: 'feedUrl' },
        );
      }
      await db.transaction().execute((trx) => setFeedUrl(trx, req.params.id, req.body.feedUrl, clock.nowIso()));
      await app.deps.bus.publish({ type: 'feed.changed', seasonId: req.params.id });
      return state(req.params.id);
    },
  );

  app.post(
    '/api/admin/seasons/:id/feed/sync',
    {
      config: { auth: 'admin' },
      preHandler: routeLimit(
        app,
        'feedSyncPerUser',
        'user',
        (wait) => `Too many syncs. Please wait ${wait} and try again.`,
      ),
      schema: {
        tags: ['admin'],
        summary:
          "Read the season's feed now and apply what changed (once across instances); the run is recorded whatever happens",
        params,
        response: { 200: syncNowReply, 404: errorDto, 409: errorDto, 429: errorDto },
      },
    },
    async (req) => {
      const season = await getSeason(db, req.params.id);
      if (!season) throw notFound('Season not found.');
      if (!season.feedUrl) throw conflict('Set the address of the season’s feed first.', 'no_feed');
      const out = await runFeedSync(app, season.id, 'admin');
      if (out.busy)
        throw conflict('This season’s feed is being read right now. Try again in a minute.', 'sync_running');
      return { run: out.run };
    },
  );

  app.post(
    '/api/admin/seasons/:id/moves/:fixtureId',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Confirm a move a season file or feed proposed for an unplayed match past its deadline (applied; its result only if the new kick-off has passed), or reject it',
        params: params.extend({ fixtureId: idParam() }),
        body: decideMoveBody,
        response: { 200: feedStateReply, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      await decideMove(app, req.params.id, req.params.fixtureId, req.body.decision);
      return state(req.params.id);
    },
  );

  app.post(
    '/api/admin/seasons/:id/conflicts/:fixtureId',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Settle a disagreement between the feed and the admin's result: keep the admin's, or take the feed's (predictions rescored in the same transaction)",
        params: params.extend({ fixtureId: idParam() }),
        body: resolveConflictBody,
        response: { 200: feedStateReply, 404: errorDto },
      },
    },
    async (req) => {
      const { id, fixtureId } = req.params;
      const took = await db.transaction().execute(async (trx) => {
        const c = await getOpenConflict(trx, id, fixtureId);
        if (!c) throw notFound('This conflict is settled already, or does not exist.');
        if (req.body.keep === 'feed') {
          const score = { homeScore: Number(c.feedHome), awayScore: Number(c.feedAway) };
          await saveFinalResult(trx, fixtureId, score, clock.nowIso(), 'feed');
          await rescorePredictions(trx, fixtureId, score);
        }
        await settleConflict(trx, fixtureId, req.body.keep, clock.nowIso());
        return req.body.keep === 'feed';
      });
      // Taking the feed's score saved a result.
      if (took) await app.deps.bus.publish({ type: 'results.changed', seasonId: id });
      await app.deps.bus.publish({ type: 'feed.changed', seasonId: id });
      return state(id);
    },
  );
}
