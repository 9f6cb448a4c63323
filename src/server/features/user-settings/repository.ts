import type { Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import { newToken } from '../../auth/private-tokens-repository.js';
import type { UserSettingsTable } from '../../db/schema.js';

/**
 * A player's settings row: reminder preferences (features/reminders) and the two private tokens,
 * unsubscribe (reminders) and calendar (features/calendar). Created on first use.
 */
export type UserSettingsRow = Selectable<UserSettingsTable>;

/** The row, created with the defaults (reminders on, 24 h) and fresh tokens on first use. */
export async function ensureSettings(db: DB, userId: string, nowIso: string): Promise<UserSettingsRow> {
  await db
    .insertInto('userSettings')
    .values({
      userId,
      remindersEnabled: 1,
      reminderWindows: '24',
      unsubscribeToken: newToken(),
      calendarToken: newToken(),
      updatedAt: nowIso,
    })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  return db.selectFrom('userSettings').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
}

/** The rows of several players (those about to get a reminder), created where missing. */
export async function ensureSettingsFor(
  db: DB,
  userIds: readonly string[],
  nowIso: string,
): Promise<Map<string, UserSettingsRow>> {
  const out = new Map<string, UserSettingsRow>();
  for (const id of userIds) out.set(id, await ensureSettings(db, id, nowIso));
  return out;
}

/**
 * Players whose deadline reminders go by push instead of e-mail: push reminders on, a device
 * subscribed, and "also by e-mail" off. The e-mail scheduler leaves them out.
 */
export async function pushInsteadOfEmail(db: DB): Promise<Set<string>> {
  const rows = await db
    .selectFrom('pushSubscriptions')
    .leftJoin('userSettings', 'userSettings.userId', 'pushSubscriptions.userId')
    .where((eb) =>
      eb.or([
        eb('userSettings.userId', 'is', null),
        eb.and([eb('userSettings.pushPicksMissing', '=', 1), eb('userSettings.pushAlsoEmail', '=', 0)]),
      ]),
    )
    .select('pushSubscriptions.userId')
    .distinct()
    .execute();
  return new Set(rows.map((r) => r.userId));
}
