import type { DB } from '../../db/index.js';

export async function setTeamName(db: DB, userId: string, teamName: string, now: string) {
  await db.updateTable('user').set({ teamName, teamNameCreatedAt: now, updatedAt: now }).where('id', '=', userId).execute();
}
