import { sql } from 'kysely';
import type { DB } from '../../db/index.js';

/**
 * A season's totals for the landing page: players who made a prediction, predictions made, and
 * fixtures with a final result. One pass over the season's predictions (through their fixtures,
 * by the fixture key) and one over its results; the route keeps the answer for a while.
 */
export async function seasonTotals(
  db: DB,
  seasonId: string,
): Promise<{ players: number; predictions: number; results: number }> {
  const [picks, results] = await Promise.all([
    sql<{ players: number; predictions: number }>`
      SELECT COUNT(DISTINCT p."userId") AS "players", COUNT(*) AS "predictions"
      FROM "fixtures" f JOIN "predictions" p ON p."fixtureId" = f."id"
      WHERE f."seasonId" = ${seasonId}`.execute(db),
    sql<{ results: number }>`
      SELECT COUNT(*) AS "results" FROM "fixtures" f JOIN "results" r ON r."fixtureId" = f."id"
      WHERE f."seasonId" = ${seasonId} AND r."final" = 1`.execute(db),
  ]);
  return {
    players: Number(picks.rows[0]?.players ?? 0),
    predictions: Number(picks.rows[0]?.predictions ?? 0),
    results: Number(results.rows[0]?.results ?? 0),
  };
}
