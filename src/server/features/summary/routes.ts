import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, gameweekNumber } from '../../../contract/common.js';
import { seasonQuery } from '../../../contract/seasons.js';
import { gameweekSummaryDto, latestGameweekDto } from '../../../contract/summary.js';
import { positionChange } from '../../../game/ranking.js';
import { notFound } from '../../errors.js';
import { loadGameweekMatches } from '../predictions/board.js';
import { playerCache, pointsScope } from '../statistics/player-cache.js';
import { seasonTotals } from '../statistics/service.js';
import { gameweekRankIn } from '../../../game/rank-history.js';
import { resolveSeason } from '../../seasons/service.js';
import { leagueRanksAfter } from './league-ranks.js';
import { latestResultGameweek } from './repository.js';

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
      // Kept with the season's figures: dropped by results and fixture changes, and by results written without an event.
      const figures = playerCache(app);
      const check = figures.checkResults();
      if (check) await check;
      const gameweek = await figures.get(
        `latest-result-gameweek:${season.id}`,
        { seasonId: pointsScope(season.id), userId: null },
        () => latestResultGameweek(app.deps.db, season.id),
      );
      return { season: season.id, gameweek };
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
      const { clock } = app.deps;
      const { user } = req;
      const now = clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season, 'standings');
      const { gameweek } = req.params;
      const board = {
        now: now.toISOString(),
        matches: await loadGameweekMatches(app, user.id, season.id, gameweek, now),
      };
      if (board.matches.length === 0) throw notFound(`Gameweek ${gameweek} has no matches this season.`);
      // Everyone's points per gameweek, kept until a result (the overall rank is a binary search in it).
      const [totals, leagues] = await Promise.all([
        seasonTotals(app, season.id),
        leagueRanksAfter(app, user.id, season.id, gameweek),
      ]);
      const scored = totals.gameweeks;
      const hasEarlier = scored.some((g) => g < gameweek);
      const overall = gameweekRankIn(totals.index, gameweek, user.id);
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
