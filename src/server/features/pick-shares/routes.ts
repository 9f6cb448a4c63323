import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { picksShown, summarisePicks, type PickSummary } from '../../../game/pick-shares.js';
import { errorDto, idParam } from '../../../contract/common.js';
import {
  fixturePickSharesReply,
  gameweekPickSharesQuery,
  gameweekPickSharesReply,
  pickScopeQuery,
} from '../../../contract/pick-shares.js';
import type { DB } from '../../db/index.js';
import { forbidden, notFound } from '../../errors.js';
import { getLeagueMembership } from '../leagues/index.js';
import { LEAGUE_GONE, NOT_A_MEMBER } from '../leagues/index.js';
import { resolveSeason } from '../../seasons/service.js';
import { createPickSharesCache } from './cache.js';
import { presentShares } from './presenter.js';
import { scoreCounts, shareFixture, type ShareFixture } from './repository.js';
import { gameweekFixtureRows } from '../../seasons/kept-fixtures.js';

export const NO_SUCH_MATCH = 'This match does not exist.';

/** Summaries of fixtures by id from their counted scores: one per fixture asked for, empty when nobody predicted it. */
async function readSummaries(db: DB, fixtureIds: string[], leagueId: string | null): Promise<Map<string, PickSummary>> {
  const rows = await scoreCounts(db, fixtureIds, leagueId);
  const byFixture = new Map<string, typeof rows>(fixtureIds.map((id) => [id, []]));
  for (const r of rows) byFixture.get(r.fixtureId)?.push(r);
  return new Map([...byFixture].map(([id, scores]) => [id, summarisePicks(scores)]));
}

/**
 * How the players picked (decision record 0061): for one fixture or a gameweek's, every player's
 * picks or one league's, only for matches whose deadline has passed by the server's clock.
 * Before that a fixture answers only when it opens. A league is shown to its members only,
 * checked on every request (404 unknown, 403 not a member, as the league routes answer).
 */
export async function pickSharesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = (): DB => app.deps.db;
  const cache = createPickSharesCache(app.deps.readModel);

  async function scopeOf(leagueId: string | undefined, userId: string): Promise<{ id: string; name: string } | null> {
    if (leagueId === undefined) return null;
    const league = await getLeagueMembership(db(), leagueId, userId);
    if (!league) throw notFound(LEAGUE_GONE);
    if (!Number(league.isMember)) throw forbidden(NOT_A_MEMBER);
    return { id: league.id, name: league.name };
  }

  /** Each fixture with the summary of its picks when its deadline has passed (from the cache), none for the rest. */
  async function summariesOf(fixtures: readonly ShareFixture[], leagueId: string | null, now: Date) {
    const shown = fixtures.filter((f) => picksShown(f, now));
    const summaries = await cache.get(leagueId, shown, now, (ids) => readSummaries(db(), ids, leagueId));
    return fixtures.map((fixture) => ({ fixture, summary: summaries.get(fixture.id) }));
  }

  app.get(
    '/api/pick-shares',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['pick-shares'],
        summary:
          "How the players picked each match of a gameweek (unless ?season=, the current season's): home / draw / away shares and the most picked scores, of every player or (?league=) of one league's members; only for matches whose prediction deadline has passed, nothing before it",
        querystring: gameweekPickSharesQuery,
        response: { 200: gameweekPickSharesReply, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const now = app.deps.clock.now();
      const league = await scopeOf(req.query.league, req.user.id);
      const season = await resolveSeason(app.deps.seasons, now, req.query.season);
      // The season's kept fixture list (seasons/kept-fixtures.ts), in the board's order.
      const fixtures = await gameweekFixtureRows(app, season.id, req.query.gameweek);
      const shares = await summariesOf(fixtures, league?.id ?? null, now);
      return {
        now: now.toISOString(),
        season: season.id,
        gameweek: req.query.gameweek,
        league,
        fixtures: shares.map((s) => presentShares(s.fixture, s.summary)),
      };
    },
  );

  app.get(
    '/api/pick-shares/:fixtureId',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['pick-shares'],
        summary:
          'How the players picked one match, of every player or (?league=) of one league; only once its prediction deadline has passed',
        params: z.object({ fixtureId: idParam() }),
        querystring: pickScopeQuery,
        response: { 200: fixturePickSharesReply, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const now = app.deps.clock.now();
      const league = await scopeOf(req.query.league, req.user.id);
      const fixture = await shareFixture(db(), req.params.fixtureId);
      if (!fixture) throw notFound(NO_SUCH_MATCH);
      const [shares] = await summariesOf([fixture], league?.id ?? null, now);
      return { now: now.toISOString(), league, shares: presentShares(fixture, shares!.summary) };
    },
  );
}
