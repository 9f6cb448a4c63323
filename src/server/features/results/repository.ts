import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ResultSource } from '../../db/schema.js';
import { POINTS, matchSign, type PredictionOutcome } from '../../../game/scoring.js';
import { withPointsDelta } from './points-bulk.js';

/** Saves (or overwrites) a fixture's FINAL result, saying who wrote it (the admin's always wins over a feed's: see the feed service). */
export async function saveFinalResult(db: DB, fixtureId: string, r: { homeScore: number; awayScore: number }, nowIso: string, source: ResultSource): Promise<void> {
  await db
    .insertInto('results')
    .values({ fixtureId, homeScore: r.homeScore, awayScore: r.awayScore, final: 1, source, updatedAt: nowIso })
    .onConflict((oc) => oc.column('fixtureId').doUpdateSet({ homeScore: r.homeScore, awayScore: r.awayScore, final: 1, source, updatedAt: nowIso }))
    .execute();
}

/**
 * Scores every prediction on a fixture in one set-based UPDATE (the rule of src/game/scoring.ts
 * written as SQL). It sets points and outcome outright, so a corrected result replaces, never adds.
 * Returns how many predictions were scored.
 */
export async function rescorePredictions(db: DB, fixtureId: string, r: { homeScore: number; awayScore: number }): Promise<number> {
  const sign = sql`(CASE WHEN "homeScore" > "awayScore" THEN 1 WHEN "homeScore" < "awayScore" THEN -1 ELSE 0 END)`;
  const exact = sql`("homeScore" = ${sql.lit(r.homeScore)} AND "awayScore" = ${sql.lit(r.awayScore)})`;
  const resultSign = sql.lit(matchSign(r));
  const points = sql<number>`(CASE WHEN ${exact} THEN ${sql.lit(POINTS.exact)} WHEN ${sign} = ${resultSign} THEN ${sql.lit(POINTS.outcome)} ELSE ${sql.lit(POINTS.wrong)} END)`;
  const res = await withPointsDelta(db, fixtureId, { points, exact: sql<number>`(CASE WHEN ${exact} THEN 1 ELSE 0 END)` }, (trx) =>
    trx
      .updateTable('predictions')
      .set({
        outcome: sql<PredictionOutcome>`CASE WHEN ${exact} THEN ${sql.lit('exact')} WHEN ${sign} = ${resultSign} THEN ${sql.lit('outcome')} ELSE ${sql.lit('wrong')} END`,
        points,
      })
      .where('fixtureId', '=', fixtureId)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows);
}

/** Removes a fixture's result and returns its predictions to pending. Returns how many were reset. */
export async function clearResult(db: DB, fixtureId: string): Promise<{ removed: boolean; reset: number }> {
  const del = await db.deleteFrom('results').where('fixtureId', '=', fixtureId).executeTakeFirst();
  const upd = await withPointsDelta(db, fixtureId, { points: sql<number | null>`NULL`, exact: sql<number>`0` }, (trx) =>
    trx.updateTable('predictions').set({ points: null, outcome: null }).where('fixtureId', '=', fixtureId).executeTakeFirst(),
  );
  return { removed: Number(del.numDeletedRows) > 0, reset: Number(upd.numUpdatedRows) };
}
