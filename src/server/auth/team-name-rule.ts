import type { DB } from '../db/index.js';
import { TEAM_NAME_TAKEN, teamNameTakenMessage } from '../../contract/account.js';
import { HttpError } from '../errors.js';
import { freeTeamNameLike, teamNameHolder } from './team-name-repository.js';

/**
 * Team names are unique across the game, whatever their case, accents or spacing (decision 0051).
 * The database enforces it (a unique index on the folded name); this gives the player the clear
 * answer first: 409 `team_name_taken`, a message naming a free alternative, and that alternative
 * in `details.suggestion` so a screen can offer it with one click.
 */
export async function teamNameTaken(db: DB, teamName: string): Promise<HttpError> {
  const suggestion = await freeTeamNameLike(db, teamName);
  return new HttpError(409, TEAM_NAME_TAKEN, teamNameTakenMessage(teamName, suggestion), { suggestion });
}

/** Refuses a name that someone other than `allowedHolderId` has. */
export async function assertTeamNameFree(db: DB, teamName: string, allowedHolderId: string | null): Promise<void> {
  const holder = await teamNameHolder(db, teamName);
  if (holder && holder.id !== allowedHolderId) throw await teamNameTaken(db, teamName);
}
