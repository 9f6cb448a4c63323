import type { FastifyInstance } from 'fastify';
import { computeStatistics, type PlayerStatistics } from '../../../game/statistics.js';
import { rankHistoryFromIndex, subsetIndex, type RankHistory } from '../../../game/rank-history.js';
import { notFound } from '../../errors.js';
import { resolveSeason } from '../../seasons/service.js';
import { leagueMemberIds, leaguesOf, scoresAsStandard } from './repository.js';
import { ownPredictionRecords } from './own-records.js';
import { leagueRuleTotals } from './service.js';
import { seasonTotals } from '../../points/season-totals.js';
import { tag } from '../../read-model/index.js';

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
 * zone, overall or in one of their leagues (anything else is not found), from what the read model
 * keeps: the figures and the overall rank history until a pick, a result or the fixtures move.
 */
export async function statisticsParts(
  app: FastifyInstance,
  userId: string,
  query: { season?: string; tz: string; league?: string },
): Promise<StatisticsParts> {
  const { tz, league } = query;
  const { db } = app.deps;
  const kept = app.deps.readModel;
  const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), query.season, 'standings');
  // Kept until the player's predictions, a result or the season's fixtures change (read-model/changes.ts).
  const mine = [tag.userPicks(userId), tag.seasonFixtures(season.id)];
  const snapshotOf = () => seasonTotals(app, season.id);
  const [stats, leagues, snapshot] = await Promise.all([
    kept.get(`stats:${userId}:${season.id}:${tz}`, mine, async () =>
      computeStatistics(await ownPredictionRecords(app, userId, season.id), tz),
    ),
    kept.get(`leagues:${userId}`, [tag.userLeagues(userId)], () => leaguesOf(db, userId)),
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
    : await kept.get(`rank:${userId}:${season.id}`, [...mine, tag.seasonPoints(season.id)], async () => {
        const fresh = await snapshotOf();
        return rankHistoryFromIndex(fresh.index, fresh.gameweeks, userId);
      });
  return { stats, rank, scope, leagues, seasonId: season.id };
}
