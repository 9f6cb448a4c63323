import type { DB } from '../db/index.js';

/** The leagues a player is a member of (their ids): whom a league's change concerns. */
export async function leagueIdsOf(db: DB, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('leagueMembers').select('leagueId').where('userId', '=', userId).execute();
  return rows.map((r) => r.leagueId);
}

/** Of these session tokens, the ones whose session still exists and has not expired. */
export async function liveSessions(db: DB, tokens: readonly string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .selectFrom('session')
    .select(['token', 'expiresAt'])
    .where('token', 'in', [...tokens])
    .execute();
  // Session expiry is a security boundary, so it uses real time, not the game clock (as auth/session.ts).
  return new Set(rows.filter((r) => new Date(r.expiresAt).getTime() > Date.now()).map((r) => r.token));
}
