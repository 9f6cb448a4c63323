import crypto from 'node:crypto';
import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import { MAX_PUSH_SUBSCRIPTIONS, type PushPreferences, type PushSubscriptionInput } from '../../../contract/push.js';
import { ensureSettings, type UserSettingsRow } from '../user-settings/index.js';

// ---------------------------------------------------------------- subscriptions

export interface PushTarget {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores a device for the caller. An endpoint is one browser's; if it was another account's
 * (the device changed hands, or someone replays an endpoint they saw), it moves to the caller, so
 * a device never gets two players' messages. Beyond MAX_PUSH_SUBSCRIPTIONS the oldest go.
 */
export async function saveSubscription(db: DB, userId: string, s: PushSubscriptionInput, nowIso: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('pushSubscriptions')
      .values({
        id: crypto.randomUUID(),
        userId,
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        createdAt: nowIso,
        lastSuccessAt: null,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ userId, p256dh: s.keys.p256dh, auth: s.keys.auth, createdAt: nowIso }),
      )
      .execute();
    const mine = await trx
      .selectFrom('pushSubscriptions')
      .select('id')
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute();
    const extra = mine.slice(MAX_PUSH_SUBSCRIPTIONS).map((r) => r.id);
    if (extra.length) await trx.deleteFrom('pushSubscriptions').where('id', 'in', extra).execute();
  });
}

/** Removes the caller's subscription with this endpoint; another player's is left alone. Whether one went. */
export async function deleteSubscription(db: DB, userId: string, endpoint: string): Promise<boolean> {
  const res = await db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The push service said the subscription is gone (404/410): nobody sends to it again. */
export async function deleteSubscriptionById(db: DB, id: string) {
  await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
}

export async function markDelivered(db: DB, id: string, nowIso: string) {
  await db.updateTable('pushSubscriptions').set({ lastSuccessAt: nowIso }).where('id', '=', id).execute();
}

export async function subscriptionsOf(db: DB, userIds: readonly string[]): Promise<PushTarget[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('pushSubscriptions')
    .select(['id', 'userId', 'endpoint', 'p256dh', 'auth'])
    .where('userId', 'in', [...userIds])
    .orderBy('createdAt')
    .execute();
}

export async function countSubscriptions(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------- preferences

export function preferencesOf(s: UserSettingsRow): PushPreferences {
  return {
    picksMissing: s.pushPicksMissing === 1,
    results: s.pushResults === 1,
    goals: s.pushGoals === 1,
    leagueNews: s.pushLeagueNews === 1,
    alsoEmail: s.pushAlsoEmail === 1,
    quietStart: s.pushQuietStart,
    quietEnd: s.pushQuietEnd,
    timeZone: s.pushTimeZone,
  };
}

export async function savePreferences(db: DB, userId: string, p: PushPreferences, nowIso: string) {
  await ensureSettings(db, userId, nowIso);
  await db
    .updateTable('userSettings')
    .set({
      pushPicksMissing: p.picksMissing ? 1 : 0,
      pushResults: p.results ? 1 : 0,
      pushGoals: p.goals ? 1 : 0,
      pushLeagueNews: p.leagueNews ? 1 : 0,
      pushAlsoEmail: p.alsoEmail ? 1 : 0,
      pushQuietStart: p.quietStart,
      pushQuietEnd: p.quietEnd,
      pushTimeZone: p.timeZone,
      updatedAt: nowIso,
    })
    .where('userId', '=', userId)
    .execute();
}

export type PushKind = 'picksMissing' | 'results' | 'goals' | 'leagueNews';
const KIND_COLUMN = {
  picksMissing: 'userSettings.pushPicksMissing',
  results: 'userSettings.pushResults',
  goals: 'userSettings.pushGoals',
  leagueNews: 'userSettings.pushLeagueNews',
} as const;
const KIND_DEFAULT: Record<PushKind, boolean> = { picksMissing: true, results: false, goals: false, leagueNews: false };

export interface PushRecipient {
  userId: string;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
}

/**
 * Verified players with at least one subscribed device who want this kind of message (a player
 * without a settings row has the defaults). `among` narrows to some players.
 */
export async function pushRecipients(
  db: DB,
  dialect: Dialect,
  kind: PushKind,
  among?: readonly string[],
): Promise<PushRecipient[]> {
  if (among && among.length === 0) return [];
  const column = KIND_COLUMN[kind];
  let q = db
    .selectFrom('user')
    .leftJoin('userSettings', 'userSettings.userId', 'user.id')
    .where('user.emailVerified', '=', dialect === 'postgres' ? true : 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('pushSubscriptions')
          .select('pushSubscriptions.id')
          .whereRef('pushSubscriptions.userId', '=', 'user.id'),
      ),
    )
    .where((eb) => (KIND_DEFAULT[kind] ? eb.or([eb(column, 'is', null), eb(column, '=', 1)]) : eb(column, '=', 1)))
    .select([
      'user.id as userId',
      'userSettings.pushQuietStart as quietStart',
      'userSettings.pushQuietEnd as quietEnd',
      'userSettings.pushTimeZone as timeZone',
    ]);
  if (among) q = q.where('user.id', 'in', [...among]);
  return q.execute();
}

// ---------------------------------------------------------------- the push log

/**
 * Claims messages for this instance: a key inserted here is ours to send; one another instance
 * (or an earlier pass) inserted first is not returned. The primary key makes this exactly-once.
 */
export async function claimPushes(
  db: DB,
  claims: readonly { key: string; userId: string; kind: string }[],
  nowIso: string,
): Promise<Set<string>> {
  const won = new Set<string>();
  for (let i = 0; i < claims.length; i += 300) {
    const rows = await db
      .insertInto('pushLog')
      .values(
        claims.slice(i, i + 300).map((c) => ({ ...c, status: 'claimed' as const, claimedAt: nowIso, sentAt: null })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    for (const r of rows) won.add(r.key);
  }
  return won;
}

export async function markPush(db: DB, key: string, outcome: { sentAt: string } | 'failed') {
  await db
    .updateTable('pushLog')
    .set(outcome === 'failed' ? { status: 'failed' } : { status: 'sent', sentAt: outcome.sentAt })
    .where('key', '=', key)
    .execute();
}

/** Which of these keys were sent. */
export async function sentKeys(db: DB, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('pushLog')
    .select('key')
    .where('key', 'in', [...keys])
    .where('status', '=', 'sent')
    .execute();
  return new Set(rows.map((r) => r.key));
}

/** Takes a failed message back for a retry once `retryBeforeIso` has passed; only one instance wins. */
export async function reclaimFailed(db: DB, key: string, nowIso: string, retryBeforeIso: string): Promise<boolean> {
  const res = await db
    .updateTable('pushLog')
    .set({ status: 'claimed', claimedAt: nowIso })
    .where('key', '=', key)
    .where('status', '=', 'failed')
    .where('claimedAt', '<', retryBeforeIso)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function failedKeys(db: DB, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('pushLog')
    .select('key')
    .where('key', 'in', [...keys])
    .where('status', '=', 'failed')
    .execute();
  return new Set(rows.map((r) => r.key));
}
