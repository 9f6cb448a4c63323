import crypto from 'node:crypto';
import type { DB } from '../db/index.js';

/** A private link's token (calendar, unsubscribe): 192 random bits, URL-safe. */
export const newToken = () => crypto.randomBytes(24).toString('base64url');

/**
 * New private tokens for a player whose account changed hands or was secured: the calendar link
 * (it carries the player's own picks) and, when asked, the unsubscribe link. Old links stop
 * working at once. A player without a settings row has no tokens yet; theirs are made fresh on
 * first use. Returns whether a row was changed.
 */
export async function rotatePrivateTokens(
  db: DB,
  userId: string,
  nowIso: string,
  which: { unsubscribe: boolean },
): Promise<boolean> {
  const res = await db
    .updateTable('userSettings')
    .set({
      calendarToken: newToken(),
      ...(which.unsubscribe ? { unsubscribeToken: newToken() } : {}),
      updatedAt: nowIso,
    })
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
