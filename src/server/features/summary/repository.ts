import type { DB } from '../../db/index.js';

export interface LeagueRankRow {
  leagueId: string;
  name: string;
  memberCount: number;
  /** The viewer's points in the league's season table as it stood after the gameweek (its rule, bonus points included). */
  points: number;
  position: number;
  previousPosition: number;
}

/**
 * The gameweek a player last saw results in: that of the most recent kick-off with a final result
 * (not the highest gameweek with one: a match brought forward from a later round would win that).
 */
export async function latestResultGameweek(db: DB, seasonId: string): Promise<number | null> {
  const row = await db
    .selectFrom('fixtures')
    .innerJoin('results', 'results.fixtureId', 'fixtures.id')
    .select('fixtures.gameweek')
    .where('fixtures.seasonId', '=', seasonId)
    .where('results.final', '=', 1)
    .where('fixtures.gameweek', 'is not', null)
    .where('fixtures.kickoffAt', 'is not', null)
    .orderBy('fixtures.kickoffAt', 'desc')
    .orderBy('fixtures.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.gameweek ?? null;
}
