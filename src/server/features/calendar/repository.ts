import type { DB } from '../../db/index.js';
import {
  fixturesWithPredictionOf,
  toFixturePredictionRow,
  type FixturePredictionRow,
} from '../../seasons/fixture-queries.js';
import { ensureSettings } from '../user-settings/index.js';
import { newToken } from '../../auth/private-tokens-repository.js';

/** A new calendar token: the old feed URL stops working at once. */
export async function regenerateCalendarToken(db: DB, userId: string, nowIso: string): Promise<string> {
  await ensureSettings(db, userId, nowIso);
  const token = newToken();
  await db
    .updateTable('userSettings')
    .set({ calendarToken: token, updatedAt: nowIso })
    .where('userId', '=', userId)
    .execute();
  return token;
}

export async function userIdByCalendarToken(db: DB, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('userSettings')
    .select('userId')
    .where('calendarToken', '=', token)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Every fixture of a season with the player's prediction, in kick-off order (the feed). */
export async function listFeedFixtures(db: DB, userId: string, seasonId: string): Promise<FixturePredictionRow[]> {
  const rows = await fixturesWithPredictionOf(db, userId)
    .where('fixtures.seasonId', '=', seasonId)
    .orderBy('fixtures.kickoffAt')
    .orderBy('fixtures.id')
    .execute();
  return rows.map(toFixturePredictionRow);
}
