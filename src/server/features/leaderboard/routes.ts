import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDto } from '../../../contract/common.js';
import { leaderboardPageDto, leaderboardQuery, type LeaderboardRow } from '../../../contract/leaderboard.js';
import type { Ranked } from '../../../game/ranking.js';
import { resolveSeason } from '../../seasons/service.js';
import { keptBoard } from './kept-board.js';
import type { LeaderboardEntry } from './repository.js';

/**
 * The overall leaderboard of every player: a season's total or one gameweek, a bounded page at a
 * time, cut from the board ranked once by the league tables' rule (kept-board.ts).
 */
export async function leaderboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const boards = keptBoard(app);

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
      const { clock } = app.deps;
      const { user } = req;
      const season = await resolveSeason(app.deps.seasons, clock.now(), req.query.season, 'standings');
      const board = await boards.get({ seasonId: season.id, gameweek: req.query.gameweek ?? 0 });
      const at = board.indexOf.get(user.id);
      const me = at === undefined ? undefined : board.rows[at]!;
      const { pageSize } = req.query;
      const page = req.query.around === 'me' ? (me ? Math.ceil(me.position / pageSize) : 1) : (req.query.page ?? 1);
      const offset = (page - 1) * pageSize;
      const present = (r: Ranked<LeaderboardEntry>): LeaderboardRow => ({
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
        total: board.rows.length,
        rows: board.rows.slice(offset, offset + pageSize).map(present),
        viewer: me ? present(me) : null,
      };
    },
  );
}
