import { rankInNameOrder } from '../../../game/ranking.js';
import {
  gameweekExact,
  gameweekPoints,
  SEASON_TOTAL,
  type Scoring,
  type SeasonCounts,
} from '../statistics/season-counts.js';
import type { RosterRow, TableRow } from './repository.js';

/**
 * A league's table of one season (gameweek 0, bonus points included) or of one of its gameweeks
 * (no bonus points: questions belong to the season), worked out in memory from the members in
 * name order (`leagueRoster`) and the season's kept tier counts under the league's scoring: the
 * rows `leagueStandings` reads in SQL, without reading every member's points again after each
 * result (that read blocked SQLite for 45–83 ms per league of 10,000 after every final result).
 * A member without a row in the counts has scored nothing yet.
 */
export function standingsFrom(
  roster: readonly RosterRow[],
  counts: SeasonCounts,
  gameweek: number,
  scoring: Scoring,
): TableRow[] {
  const pointsOf = gameweekPoints(counts, gameweek, scoring);
  const exactOf = gameweekExact(counts, gameweek);
  const withBonus = gameweek === SEASON_TOTAL;
  return rankInNameOrder(
    roster.map((m) => {
      const bonus = withBonus ? m.bonus : 0;
      return {
        userId: m.userId,
        displayName: m.displayName,
        points: (pointsOf(m.userId) ?? 0) + bonus,
        exact: exactOf(m.userId) ?? 0,
        bonus,
      };
    }),
  );
}
