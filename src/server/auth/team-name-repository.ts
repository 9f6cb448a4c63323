import type { DB } from '../db/index.js';
import { teamNameKey, teamNameSuggestions } from '../../game/team-names.js';

/* Team names are the account's: registration (auth) and the profile screen both ask who holds one. */

/** Whoever holds this name (in any case, accents or spacing), if anyone does. */
export async function teamNameHolder(
  db: DB,
  teamName: string,
): Promise<{ id: string; email: string; emailVerified: boolean } | undefined> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'email', 'emailVerified'])
    .where('teamNameKey', '=', teamNameKey(teamName))
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, emailVerified: Boolean(row.emailVerified) };
}

/** The first of "Name 2", "Name 3", … that nobody holds, or null when none of them is free. */
export async function freeTeamNameLike(db: DB, teamName: string): Promise<string | null> {
  const candidates = teamNameSuggestions(teamName);
  if (candidates.length === 0) return null;
  const held = await db
    .selectFrom('user')
    .select('teamNameKey')
    .where(
      'teamNameKey',
      'in',
      candidates.map((c) => teamNameKey(c)),
    )
    .execute();
  const taken = new Set(held.map((r) => r.teamNameKey));
  return candidates.find((c) => !taken.has(teamNameKey(c))) ?? null;
}
