import type { PlayerStatistics } from '../../../game/statistics.js';
import type { RankHistory } from '../../../game/rank-history.js';
import type { Statistics } from '../../../contract/statistics.js';

/** contract/statistics.ts `statisticsDto`: the computed numbers, the achievements, the rank history and its scope. */
export function presentStatistics(
  stats: PlayerStatistics,
  rank: RankHistory,
  scope: { leagueId: string | null; name: string },
  leagues: Array<{ id: string; name: string }>,
  timeZone: string,
  seasonId: string,
): Statistics {
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
