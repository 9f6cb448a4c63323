import type { DB } from '../../db/index.js';

/** The latest gameweek of a season with a match already kicked off (the gameweek just played), or null. */
export async function latestKickedOffGameweek(db: DB, seasonId: string, nowIso: string): Promise<number | null> {
  const row = await db
    .selectFrom('fixtures')
    .select((eb) => eb.fn.max('gameweek').as('gameweek'))
    .where('seasonId', '=', seasonId)
    .where('postponed', '=', 0)
    .where('kickoffAt', 'is not', null)
    .where('kickoffAt', '<=', nowIso)
    .executeTakeFirst();
  return row?.gameweek == null ? null : Number(row.gameweek);
}
