import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, gameweekNumber } from '../../../contract/common.js';
import { seasonQuery } from '../../../contract/seasons.js';
import { gameweekSummaryDto, latestGameweekDto } from '../../../contract/summary.js';
import { positionChange } from '../../../game/ranking.js';
import { notFound } from '../../errors.js';
import { loadGameweekMatches } from '../predictions/board.js';
import { gameweeksWithResults } from '../results/repository.js';
import { resolveSeason } from '../../seasons/service.js';
import { leagueRanksAfter } from './league-ranks.js';
import { gameweekRank, latestResultGameweek } from './repository.js';

/**
 * The player's gameweek summary: their own picks beside the results, their points, and
 * their rank in each league with the move since the gameweek before. It reads only the caller's
 * own predictions, so it reveals nothing of anyone else's, before or after a deadline.
 */
export async function summaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/gameweeks/latest',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['predictions'],
        summary:
          'The gameweek of the season’s most recent result (where the Results tab and the dashboard’s summary open)',
        querystring: seasonQuery,
        response: { 200: latestGameweekDto, 404: errorDto },
      },
    },
    async (req) => {
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season, 'standings');
      return { season: season.id, gameweek: await latestResultGameweek(app.deps.db, season.id) };
    },
  );

  app.get(
    '/api/me/gameweeks/:gameweek/summary',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['predictions'],
        summary:
          "The viewer's gameweek summary: picks beside results with points, the gameweek total, rank in each league and its change",
        params: z.object({ gameweek: gameweekNumber }),
        querystring: seasonQuery,
        response: { 200: gameweekSummaryDto, 404: errorDto },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const { user } = req;
      const now = clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season, 'standings');
      const { gameweek } = req.params;
      const board = {
        now: now.toISOString(),
        matches: await loadGameweekMatches(app, user.id, season.id, gameweek, now),
      };
      if (board.matches.length === 0) throw notFound(`Gameweek ${gameweek} has no matches this season.`);
      const scored = await gameweeksWithResults(db, season.id);
      const hasEarlier = scored.some((g) => g < gameweek);
      const [leagues, overall] = await Promise.all([
        leagueRanksAfter(app, user.id, season.id, gameweek),
        gameweekRank(db, user.id, season.id, gameweek),
      ]);
      const picks = board.matches.map((m) => m.prediction).filter((p) => p !== null);
      const scoredPicks = picks.filter((p) => p.outcome !== null);
      return {
        now: board.now,
        season: season.id,
        gameweek,
        scoredGameweeks: scored,
        matches: board.matches,
        totals: {
          points: scoredPicks.reduce((sum, p) => sum + (p.points ?? 0), 0),
          exact: scoredPicks.filter((p) => p.outcome === 'exact').length,
          scored: scoredPicks.length,
          predicted: picks.length,
          results: board.matches.filter((m) => m.fixture.result?.final).length,
        },
        overall,
        leagues: leagues.map((l) => ({
          leagueId: l.leagueId,
          name: l.name,
          position: l.position,
          previousPosition: hasEarlier ? l.previousPosition : null,
          change: hasEarlier ? positionChange(l.previousPosition, l.position) : 'same',
          memberCount: l.memberCount,
          points: l.points,
        })),
      };
    },
  );
}
