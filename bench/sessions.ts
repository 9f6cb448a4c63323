import crypto from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import type { DatabaseHandle } from '../src/server/db/index.js';

/**
 * Signs many players in at once: one session row each, written as Better Auth writes it (as
 * `buildSessionCookie` of the test factories does, in batches), and the signed cookie a browser
 * would send. Done on each run's copy of the world, with that run's secret, so every session is
 * fresh by the real clock Better Auth checks expiry against.
 */
export async function signInPlayers(
  handle: DatabaseHandle,
  userIds: readonly string[],
  secret: string,
): Promise<string[]> {
  const { db, dialect } = handle;
  const now = new Date();
  const expires = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  const date = (d: Date) => (dialect === 'postgres' ? d : d.toISOString());
  const tokens = userIds.map(() => crypto.randomBytes(24).toString('base64url'));
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .insertInto('session')
      .values(
        userIds.slice(i, i + 500).map((userId, k) => ({
          id: crypto.randomUUID(),
          token: tokens[i + k]!,
          userId,
          expiresAt: date(expires),
          createdAt: date(now),
          updatedAt: date(now),
          ipAddress: null,
          userAgent: null,
        })),
      )
      .execute();
  }
  return Promise.all(
    tokens.map(
      async (token) =>
        `better-auth.session_token=${encodeURIComponent(`${token}.${await makeSignature(token, secret)}`)}`,
    ),
  );
}

/**
 * Browser number `i`'s own address and network (/24), sent as X-Forwarded-For to a server that
 * trusts the loopback proxy: Better Auth limits its routes per address, and the live stream caps
 * streams per address and per network (security/stream-caps.ts), as they would for real players.
 */
export function playerAddress(i: number): string {
  return `10.${(i >> 8) & 255}.${i & 255}.1`;
}
