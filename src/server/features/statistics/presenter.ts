import type { PlayerStatistics } from '../../../game/statistics.js';
import type { RankHistory } from '../../../game/rank-history.js';
import type { Statistics } from '../../../contract/statistics.js';
import { freezeKept } from '../../plugins/frozen-values.js';

/** Per kept rank history (frozen): the statistics last presented with it, and what they were presented from. */
const presented = new WeakMap<RankHistory, { from: readonly unknown[]; statistics: Statistics }>();

/**
 * contract/statistics.ts `statisticsDto`: the computed numbers, the achievements, the rank history
 * and its scope. The figures, the overall rank history and the leagues are kept by the read model
 * until a pick, a result or a league list moves: presented once per set of them, and frozen with
 * them, so the response serializer writes their text once (decision 0114).
 */
export function presentStatistics(
  stats: PlayerStatistics,
  rank: RankHistory,
  scope: { leagueId: string | null; name: string },
  leagues: Array<{ id: string; name: string }>,
  timeZone: string,
  seasonId: string,
): Statistics {
  const from = [stats, leagues, scope.leagueId, scope.name, timeZone, seasonId];
  const kept = presented.get(rank);
  if (kept && kept.from.every((v, i) => v === from[i])) return kept.statistics;
  const statistics = freezeKept({
    ...freezeKept(stats),
    gameweeksAtTop: rank.gameweeksAtTop,
    totalGameweeksParticipated: rank.totalGameweeksParticipated,
    topPositionRate: rank.topPositionRate,
    rankHistory: rank.history,
    rankScope: scope,
    leagues,
    timeZone,
    season: seasonId,
  });
  presented.set(freezeKept(rank), { from, statistics });
  return statistics;
}
