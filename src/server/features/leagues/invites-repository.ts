import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { displayNameSql } from './repository.js';

/**
 * Invites (decision record 0046) and the players a creator removed (decision record 0045): the
 * preview an invite link shows, a league's new code, and the bar on removed players.
 */

export interface InvitePreviewRow {
  name: string;
  organiser: string;
  memberCount: number;
  isMember: number;
  isRemoved: number;
}

/**
 * What an invite link shows: the league's name, its creator's leaderboard name and how many
 * members it has, plus where `viewerId` (null for a visitor) stands. Nothing else leaves here.
 */
export async function invitePreview(
  db: DB,
  code: string,
  viewerId: string | null,
): Promise<InvitePreviewRow | undefined> {
  const viewer = viewerId ?? '';
  const { rows } = await sql<InvitePreviewRow>`
    SELECT l."name", ${displayNameSql} AS "organiser",
      (SELECT COUNT(*) FROM "leagueMembers" c WHERE c."leagueId" = l."id") AS "memberCount",
      (SELECT COUNT(*) FROM "leagueMembers" m WHERE m."leagueId" = l."id" AND m."userId" = ${viewer}) AS "isMember",
      (SELECT COUNT(*) FROM "leagueBans" b WHERE b."leagueId" = l."id" AND b."userId" = ${viewer}) AS "isRemoved"
    FROM "leagues" l JOIN "user" u ON u."id" = l."creatorId"
    WHERE l."code" = ${code}`.execute(db);
  const row = rows[0];
  return (
    row && {
      ...row,
      memberCount: Number(row.memberCount),
      isMember: Number(row.isMember),
      isRemoved: Number(row.isRemoved),
    }
  );
}

export async function isRemoved(db: DB, leagueId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('leagueBans')
    .select('userId')
    .where('leagueId', '=', leagueId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Bars a removed player from the league (again: a second removal only moves the date). */
export async function barPlayer(db: DB, leagueId: string, userId: string, now: string): Promise<void> {
  await db
    .insertInto('leagueBans')
    .values({ leagueId, userId, removedAt: now })
    .onConflict((oc) => oc.columns(['leagueId', 'userId']).doUpdateSet({ removedAt: now }))
    .execute();
}

/** Lets a removed player join again; false when they were not barred. */
export async function letBackIn(db: DB, leagueId: string, userId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('leagueBans')
    .where('leagueId', '=', leagueId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export interface RemovedPlayerRow {
  userId: string;
  displayName: string;
  removedAt: string;
}

/** The league's removed players, most recently removed first. */
export async function removedPlayers(db: DB, leagueId: string): Promise<RemovedPlayerRow[]> {
  const { rows } = await sql<RemovedPlayerRow>`
    SELECT b."userId", ${displayNameSql} AS "displayName", b."removedAt"
    FROM "leagueBans" b JOIN "user" u ON u."id" = b."userId"
    WHERE b."leagueId" = ${leagueId}
    ORDER BY b."removedAt" DESC, b."userId"`.execute(db);
  return rows;
}

/**
 * Gives the league `code` in one statement, only while `creatorId` is its creator and no league
 * has that code. The row lock the UPDATE takes makes a join by the old code wait and then find
 * nothing. 'taken' (the draw collided) asks the caller to draw again; 'refused' means the caller
 * is no longer its creator or the league is gone.
 */
export async function setCode(
  db: DB,
  leagueId: string,
  creatorId: string,
  code: string,
): Promise<'changed' | 'taken' | 'refused'> {
  try {
    const res = await db
      .updateTable('leagues')
      .set({ code })
      .where('id', '=', leagueId)
      .where('creatorId', '=', creatorId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('leagues as other').select('other.id').where('other.code', '=', code))),
      )
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) return 'changed';
  } catch (err) {
    // Another league took the same code between the check and the write (the unique constraint).
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
  const taken = await db.selectFrom('leagues').select('id').where('code', '=', code).executeTakeFirst();
  return taken ? 'taken' : 'refused';
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
