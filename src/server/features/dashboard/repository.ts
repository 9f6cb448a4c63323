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
