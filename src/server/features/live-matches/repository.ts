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
