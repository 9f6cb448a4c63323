import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DB } from '../db/index.js';

interface AuthUser {
  id: string;
  email: string;
}

/** ADMIN_EMAILS grants the role at sign-up. */
export async function grantAdminOnSignUp(db: DB, config: Config, user: AuthUser, log: FastifyBaseLogger) {
  if (!config.ADMIN_EMAILS.includes(user.email.toLowerCase())) return;
  await db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
  log.info({ email: user.email }, 'Granted the admin role (ADMIN_EMAILS)');
}

/** ADMIN_EMAILS also applies at start-up to accounts that already exist. */
export async function applyAdminEmails(db: DB, config: Config, log: FastifyBaseLogger) {
  if (config.ADMIN_EMAILS.length === 0) return;
  const res = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', config.ADMIN_EMAILS))
    .where('role', '!=', 'admin')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) log.info({ count: Number(res.numUpdatedRows) }, 'Granted the admin role (ADMIN_EMAILS)');
}

/**
 * With no ADMIN_EMAILS and no admin yet, the first account to verify its e-mail becomes the
 * admin. The claim is a unique row in appMeta, so two accounts verifying at once cannot both win.
 */
export async function promoteFirstVerified(db: DB, config: Config, user: AuthUser, log: FastifyBaseLogger) {
  if (config.ADMIN_EMAILS.length > 0) return;
  const existing = await db.selectFrom('user').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  if (existing) return;
  const claimed = await db
    .insertInto('appMeta')
    .values({ key: 'firstAdmin', value: user.id })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  await db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
  log.warn({ email: user.email }, `No ADMIN_EMAILS set: ${user.email} is the first verified account and is now the admin`);
}

/** The CLI's promotion of an existing account. Returns false when no account has that e-mail. */
export async function promoteByEmail(db: DB, email: string): Promise<boolean> {
  const res = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
