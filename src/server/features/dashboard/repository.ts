import type { DB } from '../../db/index.js';

/** Whether a player has ever made a prediction, in any season (a newcomer has not). */
export async function hasAnyPrediction(db: DB, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('predictions')
    .select('fixtureId')
    .where('userId', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these fixtures the player has a pick on. */
export async function predictedAmong(db: DB, userId: string, fixtureIds: readonly string[]): Promise<Set<string>> {
  if (fixtureIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('predictions')
    .select('fixtureId')
    .where('userId', '=', userId)
    .where('fixtureId', 'in', [...fixtureIds])
    .execute();
  return new Set(rows.map((r) => r.fixtureId));
}
