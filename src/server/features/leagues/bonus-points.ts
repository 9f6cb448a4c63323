import { sql, type RawBuilder } from 'kysely';
import type { TableScope } from './repository.js';

/**
 * Bonus points as league tables add them (decision record 0062): a member's bonus points in a
 * league and season are one row of `leagueBonusPoints`, recounted by every settlement, so a
 * table reads one row per member, as it does `userPoints`. A gameweek's table has no bonus
 * points (questions belong to the season); the all-seasons table adds up every season's.
 */

/**
 * For the league table's query (leagues/repository.ts `leagueStandings`): a join aliased `b`,
 * matched on the members' alias `m`, and the bonus as a value (0 without one).
 */
export function bonusTableSql(
  leagueId: string,
  scope: TableScope,
): { join: RawBuilder<unknown>; value: RawBuilder<number> } {
  if (scope !== 'all' && scope.gameweek !== 0) return { join: sql``, value: sql<number>`0` };
  const rows =
    scope === 'all'
      ? sql`SELECT bp."userId", SUM(bp."points") AS "bonus" FROM "leagueBonusPoints" bp WHERE bp."leagueId" = ${leagueId} GROUP BY bp."userId"`
      : sql`SELECT bp."userId", bp."points" AS "bonus" FROM "leagueBonusPoints" bp WHERE bp."leagueId" = ${leagueId} AND bp."seasonId" = ${scope.seasonId}`;
  return { join: sql`LEFT JOIN (${rows}) b ON b."userId" = m."userId"`, value: sql<number>`COALESCE(b."bonus", 0)` };
}
