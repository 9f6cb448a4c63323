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

/**
 * The most events one feed holds: the current seasons of the few competitions there are (a
 * league season has 380 matches, the Champions League 189, the World Cup 104), with room to
 * spare, so a feed stays bounded whatever seasons an admin loads.
 */
export const FEED_MAX_FIXTURES = 2_000;

/**
 * Every fixture with a kick-off time in these seasons, with the player's own prediction, in
 * kick-off order across them (the feed). A match without a time has no place in a calendar.
 */
export async function listFeedFixtures(
  db: DB,
  userId: string,
  seasonIds: readonly string[],
): Promise<FixturePredictionRow[]> {
  if (seasonIds.length === 0) return [];
  const rows = await fixturesWithPredictionOf(db, userId)
    .where('fixtures.seasonId', 'in', [...seasonIds])
    .where('fixtures.kickoffAt', 'is not', null)
    .orderBy('fixtures.kickoffAt')
    .orderBy('fixtures.id')
    .limit(FEED_MAX_FIXTURES)
    .execute();
  return rows.map(toFixturePredictionRow);
}
