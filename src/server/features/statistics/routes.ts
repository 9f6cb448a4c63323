import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { computeStatistics, isValidTimeZone } from '../../../game/statistics.js';
import { rankHistoryFromIndex, subsetIndex } from '../../../game/rank-history.js';
import { badRequest, notFound } from '../../errors.js';
import { leagueMemberIds, leaguesOf, scoresAsStandard } from './repository.js';
import { ownPredictionRecords } from './own-records.js';
import { leagueRuleTotals, seasonTotals } from './service.js';
import { LEAGUE_LISTS, playerCache } from './player-cache.js';
import { presentStatistics } from './presenter.js';
import { statisticsReply } from '../../../contract/statistics.js';
import { errorDto } from '../../../contract/common.js';
import { seasonId } from '../../../contract/seasons.js';
import { resolveSeason } from '../../seasons/service.js';

export const timeZoneQuery = z.string().max(64).default('Europe/London');

/**
 * Zones already found valid: building a formatter per request cost more than the cached answer.
 * Capped, since the names are case-insensitive and a client could send endless spellings.
 */
const validZones = new Set<string>();
const VALID_ZONES_MAX = 1000;
const knownZone = (tz: string) => {
  if (validZones.has(tz)) return true;
  if (!isValidTimeZone(tz)) return false;
  if (validZones.size < VALID_ZONES_MAX) validZones.add(tz);
  return true;
};

export async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = playerCache(app);

  app.get(
    '/api/me/statistics',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['statistics'],
        summary:
          "The signed-in player's own statistics and rank history in a season (unless ?season=, the current one, or between seasons the one just played), overall or in one of their leagues",
        querystring: z.object({
          season: seasonId.optional(),
          tz: timeZoneQuery.describe('The viewer’s IANA time zone, for weekday performance'),
          league: z
            .string()
            .max(100)
            .optional()
            .describe('A league the player belongs to; overall among all players when absent'),
        }),
        response: { 200: statisticsReply, 400: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { tz, league } = req.query;
      if (!knownZone(tz)) throw badRequest('Unknown time zone.', 'validation_error');
      const { db } = app.deps;
      // Both settle before anything cached is read (Promise.all: a failed read is never left unhandled).
      const [season] = await Promise.all([
        resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season, 'standings'),
        cache.checkResults(),
      ]);
      // Kept until the player's predictions, a result or the season's fixtures change (player-cache.ts).
      const mine = { seasonId: season.id, userId: user.id };
      const snapshotOf = () => seasonTotals(app, season.id);
      const [stats, leagues, snapshot] = await Promise.all([
        cache.get(`stats:${user.id}:${season.id}:${tz}`, mine, async () =>
          computeStatistics(await ownPredictionRecords(app, user.id, season.id), tz),
        ),
        cache.get(`leagues:${user.id}`, { seasonId: LEAGUE_LISTS, userId: user.id }, () => leaguesOf(db, user.id)),
        snapshotOf(),
      ]);

      let scope: { leagueId: string | null; name: string } = { leagueId: null, name: 'Overall' };
      let index = snapshot.index;
      if (league) {
        // Only the player's own leagues: anything else reads as not found, whether it exists or not.
        const member = leagues.find((l) => l.id === league);
        if (!member) throw notFound('League not found.');
        // A league with its own rule ranks its members by their points under it (statistics/service.ts).
        index = (await scoresAsStandard(db, league))
          ? subsetIndex(index, await leagueMemberIds(db, league))
          : await leagueRuleTotals(app, season.id, league);
        scope = { leagueId: member.id, name: member.name };
      }
      // The overall rank history is read inside its own computation, so a result arriving meanwhile leaves nothing stale kept.
      const rank = league
        ? rankHistoryFromIndex(index, snapshot.gameweeks, user.id)
        : await cache.get(`rank:${user.id}:${season.id}`, mine, async () => {
            const fresh = await snapshotOf();
            return rankHistoryFromIndex(fresh.index, fresh.gameweeks, user.id);
          });
      return { statistics: presentStatistics(stats, rank, scope, leagues, tz, season.id) };
    },
  );
}
