import type { DB } from '../../db/index.js';

/**
 * The reads of "what can still happen" that no other feature makes: where each member's banker
 * sits on a match already played (so it doubles nothing more). Only matches past their deadline
 * are read, whose picks the league may already see.
 */
export async function bankersOnPlayedMatches(
  db: DB,
  leagueId: string,
  seasonId: string,
): Promise<Array<{ userId: string; gameweek: number }>> {
  const rows = await db
    .selectFrom('leagueMembers as m')
    .innerJoin('predictions as p', 'p.userId', 'm.userId')
    .innerJoin('fixtures as f', 'f.id', 'p.fixtureId')
    .innerJoin('results as r', 'r.fixtureId', 'f.id')
    .where('m.leagueId', '=', leagueId)
    .where('f.seasonId', '=', seasonId)
    .where('p.banker', '=', 1)
    .where('r.final', '=', 1)
    .where('f.gameweek', 'is not', null)
    .select(['p.userId', 'f.gameweek'])
    .distinct()
    .execute();
  return rows.map((r) => ({ userId: r.userId, gameweek: Number(r.gameweek) }));
}

/** One player's picks (and whether each is their banker) on matches past their deadline. */
export function ownPicksOn(
  db: DB,
  userId: string,
  fixtureIds: readonly string[],
): Promise<Array<{ fixtureId: string; banker: number }>> {
  if (fixtureIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('predictions')
    .where('userId', '=', userId)
    .where('fixtureId', 'in', fixtureIds)
    .select(['fixtureId', 'banker'])
    .execute();
}

/** The gameweeks whose banker a player has on a match already played. */
export async function ownBankersOnPlayedMatches(db: DB, userId: string, seasonId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('predictions as p')
    .innerJoin('fixtures as f', 'f.id', 'p.fixtureId')
    .innerJoin('results as r', 'r.fixtureId', 'f.id')
    .where('p.userId', '=', userId)
    .where('f.seasonId', '=', seasonId)
    .where('p.banker', '=', 1)
    .where('r.final', '=', 1)
    .where('f.gameweek', 'is not', null)
    .select('f.gameweek')
    .distinct()
    .execute();
  return rows.map((r) => Number(r.gameweek));
}
