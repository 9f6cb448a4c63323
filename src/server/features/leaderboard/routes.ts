import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDto } from '../../../contract/common.js';
import { leaderboardPageDto, leaderboardQuery, type LeaderboardRow } from '../../../contract/leaderboard.js';
import { rankPage } from '../../../game/ranking-page.js';
import { resolveSeason } from '../../seasons/service.js';
import { leaderboardCounts, leaderboardPage, leaderboardStanding, type LeaderboardEntry } from './repository.js';

/** The overall leaderboard of every player: a season's total or one gameweek, a bounded page at a time. */
export async function leaderboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/leaderboard',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary:
          "Every player ranked by a season's points (or one gameweek's): a page (50 rows unless ?pageSize=, at most 100), or ?around=me for the page with the viewer's row",
        querystring: leaderboardQuery,
        response: { 200: leaderboardPageDto, 400: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const { user } = req;
      const season = await resolveSeason(app.deps.seasons, clock.now(), req.query.season, 'standings');
      const scope = { seasonId: season.id, gameweek: req.query.gameweek ?? 0 };
      const me = await leaderboardStanding(db, scope, user.id);
      const { pageSize } = req.query;
      const page = req.query.around === 'me' ? (me ? Math.ceil(me.position / pageSize) : 1) : (req.query.page ?? 1);
      const offset = (page - 1) * pageSize;
      const entries = await leaderboardPage(db, scope, offset, pageSize);
      const { total, above } = await leaderboardCounts(db, scope, entries[0]?.points ?? null);
      const present = (r: LeaderboardEntry & { rank: number; position: number }): LeaderboardRow => ({
        userId: r.userId,
        rank: r.rank,
        position: r.position,
        displayName: r.displayName,
        points: r.points,
        exactScores: r.exact,
        isViewer: r.userId === user.id,
      });
      return {
        season: season.id,
        gameweek: req.query.gameweek ?? null,
        page,
        pageSize,
        total,
        rows: rankPage(entries, offset, above).map(present),
        viewer: me ? present(me) : null,
      };
    },
  );
}
