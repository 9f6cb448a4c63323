import type { PlayerStatistics } from '../../../game/statistics.js';
import type { RankHistory } from '../../../game/rank-history.js';
import type { Statistics } from '../../../contract/statistics.js';
import { freezeKept } from '../../plugins/frozen-values.js';

/**
 * contract/statistics.ts `statisticsDto`: the computed numbers, the achievements, the rank history
 * and its scope. The figures, the rank history and the leagues are kept by the read model and
 * shown as they are: frozen here, so the response serializer writes their parts' text once for as
 * long as they are kept (decision 0114).
 */
export function presentStatistics(
  stats: PlayerStatistics,
  rank: RankHistory,
  scope: { leagueId: string | null; name: string },
  leagues: Array<{ id: string; name: string }>,
  timeZone: string,
  seasonId: string,
): Statistics {
  freezeKept(stats);
  freezeKept(rank);
  freezeKept(leagues);
  return {
    ...stats,
    gameweeksAtTop: rank.gameweeksAtTop,
    totalGameweeksParticipated: rank.totalGameweeksParticipated,
    topPositionRate: rank.topPositionRate,
    rankHistory: rank.history,
    rankScope: scope,
    leagues,
    timeZone,
    season: seasonId,
  };
}
