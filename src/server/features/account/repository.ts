import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import { DELETED_SENDER } from '../../../contract/contact.js';
import type { LeagueFate } from '../../../contract/account-data.js';
import { displayNameSql } from '../leagues/index.js';
import { deletePlayerPoints } from '../../points/points-aggregate.js';

/** One of the player's leagues and what deleting the account does to it. */
export interface LeagueFateRow {
  id: string;
  name: string;
  fate: LeagueFate;
  newCreatorId: string | null;
  newCreator: string | null;
  otherMembers: number;
}

/**
 * Every league the player is in or created, with its fate: a league they created passes to its
 * longest-standing other member (joined first; ties by id, as when a creator leaves), or is
 * deleted when nobody else is in it; a league they only joined keeps going without them.
 */
export async function leagueFates(db: DB, userId: string): Promise<LeagueFateRow[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    creatorId: string;
    otherMembers: number;
    nextId: string | null;
    nextName: string | null;
  }>`
    SELECT l."id", l."name", l."creatorId",
      (SELECT COUNT(*) FROM "leagueMembers" c WHERE c."leagueId" = l."id" AND c."userId" <> ${userId}) AS "otherMembers",
      n."userId" AS "nextId", n."displayName" AS "nextName"
    FROM "leagues" l
    LEFT JOIN (
      SELECT s."leagueId", s."userId", s."displayName" FROM (
        SELECT m."leagueId", m."userId", ${displayNameSql} AS "displayName",
          ROW_NUMBER() OVER (PARTITION BY m."leagueId" ORDER BY m."joinedAt", m."userId") AS "n"
        FROM "leagueMembers" m
        JOIN "user" u ON u."id" = m."userId"
        JOIN "leagues" own ON own."id" = m."leagueId" AND own."creatorId" = ${userId}
        WHERE m."userId" <> ${userId}
      ) s WHERE s."n" = 1
    ) n ON n."leagueId" = l."id"
    WHERE l."creatorId" = ${userId}
      OR EXISTS (SELECT 1 FROM "leagueMembers" me WHERE me."leagueId" = l."id" AND me."userId" = ${userId})
    ORDER BY LOWER(l."name"), l."id"`.execute(db);
  return rows.map((r) => {
    const otherMembers = Number(r.otherMembers);
    const fate: LeagueFate = otherMembers === 0 ? 'deleted' : r.creatorId === userId ? 'passes' : 'left';
    return {
      id: r.id,
      name: r.name,
      fate,
      newCreatorId: fate === 'passes' ? r.nextId : null,
      newCreator: fate === 'passes' ? r.nextName : null,
      otherMembers,
    };
  });
}

/** The player's predictions and contact messages, counted for the confirmation dialog. */
export async function ownCounts(db: DB, userId: string): Promise<{ predictions: number; contactMessages: number }> {
  const row = await db
    .selectNoFrom([
      sql<number>`(SELECT COUNT(*) FROM "predictions" WHERE "userId" = ${userId})`.as('predictions'),
      sql<number>`(SELECT COUNT(*) FROM "contactMessages" WHERE "userId" = ${userId})`.as('contactMessages'),
    ])
    .executeTakeFirstOrThrow();
  return { predictions: Number(row.predictions), contactMessages: Number(row.contactMessages) };
}

/** Verified admins other than `userId` (the game must keep one). */
export async function otherVerifiedAdmins(db: DB, userId: string, dialect: Dialect): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('emailVerified', '=', dialect === 'postgres' ? true : 1)
    .where('id', '<>', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether deleting `userId` now would leave the game without a verified admin, decided inside the
 * deleting transaction so two admins deleting themselves at once cannot both pass. On PostgreSQL
 * the verified admins' rows are locked first, in id order (so two deletions never wait on each
 * other crosswise): the second deletion waits until the first commits, and then counts what is
 * left. SQLite has one writer and its transactions begin `IMMEDIATE` (db/index.ts), which
 * serialises them already. The player's role is read here, not from the session, which a cache
 * may hold from before a change.
 */
export async function wouldLeaveNoAdmin(trx: DB, userId: string, dialect: Dialect): Promise<boolean> {
  const own = await trx.selectFrom('user').select('role').where('id', '=', userId).executeTakeFirst();
  if (own?.role !== 'admin') return false;
  if (dialect === 'postgres')
    await sql`SELECT "id" FROM "user" WHERE "role" = 'admin' AND "emailVerified" = true ORDER BY "id" FOR UPDATE`.execute(
      trx,
    );
  return (await otherVerifiedAdmins(trx, userId, dialect)) === 0;
}

/** The seasons in which the player has predictions or points (whose shared figures change when they go). */
export async function seasonsOf(db: DB, userId: string): Promise<string[]> {
  const { rows } = await sql<{ seasonId: string }>`
    SELECT DISTINCT f."seasonId" FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId" WHERE p."userId" = ${userId}
    UNION
    SELECT DISTINCT "seasonId" FROM "userPoints" WHERE "userId" = ${userId}`.execute(db);
  return rows.map((r) => r.seasonId).sort();
}

export interface DeletedAccount {
  leagues: LeagueFateRow[];
  seasons: string[];
}

/**
 * Removes the player from every table, inside the caller's transaction (docs/decisions/0047):
 * leagues they created pass on or go; their memberships, predictions and points, reminder
 * settings and log, private links, pending reset tokens, outbox copies, sessions, credentials and
 * the user row are deleted; their contact messages stay for the admin without the link to them or
 * their address. Other players' rows are untouched: the player's predictions and their own rows of
 * the points aggregate go together (points/points-aggregate.ts).
 *
 * On PostgreSQL the rows of the leagues they created are locked first, so a member leaving at the
 * same moment waits, and the successor chosen here is still a member when this commits.
 */
export async function deleteAccountData(
  trx: DB,
  dialect: Dialect,
  user: { id: string; email: string },
): Promise<DeletedAccount> {
  const userId = user.id;
  if (dialect === 'postgres') {
    await sql`SELECT l."id" FROM "leagues" l WHERE l."creatorId" = ${userId} FOR UPDATE`.execute(trx);
    await sql`SELECT m."userId" FROM "leagueMembers" m JOIN "leagues" l ON l."id" = m."leagueId" WHERE l."creatorId" = ${userId} FOR UPDATE OF m`.execute(
      trx,
    );
  }
  const leagues = await leagueFates(trx, userId);
  for (const l of leagues) {
    if (l.fate === 'passes' && l.newCreatorId)
      await trx.updateTable('leagues').set({ creatorId: l.newCreatorId }).where('id', '=', l.id).execute();
  }
  const alone = leagues.filter((l) => l.fate === 'deleted').map((l) => l.id);
  if (alone.length) await trx.deleteFrom('leagues').where('id', 'in', alone).execute();
  await trx.deleteFrom('leagueMembers').where('userId', '=', userId).execute();

  const seasons = await seasonsOf(trx, userId);
  await deletePlayerPoints(trx, userId);

  await trx.deleteFrom('reminderLog').where('userId', '=', userId).execute();
  await trx.deleteFrom('userSettings').where('userId', '=', userId).execute();
  await trx
    .updateTable('contactMessages')
    .set({ userId: null, fromName: DELETED_SENDER, accountEmail: null, fromEmail: '' })
    .where('userId', '=', userId)
    .execute();
  // Messages addressed to them (an admin, when no SUPPORT_EMAIL is set) go to the support address of the day instead.
  await trx
    .updateTable('contactMessages')
    .set({ toEmail: '' })
    .where(sql<boolean>`LOWER("toEmail") = ${user.email.toLowerCase()}`)
    .execute();
  await trx
    .deleteFrom('mailOutbox')
    .where(sql<boolean>`LOWER("to") = ${user.email.toLowerCase()}`)
    .execute();
  // A password-reset token's value is the user's id (Better Auth).
  await trx.deleteFrom('verification').where('value', '=', userId).execute();
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  await trx.deleteFrom('account').where('userId', '=', userId).execute();
  await trx.deleteFrom('user').where('id', '=', userId).execute();
  return { leagues, seasons };
}

// ---------------------------------------------------------------- the download

export async function accountRow(db: DB, userId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'emailVerified', 'name', 'username', 'teamName', 'role', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function settingsRow(db: DB, userId: string) {
  return db
    .selectFrom('userSettings')
    .select(['remindersEnabled', 'reminderWindows'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** The player's predictions with their fixture and result, in kick-off order; at most `limit`. */
export async function predictionRows(db: DB, userId: string, limit: number) {
  return db
    .selectFrom('predictions as p')
    .innerJoin('fixtures as f', 'f.id', 'p.fixtureId')
    .leftJoin('results as r', 'r.fixtureId', 'f.id')
    .select([
      'f.seasonId',
      'f.gameweek',
      'f.id as fixtureId',
      'f.homeTeam',
      'f.awayTeam',
      'f.kickoffAt',
      'p.homeScore',
      'p.awayScore',
      'p.predictedAt',
      'p.points',
      'p.outcome',
      'p.tier',
      'p.banker',
      'p.qualifier',
      'r.homeScore as resultHome',
      'r.awayScore as resultAway',
      'r.final as resultFinal',
    ])
    .where('p.userId', '=', userId)
    .orderBy('f.seasonId')
    .orderBy('f.kickoffAt')
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

/** The leagues the player is in, with when they joined and how many members each has. */
export async function leagueRows(db: DB, userId: string) {
  return db
    .selectFrom('leagueMembers as m')
    .innerJoin('leagues as l', 'l.id', 'm.leagueId')
    .select(['l.id', 'l.name', 'l.code', 'l.creatorId', 'm.joinedAt'])
    .select(sql<number>`(SELECT COUNT(*) FROM "leagueMembers" c WHERE c."leagueId" = l."id")`.as('members'))
    .where('m.userId', '=', userId)
    .orderBy('m.joinedAt')
    .orderBy('l.id')
    .execute();
}

/** The player's answers to bonus questions with their question and league, season by season in lock order; at most `limit`. */
export async function bonusAnswerRows(db: DB, userId: string, limit: number) {
  return db
    .selectFrom('leagueQuestionAnswers as a')
    .innerJoin('leagueQuestions as q', 'q.id', 'a.questionId')
    .innerJoin('leagues as l', 'l.id', 'q.leagueId')
    .select([
      'q.leagueId',
      'l.name as leagueName',
      'q.seasonId',
      'q.prompt',
      'q.options',
      'a.choices',
      'a.answeredAt',
      'a.points',
    ])
    .where('a.userId', '=', userId)
    .orderBy('q.seasonId')
    .orderBy('q.locksAt')
    .orderBy('q.id')
    .limit(limit)
    .execute();
}

/** The player's own contact messages, newest first; at most `limit`. */
export async function contactRows(db: DB, userId: string, limit: number) {
  return db
    .selectFrom('contactMessages')
    .select(['createdAt', 'fromEmail', 'message', 'status'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
