import type { DB } from '../../db/index.js';
import { teamNameKey, teamNameSuggestions } from '../../../game/team-names.js';

/** Sets a player's team name (with its uniqueness key); the name is theirs now, so any notice about a changed name is done. */
export async function setTeamName(db: DB, userId: string, teamName: string, now: string) {
  await db
    .updateTable('user')
    .set({ teamName, teamNameKey: teamNameKey(teamName), teamNameNotice: null, teamNameCreatedAt: now, updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

/** Forgets the notice "your team name was changed" once the player has seen it. */
export async function clearTeamNameNotice(db: DB, userId: string) {
  await db.updateTable('user').set({ teamNameNotice: null }).where('id', '=', userId).execute();
}

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

/** Whether a write failed on a unique index (SQLite and PostgreSQL name it differently). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
