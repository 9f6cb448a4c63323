import type { Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ContactMessageTable } from '../../db/schema.js';

export type ContactMessageRow = Selectable<ContactMessageTable>;

export async function insertContactMessage(db: DB, row: ContactMessageRow): Promise<void> {
  await db.insertInto('contactMessages').values(row).execute();
}

export async function getContactMessage(db: DB, id: string): Promise<ContactMessageRow | undefined> {
  return db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Messages a user stored since `sinceIso` (the rate limit counts rows, so it survives restarts and spans instances). */
export async function countMessagesSince(db: DB, userId: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('contactMessages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('createdAt', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes a message for one delivery attempt: only if it is unsent and due, and only one caller
 * wins (the update moves nextAttemptAt forward as a lease), so two instances never both send it.
 */
export async function claimForDelivery(db: DB, id: string, nowIso: string, leaseUntilIso: string): Promise<boolean> {
  const res = await db
    .updateTable('contactMessages')
    .set({ nextAttemptAt: leaseUntilIso })
    .where('id', '=', id)
    .where('status', '!=', 'sent')
    .where('nextAttemptAt', 'is not', null)
    .where('nextAttemptAt', '<=', nowIso)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markSent(db: DB, id: string, attempts: number, sentAtIso: string): Promise<void> {
  await db
    .updateTable('contactMessages')
    .set({ status: 'sent', attempts, sentAt: sentAtIso, nextAttemptAt: null, lastError: null })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(
  db: DB,
  id: string,
  attempts: number,
  error: string,
  nextAttemptAt: string | null,
): Promise<void> {
  await db
    .updateTable('contactMessages')
    .set({ status: 'failed', attempts, lastError: error, nextAttemptAt })
    .where('id', '=', id)
    .execute();
}

/** Unsent messages whose next attempt is due, oldest first. */
export async function dueMessageIds(db: DB, nowIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('contactMessages')
    .select('id')
    .where('status', '!=', 'sent')
    .where('nextAttemptAt', 'is not', null)
    .where('nextAttemptAt', '<=', nowIso)
    .orderBy('nextAttemptAt')
    .orderBy('createdAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Makes a message due now (the admin's retry button), whatever its back-off said. */
export async function makeDueNow(db: DB, id: string, nowIso: string): Promise<boolean> {
  const res = await db
    .updateTable('contactMessages')
    .set({ nextAttemptAt: nowIso })
    .where('id', '=', id)
    .where('status', '!=', 'sent')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listContactMessages(db: DB, limit: number): Promise<ContactMessageRow[]> {
  return db.selectFrom('contactMessages').selectAll().orderBy('createdAt', 'desc').orderBy('id').limit(limit).execute();
}

/** The first admin's e-mail (by account age), the fallback support address. */
export async function firstAdminEmail(db: DB): Promise<string | undefined> {
  const row = await db
    .selectFrom('user')
    .select('email')
    .where('role', '=', 'admin')
    .orderBy('createdAt')
    .orderBy('id')
    .executeTakeFirst();
  return row?.email;
}
