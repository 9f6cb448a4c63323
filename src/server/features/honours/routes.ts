import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, idParam } from '../../../contract/common.js';
import { seasonQuery } from '../../../contract/seasons.js';
import {
  leagueArchiveDto,
  leagueHonoursDto,
  LEAGUE_NOT_IN_SEASON,
  outlookDto,
  overallOutlookDto,
  trophyCabinetDto,
  type Trophy,
} from '../../../contract/honours.js';
import { forbidden, notFound } from '../../errors.js';
import { resolveSeason } from '../../seasons/service.js';
import { getLeague, isMember, listMyLeagues, type LeagueRow } from '../leagues/index.js';
import { existedIn, honoursOf, LEAGUE_GONE, NOT_A_MEMBER, outlookOf, overallOutlookOf } from './service.js';

const idParams = z.object({ id: idParam(100) });
/** Rows of each past season's final table in the archive (the whole table is the league page's). */
const ARCHIVE_TABLE_ROWS = 20;

/**
 * What can still happen in a league, its honours, its season archive and a player's trophy
 * cabinet (docs/decisions/0109-honours-and-what-can-still-happen.md). Members only; nothing here
 * reads a pick before its deadline.
 */
export async function honoursRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The league, to a member only (its existence in a season is not told to others either). */
  async function memberLeague(id: string, userId: string): Promise<LeagueRow> {
    const league = await getLeague(app.deps.db, id);
    if (!league) throw notFound(LEAGUE_GONE);
    if (!(await isMember(app.deps.db, id, userId))) throw forbidden(NOT_A_MEMBER);
    return league;
  }

  /**
   * The league and the season asked for; without one, the season `lead` shows (decision 0043), or
   * the current one when the league did not exist yet in the season just finished.
   */
  async function leagueIn(id: string, userId: string, requested: string | undefined, lead: 'standings' | 'board') {
    const league = await memberLeague(id, userId);
    const now = app.deps.clock.now();
    const spans = await app.deps.seasons.spans();
    let season = await resolveSeason(app.deps.seasons, now, requested, lead);
    if (
      requested === undefined &&
      !existedIn(
        league,
        spans.find((s) => s.id === season.id),
      )
    )
      season = await resolveSeason(app.deps.seasons, now, undefined, 'board');
    return {
      league,
      season,
      existed: existedIn(
        league,
        spans.find((s) => s.id === season.id),
      ),
    };
  }

  app.get(
    '/api/leagues/:id/outlook',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary:
          'What can still happen in a league’s season: points still available to each member, who can still finish first, who can no longer be caught, and the table if the scores in play stay (members only)',
        params: idParams,
        querystring: seasonQuery,
        response: { 200: outlookDto, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { league, season, existed } = await leagueIn(req.params.id, req.user.id, req.query.season, 'board');
      if (!existed) throw notFound(LEAGUE_NOT_IN_SEASON);
      return outlookOf(app, league, season, req.user.id);
    },
  );

  app.get(
    '/api/leaderboard/outlook',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leaderboard'],
        summary:
          'What can still happen on the overall leaderboard for the viewer: their points still available and whether they can still finish first',
        querystring: seasonQuery,
        response: { 200: overallOutlookDto, 404: errorDto },
      },
    },
    async (req) => {
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season, 'board');
      return overallOutlookOf(app, season, req.user.id);
    },
  );

  app.get(
    '/api/leagues/:id/honours',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary:
          'A league’s honours of a season: each gameweek’s and month’s winners, the champions and runners-up once it is finished (members only)',
        params: idParams,
        querystring: seasonQuery,
        response: { 200: leagueHonoursDto, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { league, season, existed } = await leagueIn(req.params.id, req.user.id, req.query.season, 'standings');
      if (!existed) throw notFound(LEAGUE_NOT_IN_SEASON);
      const { honours } = await honoursOf(app, league.id, season, req.user.id);
      return { leagueId: league.id, honours };
    },
  );

  app.get(
    '/api/leagues/:id/archive',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary:
          'A league’s finished seasons (only those in which it existed), newest first, each with its final table and honours (members only)',
        params: idParams,
        response: { 200: leagueArchiveDto, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const league = await memberLeague(req.params.id, req.user.id);
      const seasons = [];
      for (const { ref } of await pastSeasonsOf(league)) {
        const { honours, table } = await honoursOf(app, league.id, ref, req.user.id);
        seasons.push({
          honours,
          table: table.rows
            .slice(0, ARCHIVE_TABLE_ROWS)
            .map((r) => ({ userId: r.userId, name: r.displayName, rank: r.rank, points: r.points })),
        });
      }
      return { leagueId: league.id, seasons };
    },
  );

  /** The finished seasons a league existed in, newest first. */
  async function pastSeasonsOf(league: LeagueRow) {
    const now = app.deps.clock.now();
    const spans = await app.deps.seasons.spans();
    const out = [];
    for (const span of [...spans].reverse()) {
      if (!existedIn(league, span)) continue;
      const ref = await resolveSeason(app.deps.seasons, now, span.id);
      if (ref.phase === 'finished') out.push({ ref, span });
    }
    return out.sort((a, b) => ((a.span.lastKickoff ?? '') < (b.span.lastKickoff ?? '') ? 1 : -1));
  }

  app.get(
    '/api/me/trophies',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'The viewer’s trophy cabinet: every gameweek, month and season they won or shared in their leagues, and their runners-up places',
        response: { 200: trophyCabinetDto },
      },
    },
    async (req) => {
      const userId = req.user.id;
      const trophies: Trophy[] = [];
      const now = app.deps.clock.now();
      for (const league of await listMyLeagues(app.deps.db, userId)) {
        for (const span of await app.deps.seasons.spans()) {
          if (!existedIn(league, span)) continue;
          const ref = await resolveSeason(app.deps.seasons, now, span.id);
          if (ref.phase === 'upcoming') continue;
          const { honours } = await honoursOf(app, league.id, ref, userId);
          const base = { leagueId: league.id, leagueName: league.name, season: ref.id, seasonLabel: ref.label };
          const mine = (w: { winners: Array<{ userId: string }> } | null) =>
            w !== null && w.winners.some((x) => x.userId === userId);
          if (mine(honours.champions))
            trophies.push({
              ...base,
              kind: 'champion',
              gameweek: null,
              month: null,
              points: honours.champions!.points,
              shared: honours.champions!.winners.length > 1,
            });
          if (mine(honours.runnersUp))
            trophies.push({
              ...base,
              kind: 'runner-up',
              gameweek: null,
              month: null,
              points: honours.runnersUp!.points,
              shared: honours.runnersUp!.winners.length > 1,
            });
          for (const m of honours.months)
            if (mine(m))
              trophies.push({
                ...base,
                kind: 'month',
                gameweek: null,
                month: m.month,
                points: m.points,
                shared: m.winners.length > 1,
              });
          for (const g of honours.gameweeks)
            if (mine(g))
              trophies.push({
                ...base,
                kind: 'gameweek',
                gameweek: g.gameweek,
                month: null,
                points: g.points,
                shared: g.winners.length > 1,
              });
        }
      }
      return { trophies };
    },
  );
}
