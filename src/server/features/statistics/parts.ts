import type { FastifyInstance } from 'fastify';
import { computeStatistics, type PlayerStatistics } from '../../../game/statistics.js';
import { rankHistoryFromIndex, subsetIndex, type RankHistory } from '../../../game/rank-history.js';
import { notFound } from '../../errors.js';
import { resolveSeason } from '../../seasons/service.js';
import { leagueMemberIds, leaguesOf, scoresAsStandard } from './repository.js';
import { ownPredictionRecords } from './own-records.js';
import { leagueRuleTotals, seasonTotals } from './service.js';
import { LEAGUE_LISTS, playerCache } from './player-cache.js';

/** What the Statistics screen shows (its presenter's arguments): the player's figures, rank history and leagues. */
export interface StatisticsParts {
  stats: PlayerStatistics;
  rank: RankHistory;
  scope: { leagueId: string | null; name: string };
  leagues: Array<{ id: string; name: string }>;
  seasonId: string;
}

/**
 * A player's statistics in a season (`query.season`, else the one standings show) in a known time
 * zone, overall or in one of their leagues (anything else is not found), from what the player
 * cache keeps: the figures and the overall rank history until a pick, a result or the fixtures move.
 */
export async function statisticsParts(
  app: FastifyInstance,
  userId: string,
  query: { season?: string; tz: string; league?: string },
): Promise<StatisticsParts> {
  const { tz, league } = query;
  const { db } = app.deps;
  const cache = playerCache(app);
  // Both settle before anything cached is read (Promise.all: a failed read is never left unhandled).
  const [season] = await Promise.all([
    resolveSeason(app.deps.seasons, app.deps.clock.now(), query.season, 'standings'),
    cache.checkResults(),
  ]);
  // Kept until the player's predictions, a result or the season's fixtures change (player-cache.ts).
  const mine = { seasonId: season.id, userId };
  const snapshotOf = () => seasonTotals(app, season.id);
  const [stats, leagues, snapshot] = await Promise.all([
    cache.get(`stats:${userId}:${season.id}:${tz}`, mine, async () =>
      computeStatistics(await ownPredictionRecords(app, userId, season.id), tz),
    ),
    cache.get(`leagues:${userId}`, { seasonId: LEAGUE_LISTS, userId }, () => leaguesOf(db, userId)),
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
    ? rankHistoryFromIndex(index, snapshot.gameweeks, userId)
    : await cache.get(`rank:${userId}:${season.id}`, mine, async () => {
        const fresh = await snapshotOf();
        return rankHistoryFromIndex(fresh.index, fresh.gameweeks, userId);
      });
  return { stats, rank, scope, leagues, seasonId: season.id };
}
