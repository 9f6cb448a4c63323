import type { Scoreline } from '../../game/scoring.js';
import type { DB } from '../db/index.js';
import type { ResultSource } from '../db/schema.js';
import { rescoreFixture } from '../points/points-aggregate.js';

/** Saves (or overwrites) a fixture's FINAL result, saying who wrote it (the admin's always wins over a feed's: see the feed service). */
export async function saveFinalResult(
  db: DB,
  fixtureId: string,
  r: { homeScore: number; awayScore: number; extraTime?: Scoreline | null; penalties?: Scoreline | null },
  nowIso: string,
  source: ResultSource,
): Promise<void> {
  // The score after 90 minutes; extra time and penalties as given (null: the match had none),
  // left as stored when not given (a writer that knows only the 90 minutes, as a league feed).
  const values = {
    homeScore: r.homeScore,
    awayScore: r.awayScore,
    ...(r.extraTime === undefined
      ? {}
      : { homeScoreEt: r.extraTime?.homeScore ?? null, awayScoreEt: r.extraTime?.awayScore ?? null }),
    ...(r.penalties === undefined
      ? {}
      : { homePenalties: r.penalties?.homeScore ?? null, awayPenalties: r.penalties?.awayScore ?? null }),
    final: 1,
    source,
    updatedAt: nowIso,
  };
  await db
    .insertInto('results')
    .values({ fixtureId, ...values })
    .onConflict((oc) => oc.column('fixtureId').doUpdateSet(values))
    .execute();
}

/**
 * Scores every prediction on a fixture against its final result in one set-based UPDATE, the
 * points aggregate moving with it (points-aggregate.ts). A corrected result replaces, never adds.
 * Returns how many predictions were scored.
 */
export async function rescorePredictions(
  db: DB,
  fixtureId: string,
  r: { homeScore: number; awayScore: number },
): Promise<number> {
  return rescoreFixture(db, fixtureId, r);
}

/** Removes a fixture's result and returns its predictions to pending. Returns how many were reset. */
export async function clearResult(db: DB, fixtureId: string): Promise<{ removed: boolean; reset: number }> {
  const del = await db.deleteFrom('results').where('fixtureId', '=', fixtureId).executeTakeFirst();
  const reset = await rescoreFixture(db, fixtureId, null);
  return { removed: Number(del.numDeletedRows) > 0, reset };
}

/** A season's gameweeks with at least one final result, ascending (the gameweek tables' and summaries' choices). */
export async function gameweeksWithResults(db: DB, seasonId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('results as r')
    .innerJoin('fixtures as f', 'f.id', 'r.fixtureId')
    .select('f.gameweek')
    .distinct()
    .where('f.seasonId', '=', seasonId)
    .where('r.final', '=', 1)
    .where('f.gameweek', 'is not', null)
    .orderBy('f.gameweek')
    .execute();
  return rows.map((r) => Number(r.gameweek));
}
