import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DB } from '../db/index.js';

interface AuthUser {
  id: string;
  email: string;
  emailVerified?: boolean | number | null;
}

/**
 * The admin role goes only to verified addresses, so a public server is safe by default: whoever registers the
 * admin's address first without being able to read its mail gets nothing. `emailVerified` is a
 * boolean on PostgreSQL and 0/1 on SQLite; `IS TRUE` reads both.
 */
const isVerified = sql<boolean>`"emailVerified" IS TRUE`;

/** ADMIN_EMAILS grants the role when the address is verified (the verification link's update). */
export async function grantAdminOnVerified(db: DB, config: Config, user: AuthUser, log: FastifyBaseLogger) {
  if (!user.emailVerified || !config.ADMIN_EMAILS.includes(user.email.toLowerCase())) return;
  const res = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where('id', '=', user.id)
    .where('role', '!=', 'admin')
    .where(isVerified)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0)
    log.info({ email: user.email }, 'Granted the admin role (ADMIN_EMAILS, address verified)');
}

/** ADMIN_EMAILS also applies at start-up to verified accounts that already exist. */
export async function applyAdminEmails(db: DB, config: Config, log: FastifyBaseLogger) {
  if (config.ADMIN_EMAILS.length === 0) {
    if (
      config.isProduction &&
      !(await db.selectFrom('user').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst())
    ) {
      log.warn(
        'No admin yet: set ADMIN_EMAILS or run `npm run make-admin -- you@example.com` (in production nobody becomes admin by verifying first)',
      );
    }
    return;
  }
  const res = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', config.ADMIN_EMAILS))
    .where('role', '!=', 'admin')
    .where(isVerified)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0)
    log.info({ count: Number(res.numUpdatedRows) }, 'Granted the admin role (ADMIN_EMAILS)');
}

/**
 * In development, with no ADMIN_EMAILS and no admin yet, the first account to verify its e-mail
 * becomes the admin (a convenience for a newcomer). Never in production: a public site's first
 * verified account is whoever signed up first. The claim is a unique row in appMeta, so two
 * accounts verifying at once cannot both win.
 */
export async function promoteFirstVerified(db: DB, config: Config, user: AuthUser, log: FastifyBaseLogger) {
  if (config.ADMIN_EMAILS.length > 0 || config.isProduction || !user.emailVerified) return;
  const existing = await db.selectFrom('user').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  if (existing) return;
  const claimed = await db
    .insertInto('appMeta')
    .values({ key: 'firstAdmin', value: user.id })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  await db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
  log.warn(
    { email: user.email },
    `No ADMIN_EMAILS set: ${user.email} is the first verified account and is now the admin`,
  );
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

/** Whether the account with this e-mail has verified it (the admin guard requires it). */
export async function isEmailVerified(db: DB, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where(isVerified)
    .executeTakeFirst();
  return row !== undefined;
}
