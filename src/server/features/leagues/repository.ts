import { sql, type Insertable, type Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { LeagueTable } from '../../db/schema.js';
import { DEFAULT_KNOCKOUT_RULE } from '../../../game/knockout.js';
import { isStandardScoring, SCORING_TIERS, type ScoringRule } from '../../../game/scoring.js';
import { COUNT_COLUMNS, countColumn, leagueRuleSql, pointsFromCountsSql, tierSql } from '../../points/scoring-sql.js';
import type { Dialect } from '../../db/migrations/types.js';
import { UNNAMED_PLAYER } from '../../../game/ranking.js';
import {
  fixturesWithPredictionOf,
  toFixturePredictionRow,
  type FixturePredictionRow,
} from '../../seasons/fixture-queries.js';
// Bonus points (decision record 0062): added to a season's and the all-seasons table, the positions and the live table.
import { bonusTableSql } from './bonus-points.js';

/** The leaderboard name in SQL, the same fallback as `leaderboardName` in src/game/ranking.ts. */
export const displayNameSql = sql<string>`COALESCE(NULLIF(TRIM(u."teamName"), ''), NULLIF(TRIM(u."username"), ''), NULLIF(TRIM(u."name"), ''), ${UNNAMED_PLAYER})`;

export type LeagueRow = Selectable<LeagueTable>;

export interface LeagueSummaryRow extends LeagueRow {
  memberCount: number;
  isMember: number;
}

const memberCount = sql<number>`(SELECT COUNT(*) FROM "leagueMembers" c WHERE c."leagueId" = l."id")`;

export async function getLeague(db: DB, id: string): Promise<LeagueRow | undefined> {
  return db.selectFrom('leagues').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLeagueByCode(db: DB, code: string): Promise<LeagueRow | undefined> {
  return db.selectFrom('leagues').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * The league, by id or code, read inside a transaction and locked until it ends, so that joins,
 * removals and a new code cannot cross (decision record 0045): joins take a shared lock (they may
 * run together), a removal an exclusive one, and a new code's UPDATE locks the row by itself. On
 * PostgreSQL a join waiting on a new code reads the row again and finds the old code gone.
 * SQLite runs one transaction at a time on the app's one connection, so it needs no lock.
 */
export async function lockLeague(
  trx: DB,
  dialect: Dialect,
  by: { id: string } | { code: string },
  lock: 'share' | 'update',
): Promise<LeagueRow | undefined> {
  let query = trx.selectFrom('leagues').selectAll();
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code);
  if (dialect === 'postgres') query = lock === 'share' ? query.forShare() : query.forUpdate();
  return query.executeTakeFirst();
}

/** The league with its member count and whether `userId` belongs to it. */
export async function getLeagueFor(db: DB, id: string, userId: string): Promise<LeagueSummaryRow | undefined> {
  return db
    .selectFrom('leagues as l')
    .selectAll('l')
    .select(memberCount.as('memberCount'))
    .select(
      sql<number>`(SELECT COUNT(*) FROM "leagueMembers" m WHERE m."leagueId" = l."id" AND m."userId" = ${userId})`.as(
        'isMember',
      ),
    )
    .where('l.id', '=', id)
    .executeTakeFirst();
}

/** Inserts the league unless its code is taken (then returns false, and the caller draws another). */
export async function insertLeague(db: DB, row: Insertable<LeagueTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('leagues')
    .values(row)
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds a member; the primary key makes concurrent joins safe. Returns false when already a member. */
export async function addMember(db: DB, leagueId: string, userId: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('leagueMembers')
    .values({ leagueId, userId, joinedAt: now })
    .onConflict((oc) => oc.columns(['leagueId', 'userId']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** How many leagues a player created (still existing) and how many they are in. */
export async function countOwnLeagues(db: DB, userId: string): Promise<{ created: number; memberships: number }> {
  const row = await db
    .selectNoFrom([
      sql<number>`(SELECT COUNT(*) FROM "leagues" WHERE "creatorId" = ${userId})`.as('created'),
      sql<number>`(SELECT COUNT(*) FROM "leagueMembers" WHERE "userId" = ${userId})`.as('memberships'),
    ])
    .executeTakeFirstOrThrow();
  return { created: Number(row.created), memberships: Number(row.memberships) };
}

export async function isMember(db: DB, leagueId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('leagueMembers')
    .select('userId')
    .where('leagueId', '=', leagueId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Removes a member. When the creator leaves, the longest-standing remaining member becomes the
 * creator; when the last member leaves, the league is deleted.
 */
export async function removeMember(
  db: DB,
  league: LeagueRow,
  userId: string,
): Promise<{ removed: boolean; deletedLeague: boolean }> {
  const res = await db
    .deleteFrom('leagueMembers')
    .where('leagueId', '=', league.id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) return { removed: false, deletedLeague: false };
  const next = await db
    .selectFrom('leagueMembers')
    .select('userId')
    .where('leagueId', '=', league.id)
    .orderBy('joinedAt')
    .orderBy('userId')
    .limit(1)
    .executeTakeFirst();
  if (!next) {
    await db.deleteFrom('leagues').where('id', '=', league.id).execute();
    return { removed: true, deletedLeague: true };
  }
  if (league.creatorId === userId)
    await db.updateTable('leagues').set({ creatorId: next.userId }).where('id', '=', league.id).execute();
  return { removed: true, deletedLeague: false };
}

export async function renameLeague(db: DB, id: string, name: string) {
  await db.updateTable('leagues').set({ name }).where('id', '=', id).execute();
}

/**
 * The league and whether `userId` belongs to it, without counting its members: the membership
 * check of routes that show a league's data to its members only (counting a big league's members
 * per request only to learn whether one of them is the viewer is wasted work).
 */
export async function getLeagueMembership(
  db: DB,
  id: string,
  userId: string,
): Promise<(LeagueRow & { isMember: number }) | undefined> {
  return db
    .selectFrom('leagues as l')
    .selectAll('l')
    .select(
      sql<number>`(SELECT COUNT(*) FROM "leagueMembers" m WHERE m."leagueId" = l."id" AND m."userId" = ${userId})`.as(
        'isMember',
      ),
    )
    .where('l.id', '=', id)
    .executeTakeFirst();
}

/** The player's leagues in the order they joined them, without their member counts (`countMembers`, kept per league). */
export async function listMyLeagues(db: DB, userId: string): Promise<LeagueRow[]> {
  return db
    .selectFrom('leagues as l')
    .innerJoin('leagueMembers as me', (j) => j.onRef('me.leagueId', '=', 'l.id').on('me.userId', '=', userId))
    .selectAll('l')
    .orderBy('me.joinedAt')
    .orderBy('l.id')
    .execute();
}

/** How many members a league has. */
export async function countMembers(db: DB, leagueId: string): Promise<number> {
  const row = await db
    .selectFrom('leagueMembers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('leagueId', '=', leagueId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPublicLeagues(db: DB, userId: string, limit: number): Promise<LeagueSummaryRow[]> {
  return db
    .selectFrom('leagues as l')
    .selectAll('l')
    .select(memberCount.as('memberCount'))
    .select(
      sql<number>`(SELECT COUNT(*) FROM "leagueMembers" m WHERE m."leagueId" = l."id" AND m."userId" = ${userId})`.as(
        'isMember',
      ),
    )
    .where('l.privacy', '=', 'public')
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id')
    .limit(limit)
    .execute();
}

export interface TableRow {
  userId: string;
  displayName: string;
  points: number;
  exact: number;
  /** The bonus questions' part of `points`. */
  bonus: number;
  rank: number;
  position: number;
}

/** Which points a table ranks: one season's (gameweek 0 = its total), or every season's total added up. */
export type TableScope = { seasonId: string; gameweek: number } | 'all';

/**
 * A whole league table, ordered, in one query. Points are worked out under the league's own rule
 * from `userPoints`' counts (a season's gameweek, 0 = the season's total; or every season's
 * total added up; points/scoring-sql.ts `pointsFromCountsSql`). Its RANK() and ROW_NUMBER() are
 * only a first order: LOWER() and the database's collation do not order names as the one rule
 * does, so the table is ranked again by src/game/ranking.ts before anyone sees it
 * (standings.ts `rankTable`, decision 0102). Pages are cut from it in memory (table-cache.ts).
 */
export async function leagueStandings(db: DB, leagueId: string, scope: TableScope): Promise<TableRow[]> {
  // Per season of the league's competition, each member's row is found by the primary key (season,
  // gameweek, player); a league under the extra-time rule adds how its picks on matches that went
  // to extra time move between tiers (extraTimeCountsSql), as its season tables do.
  const counts =
    scope === 'all'
      ? sql`LEFT JOIN (
          SELECT c."userId", ${sql.join(COUNT_COLUMNS.map((c) => sql`SUM(${sql.ref(`c.${c}`)}) AS ${sql.ref(c)}`))}
          FROM (
            SELECT pm."userId", ${sql.join(COUNT_COLUMNS.map((c) => sql.ref(`p.${c}`)))}
            FROM "leagueMembers" pm
            JOIN "leagues" lg ON lg."id" = pm."leagueId"
            JOIN "seasons" s ON s."competitionId" = lg."competition"
            JOIN "userPoints" p ON p."seasonId" = s."id" AND p."gameweek" = 0 AND p."userId" = pm."userId"
            WHERE pm."leagueId" = ${leagueId}
            UNION ALL
            ${extraTimeCountsSql(leagueId)}
          ) c
          GROUP BY c."userId"
        ) p ON p."userId" = m."userId"`
      : sql`LEFT JOIN "userPoints" p ON p."seasonId" = ${scope.seasonId} AND p."gameweek" = ${scope.gameweek} AND p."userId" = m."userId"`;
  const { rule, bankersCount } = leagueRuleSql('l');
  const bonus = bonusTableSql(leagueId, scope);
  const { rows } = await sql<TableRow>`
    SELECT s."userId", s."displayName", s."points", s."exact", s."bonus",
      RANK() OVER (ORDER BY s."points" DESC) AS "rank",
      ROW_NUMBER() OVER (ORDER BY s."points" DESC, LOWER(s."displayName"), s."userId") AS "position"
    FROM (
      SELECT m."userId", ${displayNameSql} AS "displayName",
        ${pointsFromCountsSql('p', rule, bankersCount)} + ${bonus.value} AS "points", COALESCE(p."exact", 0) AS "exact", ${bonus.value} AS "bonus"
      FROM "leagueMembers" m
      JOIN "leagues" l ON l."id" = m."leagueId"
      JOIN "user" u ON u."id" = m."userId"
      ${counts}
      ${bonus.join}
      WHERE m."leagueId" = ${leagueId}
    ) s
    ORDER BY "position"`.execute(db);
  return rows.map((r) => ({
    ...r,
    points: Number(r.points),
    exact: Number(r.exact),
    bonus: Number(r.bonus),
    rank: Number(r.rank),
    position: Number(r.position),
  }));
}

/**
 * How the members' picks on matches that went to extra time move between tiers in a league under
 * the extra-time rule, as rows of count columns (+1 into the tier after extra time, -1 out of the
 * one after 90 minutes; a banker's count too): leagues/extra-time-counts.ts in SQL, for the
 * all-seasons table, the tiers generated from the same rule (points/scoring-sql.ts). No rows for
 * a league under the 90-minute rule. Found from the results with extra time, then their picks.
 */
function extraTimeCountsSql(leagueId: string) {
  const ninety = tierSql(
    { homeScore: sql.ref<number>('r.homeScore'), awayScore: sql.ref<number>('r.awayScore') },
    'pr',
  );
  const extra = tierSql(
    { homeScore: sql.ref<number>('r.homeScoreEt'), awayScore: sql.ref<number>('r.awayScoreEt') },
    'pr',
  );
  // In COUNT_COLUMNS' order (each tier, then its bankers), as the union's first part lists them.
  const moved = SCORING_TIERS.flatMap((t) => {
    const by = sql`((CASE WHEN ${extra} = ${sql.lit(t)} THEN 1 ELSE 0 END) - (CASE WHEN ${ninety} = ${sql.lit(t)} THEN 1 ELSE 0 END))`;
    return [
      sql`${by} AS ${sql.ref(countColumn(t, false))}`,
      sql`(CASE WHEN pr."banker" = 1 THEN ${by} ELSE 0 END) AS ${sql.ref(countColumn(t, true))}`,
    ];
  });
  return sql`SELECT pm."userId", ${sql.join(moved)}
    FROM "leagues" lg
    JOIN "seasons" s ON s."competitionId" = lg."competition"
    JOIN "fixtures" f ON f."seasonId" = s."id"
    JOIN "results" r ON r."fixtureId" = f."id" AND r."final" = 1 AND r."homeScoreEt" IS NOT NULL AND r."awayScoreEt" IS NOT NULL
    JOIN "predictions" pr ON pr."fixtureId" = f."id" AND pr."points" IS NOT NULL
    JOIN "leagueMembers" pm ON pm."leagueId" = lg."id" AND pm."userId" = pr."userId"
    WHERE lg."id" = ${leagueId} AND lg."knockoutRule" = 'extra-time'`;
}

/** A member as a league table of one season lists them before points: their name and bonus points. */
export interface RosterRow {
  userId: string;
  displayName: string;
  /** The member's bonus points in the league and season (0 without any). */
  bonus: number;
}

/**
 * A league's members with their bonus points in one season: what a season's or a gameweek's table
 * needs besides the points, which are worked out from the season's kept counts (standings.ts, which
 * puts the members in the one rule's tie order itself: the SQL's order is not the rule's).
 * Nothing in it moves with a result.
 */
export async function leagueRoster(db: DB, leagueId: string, seasonId: string): Promise<RosterRow[]> {
  const bonus = bonusTableSql(leagueId, { seasonId, gameweek: 0 });
  const { rows } = await sql<RosterRow>`
    SELECT s."userId", s."displayName", s."bonus" FROM (
      SELECT m."userId", ${displayNameSql} AS "displayName", ${bonus.value} AS "bonus"
      FROM "leagueMembers" m
      JOIN "user" u ON u."id" = m."userId"
      ${bonus.join}
      WHERE m."leagueId" = ${leagueId}
    ) s
    ORDER BY LOWER(s."displayName"), s."userId"`.execute(db);
  for (const r of rows) r.bonus = Number(r.bonus);
  return rows;
}

/**
 * Whether a league scores every pick as the overall leaderboard does (the standard rule, bankers
 * double, the 90-minute score, no points for naming who goes through): its points are then
 * everyone's, and its rank history a subset of theirs.
 */
export const scoresAsOverall = (
  league: Pick<
    LeagueRow,
    'ruleExact' | 'ruleDifference' | 'ruleOutcome' | 'bankersAllowed' | 'qualifierPoints' | 'knockoutRule'
  >,
): boolean =>
  isStandardScoring(scoringOf(league)) &&
  league.knockoutRule === DEFAULT_KNOCKOUT_RULE &&
  Number(league.qualifierPoints) === 0;

/** A league's scoring as stored. */
export const scoringOf = (
  league: Pick<LeagueRow, 'ruleExact' | 'ruleDifference' | 'ruleOutcome' | 'bankersAllowed' | 'qualifierPoints'>,
): { rule: ScoringRule; bankersAllowed: boolean; qualifierPoints: number } => ({
  rule: { exact: league.ruleExact, difference: league.ruleDifference, outcome: league.ruleOutcome },
  bankersAllowed: Number(league.bankersAllowed) === 1,
  qualifierPoints: Number(league.qualifierPoints),
});

/**
 * Whether any member of the league has a scored pick in any season: then its tables show points,
 * and a change of its scoring changes them (the route asks for confirmation). Each member's
 * season rows are found by the primary key; the first found answers.
 */
export async function leagueHasScores(db: DB, leagueId: string): Promise<boolean> {
  // Only seasons of the league's competition are its.
  const row = await sql<{ found: number }>`
    SELECT 1 AS "found" WHERE EXISTS (
      SELECT 1 FROM "leagueMembers" m
      JOIN "leagues" lg ON lg."id" = m."leagueId"
      JOIN "seasons" s ON s."competitionId" = lg."competition"
      JOIN "userPoints" p ON p."seasonId" = s."id" AND p."gameweek" = 0 AND p."userId" = m."userId"
      WHERE m."leagueId" = ${leagueId})`.execute(db);
  return row.rows.length > 0;
}

/** Sets a league's scoring; `changedAt` marks a change its members are told about (matches had been scored), null keeps the earlier mark. */
export async function setLeagueScoring(
  db: DB,
  leagueId: string,
  scoring: { rule: ScoringRule; bankersAllowed: boolean },
  changedAt: string | null,
): Promise<void> {
  await db
    .updateTable('leagues')
    .set({
      ruleExact: scoring.rule.exact,
      ruleDifference: scoring.rule.difference,
      ruleOutcome: scoring.rule.outcome,
      bankersAllowed: scoring.bankersAllowed ? 1 : 0,
      ...(changedAt ? { scoringChangedAt: changedAt } : {}),
    })
    .where('id', '=', leagueId)
    .execute();
}

/** A fixture of the gameweek with its result and the member's prediction; kickoffAt is set (postponed ones are left out). */
export type PickRow = FixturePredictionRow & { kickoffAt: string };

/**
 * A member's picks for fixtures whose prediction deadline has passed (kick-off at or before
 * `closedBefore` = now + the deadline). Postponed fixtures are left out: their deadline moves.
 */
export async function memberPicks(
  db: DB,
  opts: { userId: string; seasonId: string; gameweek: number; closedBefore: string },
): Promise<PickRow[]> {
  const rows = await fixturesWithPredictionOf(db, opts.userId)
    .where('fixtures.seasonId', '=', opts.seasonId)
    .where('fixtures.gameweek', '=', opts.gameweek)
    .where('fixtures.postponed', '=', 0)
    .where('fixtures.kickoffAt', 'is not', null)
    .where('fixtures.kickoffAt', '<=', opts.closedBefore)
    .orderBy('fixtures.kickoffAt')
    .orderBy('fixtures.id')
    .execute();
  return rows.map(toFixturePredictionRow).filter((r): r is PickRow => r.kickoffAt !== null);
}

/** A season's gameweeks that have at least one fixture past its deadline (the picks modal's choices). */
export async function closedGameweeks(db: DB, seasonId: string, closedBefore: string): Promise<number[]> {
  const rows = await db
    .selectFrom('fixtures')
    .select('gameweek')
    .distinct()
    .where('seasonId', '=', seasonId)
    .where('gameweek', 'is not', null)
    .where('postponed', '=', 0)
    .where('kickoffAt', 'is not', null)
    .where('kickoffAt', '<=', closedBefore)
    .orderBy('gameweek')
    .execute();
  return rows.map((r) => r.gameweek!);
}

export async function memberName(db: DB, leagueId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('leagueMembers as m')
    .innerJoin('user as u', 'u.id', 'm.userId')
    .select(displayNameSql.as('displayName'))
    .where('m.leagueId', '=', leagueId)
    .where('m.userId', '=', userId)
    .executeTakeFirst();
  return row?.displayName;
}

/** The leagues a player belongs to, in the order they joined them (the summary lists them so). */
export async function leaguesByJoining(
  db: DB,
  userId: string,
): Promise<Array<{ leagueId: string; name: string; standard: boolean }>> {
  const rows = await db
    .selectFrom('leagueMembers')
    .innerJoin('leagues', 'leagues.id', 'leagueMembers.leagueId')
    .select([
      'leagues.id as leagueId',
      'leagues.name',
      'leagues.ruleExact',
      'leagues.ruleDifference',
      'leagues.ruleOutcome',
      'leagues.bankersAllowed',
      'leagues.knockoutRule',
      'leagues.qualifierPoints',
    ])
    .where('leagueMembers.userId', '=', userId)
    .orderBy('leagueMembers.joinedAt')
    .orderBy('leagues.id')
    .execute();
  return rows.map((r) => ({ leagueId: r.leagueId, name: r.name, standard: scoresAsOverall(r) }));
}

export interface PositionRow {
  leagueId: string;
  name: string;
  position: number;
  previousPosition: number;
  memberCount: number;
  points: number;
}

// ---------------------------------------------------------------- the live table

/** A member's pick on a match in play, as its provisional points need it. */
export interface MemberPickRow {
  userId: string;
  fixtureId: string;
  homeScore: number;
  awayScore: number;
  banker: number;
}

/** The league members' picks on these matches (those in play: their deadlines have passed). */
export function memberPicksOn(db: DB, leagueId: string, fixtureIds: readonly string[]): Promise<MemberPickRow[]> {
  if (fixtureIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('leagueMembers as m')
    .innerJoin('predictions as p', 'p.userId', 'm.userId')
    .where('m.leagueId', '=', leagueId)
    .where('p.fixtureId', 'in', fixtureIds)
    .select(['p.userId', 'p.fixtureId', 'p.homeScore', 'p.awayScore', 'p.banker'])
    .execute();
}
