import crypto from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import type { DB } from '../db/index.js';
import type { Dialect } from '../db/migrations/types.js';
import type { Me } from '../../contract/account.js';
import { givePastSeasonPoints } from './factories-season.js';
import { productionPasswordHashing } from '../auth/password-hashing.js';
import { testPasswordHashing } from './password-hashing.js';

/** Shared by tests, seed scripts and benchmarks. Every factory writes real rows. */
export const DEFAULT_PASSWORD = 'correct-horse-42';
let defaultHash: Promise<string> | null = null;
/**
 * The API test projects (TEST_DB set) build their apps with the cheap test hashing
 * (createTestApp), so their players' passwords are stored with it; everywhere else (the e2e
 * servers, benchmarks, seed scripts) the server checks passwords at production's cost.
 */
const hashing = process.env.TEST_DB ? testPasswordHashing : productionPasswordHashing;

/** A user as the app sees them (contract `meDto`), with the password it was built with. */
export type BuiltUser = Pick<Me, 'id' | 'email' | 'name' | 'username' | 'teamName' | 'role'> & { password: string };

let seq = 0;
export async function buildUser(
  db: DB,
  dialect: Dialect,
  overrides: Partial<Omit<BuiltUser, 'id'>> & {
    emailVerified?: boolean;
    createdAt?: string;
    pastSeason?: boolean;
  } = {},
): Promise<BuiltUser> {
  const n = ++seq;
  const id = crypto.randomUUID();
  const suffix = `${n}-${id.slice(0, 6)}`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const hash =
    password === DEFAULT_PASSWORD
      ? await (defaultHash ??= hashing.hash(DEFAULT_PASSWORD))
      : await hashing.hash(password);
  const now = overrides.createdAt ?? new Date().toISOString();
  const user: BuiltUser = {
    id,
    email: overrides.email ?? `player${suffix}@example.com`,
    name: overrides.name ?? `Player ${n}`,
    username: overrides.username ?? `player${n}_${id.slice(0, 4)}`,
    teamName: overrides.teamName === undefined ? `Team ${n}` : overrides.teamName,
    role: overrides.role ?? 'player',
    password,
  };
  const verified = overrides.emailVerified ?? true;
  const date = (iso: string) => (dialect === 'postgres' ? new Date(iso) : iso);
  await db
    .insertInto('user')
    .values({
      id,
      name: user.name,
      email: user.email,
      emailVerified: dialect === 'postgres' ? verified : verified ? 1 : 0,
      image: null,
      createdAt: date(now),
      updatedAt: date(now),
      username: user.username,
      teamName: user.teamName,
      teamNameCreatedAt: user.teamName ? now : null,
      role: user.role,
    })
    .execute();
  await db
    .insertInto('account')
    .values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: hash,
      createdAt: date(now),
      updatedAt: date(now),
    })
    .execute();
  // Every player has a past season behind them in the test world (factories-season.ts OTHER_SEASON).
  if (overrides.pastSeason !== false) await givePastSeasonPoints(db, id);
  return user;
}

/**
 * A session row and its signed cookie, as Better Auth would issue at sign-in, without the cost
 * of a password check (benchmarks sign in thousands of players).
 */
export async function buildSessionCookie(db: DB, dialect: Dialect, userId: string, secret: string): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  const date = (d: Date) => (dialect === 'postgres' ? d : d.toISOString());
  await db
    .insertInto('session')
    .values({
      id: crypto.randomUUID(),
      token,
      userId,
      expiresAt: date(expires),
      createdAt: date(now),
      updatedAt: date(now),
      ipAddress: null,
      userAgent: null,
    })
    .execute();
  const signature = await makeSignature(token, secret);
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
