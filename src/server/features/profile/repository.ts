import type { DB } from '../../db/index.js';
import { teamNameKey } from '../../../game/team-names.js';

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
