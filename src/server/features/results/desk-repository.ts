import type { DB } from '../../db/index.js';

/**
 * The gameweek just played: that of the match of the season that kicked off most recently, or
 * null before the first kick-off. (Not the highest gameweek with a kick-off: a match brought
 * forward from a later round, like 2025/26's Matchday 31 game in February, would win that.)
 */
export async function latestKickedOffGameweek(db: DB, seasonId: string, nowIso: string): Promise<number | null> {
  const row = await db
    .selectFrom('fixtures')
    .select('gameweek')
    .where('seasonId', '=', seasonId)
    .where('postponed', '=', 0)
    .where('gameweek', 'is not', null)
    .where('kickoffAt', 'is not', null)
    .where('kickoffAt', '<=', nowIso)
    .orderBy('kickoffAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.gameweek ?? null;
}
