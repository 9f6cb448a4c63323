import type { DB } from '../../db/index.js';

/**
 * Stores a provisional (in-play) score. It never overwrites a final result: if one was saved in
 * the meantime, nothing changes and false is returned.
 */
export async function saveProvisionalScore(
  db: DB,
  fixtureId: string,
  s: { homeScore: number; awayScore: number },
  nowIso: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('results')
    .values({ fixtureId, homeScore: s.homeScore, awayScore: s.awayScore, final: 0, updatedAt: nowIso })
    .onConflict((oc) =>
      oc
        .column('fixtureId')
        .doUpdateSet({ homeScore: s.homeScore, awayScore: s.awayScore, updatedAt: nowIso })
        .where('results.final', '=', 0),
    )
    .returning('fixtureId')
    .execute();
  return rows.length > 0;
}

/** A player's pick on a match, as its provisional points need it. */
export interface PickOnMatch {
  userId: string;
  homeScore: number;
  awayScore: number;
  banker: number;
}

/** Every player's pick on one match (read once it is in play: its deadline has passed, so they no longer change). */
export function picksOnFixture(db: DB, fixtureId: string): Promise<PickOnMatch[]> {
  return db
    .selectFrom('predictions')
    .select(['userId', 'homeScore', 'awayScore', 'banker'])
    .where('fixtureId', '=', fixtureId)
    .execute();
}
