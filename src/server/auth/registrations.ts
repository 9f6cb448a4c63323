import crypto from 'node:crypto';
import type { DB } from '../db/index.js';
import type { Dialect } from '../db/migrations/types.js';
import { teamNameKey } from '../../game/team-names.js';
import { rotatePrivateTokens } from './private-tokens-repository.js';

/**
 * The account rows behind an address, as the sign-up and verification flows need them
 * (decision 0049). Until its address is verified an account is a *registration*: a claim that a
 * later sign-up of the same address replaces, and that only the mailbox's holder can turn into
 * an account.
 */
export interface Registration {
  id: string;
  email: string;
  emailVerified: boolean;
  teamName: string | null;
  /** The credential's password hash (null when the account has no password). */
  passwordHash: string | null;
}

export async function registrationByEmail(db: DB, email: string): Promise<Registration | undefined> {
  const row = await db
    .selectFrom('user')
    .leftJoin('account', (j) => j.onRef('account.userId', '=', 'user.id').on('account.providerId', '=', 'credential'))
    .select(['user.id', 'user.email', 'user.emailVerified', 'user.teamName', 'account.password'])
    .where((eb) => eb(eb.fn('lower', ['user.email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      emailVerified: Boolean(row.emailVerified),
      teamName: row.teamName,
      passwordHash: row.password ?? null,
    }
  );
}

/** The registration (unverified) for an address, with the password it holds: what a sign-up claim is checked against. */
export async function pendingClaim(db: DB, email: string): Promise<{ userId: string; passwordHash: string } | null> {
  const r = await registrationByEmail(db, email);
  return r && !r.emailVerified && r.passwordHash ? { userId: r.id, passwordHash: r.passwordHash } : null;
}

const authDate = (dialect: Dialect, iso: string) => (dialect === 'postgres' ? new Date(iso) : iso);

/**
 * Makes an unverified registration wholly the latest claimant's: their name, team name and
 * password replace the old ones, and every session and private link of the old claim ends. Only
 * an unverified registration is touched (a verified account is never replaced). Returns whether
 * one was.
 */
export async function replaceRegistration(
  db: DB,
  dialect: Dialect,
  userId: string,
  claim: { name: string; teamName: string; passwordHash: string; nowIso: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('user')
      .set({
        name: claim.name,
        username: '',
        teamName: claim.teamName,
        teamNameKey: teamNameKey(claim.teamName),
        teamNameCreatedAt: claim.nowIso,
        teamNameNotice: null,
        updatedAt: authDate(dialect, claim.nowIso),
      })
      .where('id', '=', userId)
      .where((eb) => eb('emailVerified', 'is not', eb.lit(true)))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await setCredential(trx, dialect, userId, claim.passwordHash, claim.nowIso);
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    await rotatePrivateTokens(trx, userId, claim.nowIso, { unsubscribe: true });
    return true;
  });
}

/**
 * The verifier's own password and team name on a registration about to be verified from a
 * browser that did not sign it up (the confirm screen): whatever was set before stops working.
 */
export async function takeOverRegistration(
  db: DB,
  dialect: Dialect,
  userId: string,
  claim: { teamName: string; passwordHash: string; nowIso: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('user')
      .set({
        teamName: claim.teamName,
        teamNameKey: teamNameKey(claim.teamName),
        teamNameCreatedAt: claim.nowIso,
        teamNameNotice: null,
        updatedAt: authDate(dialect, claim.nowIso),
      })
      .where('id', '=', userId)
      .where((eb) => eb('emailVerified', 'is not', eb.lit(true)))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await setCredential(trx, dialect, userId, claim.passwordHash, claim.nowIso);
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    return true;
  });
}

async function setCredential(db: DB, dialect: Dialect, userId: string, passwordHash: string, nowIso: string) {
  const res = await db
    .updateTable('account')
    .set({ password: passwordHash, updatedAt: authDate(dialect, nowIso) })
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return;
  await db
    .insertInto('account')
    .values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: passwordHash,
      createdAt: authDate(dialect, nowIso),
      updatedAt: authDate(dialect, nowIso),
    })
    .execute();
}

/**
 * "This wasn't me": removes an unverified registration and everything hanging off it (sessions,
 * password, settings; support messages stay, without their sender). A verified account is never
 * removed this way. Returns whether one was.
 */
export async function deleteRegistration(db: DB, userId: string, email: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .deleteFrom('user')
      .where('id', '=', userId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .where((eb) => eb('emailVerified', 'is not', eb.lit(true)))
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
    // Reset links of the registration (Better Auth keeps the user's id as their value).
    await trx.deleteFrom('verification').where('value', '=', userId).execute();
    return true;
  });
}

/** Ends every session of a player (the address was just proved: no session from before the proof survives). */
export async function endSessions(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('session').where('userId', '=', userId).execute();
}
