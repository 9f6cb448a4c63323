import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import type { LeagueQuestionTable } from '../../db/schema.js';
import type { SettledBy } from '../../../contract/bonus-questions.js';
import { answerPoints } from '../../../game/bonus-questions.js';
import type { PlayedMatch } from '../../../game/final-table.js';
import { displayNameSql } from '../leagues/index.js';

/** A question as stored, with its settler's leaderboard name (null when settled from the results or not settled). */
export type QuestionRow = Selectable<LeagueQuestionTable> & { settlerName: string | null };

/** Options, choices and right options are JSON arrays as text (migration 0038). */
export const parseList = <T extends string | number>(text: string): T[] => JSON.parse(text) as T[];

const questionColumns = (db: DB) =>
  db
    .selectFrom('leagueQuestions as q')
    .leftJoin('user as u', 'u.id', 'q.settlerId')
    .selectAll('q')
    .select(sql<string | null>`CASE WHEN u."id" IS NULL THEN NULL ELSE ${displayNameSql} END`.as('settlerName'));

/**
 * One question of a league. Inside a transaction on PostgreSQL `lock` holds its row until the
 * end: 'update' to change or settle it, 'share' to answer it (so an answer and a change of the
 * question never cross). SQLite runs one transaction at a time on the app's connection.
 */
export async function getQuestion(
  db: DB,
  leagueId: string,
  questionId: string,
  lock?: { dialect: Dialect; mode: 'update' | 'share' },
): Promise<QuestionRow | undefined> {
  let query = questionColumns(db).where('q.id', '=', questionId).where('q.leagueId', '=', leagueId);
  if (lock?.dialect === 'postgres') query = lock.mode === 'update' ? query.forUpdate('q') : query.forShare('q');
  return query.executeTakeFirst();
}

/** A league's questions in a season, by lock time (then when they were added). */
export async function listQuestions(db: DB, leagueId: string, seasonId: string): Promise<QuestionRow[]> {
  return questionColumns(db)
    .where('q.leagueId', '=', leagueId)
    .where('q.seasonId', '=', seasonId)
    .orderBy('q.locksAt')
    .orderBy('q.createdAt')
    .orderBy('q.id')
    .execute();
}

export async function countQuestions(db: DB, leagueId: string, seasonId: string): Promise<number> {
  const row = await db
    .selectFrom('leagueQuestions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('leagueId', '=', leagueId)
    .where('seasonId', '=', seasonId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewQuestion = Pick<
  LeagueQuestionTable,
  | 'id'
  | 'leagueId'
  | 'seasonId'
  | 'kind'
  | 'prompt'
  | 'club'
  | 'options'
  | 'picks'
  | 'points'
  | 'locksAt'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
>;

export async function insertQuestion(db: DB, row: NewQuestion): Promise<void> {
  await db
    .insertInto('leagueQuestions')
    .values({ ...row, correct: null, settledBy: null, settlerId: null, settledAt: null, settleNote: null })
    .execute();
}

export async function updateQuestion(
  db: DB,
  id: string,
  fields: Pick<
    LeagueQuestionTable,
    'kind' | 'prompt' | 'club' | 'options' | 'picks' | 'points' | 'locksAt' | 'updatedAt'
  >,
): Promise<void> {
  await db.updateTable('leagueQuestions').set(fields).where('id', '=', id).execute();
}

export async function deleteQuestion(db: DB, id: string): Promise<void> {
  await db.deleteFrom('leagueQuestions').where('id', '=', id).execute();
}

export async function hasAnswers(db: DB, questionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('leagueQuestionAnswers')
    .select('userId')
    .where('questionId', '=', questionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these questions anyone has answered (the creator's Edit, before the lock). */
export async function answeredQuestions(db: DB, questionIds: readonly string[]): Promise<Set<string>> {
  if (!questionIds.length) return new Set();
  const rows = await db
    .selectFrom('leagueQuestions as q')
    .select('q.id')
    .where('q.id', 'in', questionIds)
    .where((eb) =>
      eb.exists(eb.selectFrom('leagueQuestionAnswers as a').select('a.userId').whereRef('a.questionId', '=', 'q.id')),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

export interface AnswerRow {
  questionId: string;
  choices: string;
  answeredAt: string;
  points: number | null;
}

/** One player's answers to these questions, by question. */
export async function answersOf(
  db: DB,
  userId: string,
  questionIds: readonly string[],
): Promise<Map<string, AnswerRow>> {
  if (!questionIds.length) return new Map();
  const rows = await db
    .selectFrom('leagueQuestionAnswers')
    .select(['questionId', 'choices', 'answeredAt', 'points'])
    .where('userId', '=', userId)
    .where('questionId', 'in', questionIds)
    .execute();
  return new Map(rows.map((r) => [r.questionId, r]));
}

/**
 * How many of the league's current members chose each distinct set of options, per question
 * (read only for locked questions): the same members as the answers' list.
 */
export async function tallies(
  db: DB,
  questionIds: readonly string[],
): Promise<Array<{ questionId: string; choices: string; n: number }>> {
  if (!questionIds.length) return [];
  const rows = await db
    .selectFrom('leagueQuestionAnswers as a')
    .innerJoin('leagueQuestions as q', 'q.id', 'a.questionId')
    .innerJoin('leagueMembers as m', (j) => j.onRef('m.leagueId', '=', 'q.leagueId').onRef('m.userId', '=', 'a.userId'))
    .select(['a.questionId as questionId', 'a.choices as choices', (eb) => eb.fn.countAll<number>().as('n')])
    .where('a.questionId', 'in', questionIds)
    .groupBy(['a.questionId', 'a.choices'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Saves a member's answer, or replaces the one they gave (one per member and question: the primary key). */
export async function saveAnswer(
  db: DB,
  row: { questionId: string; userId: string; choices: string; answeredAt: string },
): Promise<void> {
  await db
    .insertInto('leagueQuestionAnswers')
    .values({ ...row, points: null })
    .onConflict((oc) =>
      oc.columns(['questionId', 'userId']).doUpdateSet({ choices: row.choices, answeredAt: row.answeredAt }),
    )
    .execute();
}

/** Every answer to one question (who and what), to carry them over a change of the question. */
export async function answersTo(db: DB, questionId: string): Promise<Array<{ userId: string; choices: string }>> {
  return db
    .selectFrom('leagueQuestionAnswers')
    .select(['userId', 'choices'])
    .where('questionId', '=', questionId)
    .execute();
}

/** Writes the answers a change of their question kept (their options' new places) and deletes the others. */
export async function carryAnswers(
  db: DB,
  questionId: string,
  kept: ReadonlyArray<{ userId: string; choices: string }>,
  cleared: readonly string[],
): Promise<void> {
  for (const a of kept)
    await db
      .updateTable('leagueQuestionAnswers')
      .set({ choices: a.choices })
      .where('questionId', '=', questionId)
      .where('userId', '=', a.userId)
      .execute();
  if (cleared.length)
    await db
      .deleteFrom('leagueQuestionAnswers')
      .where('questionId', '=', questionId)
      .where('userId', 'in', [...cleared])
      .execute();
}

export interface AnswerLineRow {
  userId: string;
  displayName: string;
  choices: string;
  points: number | null;
}

/** A page of the answers of a league's current members to one question, by name (then id), and how many there are. */
export async function answersPage(
  db: DB,
  leagueId: string,
  questionId: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: AnswerLineRow[] }> {
  const base = db
    .selectFrom('leagueQuestionAnswers as a')
    .innerJoin('leagueMembers as m', (j) => j.onRef('m.userId', '=', 'a.userId').on('m.leagueId', '=', leagueId))
    .innerJoin('user as u', 'u.id', 'a.userId')
    .where('a.questionId', '=', questionId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['a.userId as userId', 'a.choices as choices', 'a.points as points', displayNameSql.as('displayName')])
      .orderBy(sql`LOWER(${displayNameSql})`)
      .orderBy('a.userId')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

export interface SettlementWrite {
  correct: number[];
  settledBy: SettledBy;
  settlerId: string | null;
  settledAt: string;
  note: string | null;
}

/** Writes a settlement (or removes it: null), bumping its version, and the table's level mark. */
export async function writeSettlement(
  db: DB,
  questionId: string,
  s: SettlementWrite | null,
  tableLevel = 0,
): Promise<void> {
  await db
    .updateTable('leagueQuestions')
    .set({
      correct: s ? JSON.stringify(s.correct) : null,
      settledBy: s?.settledBy ?? null,
      settlerId: s?.settlerId ?? null,
      settledAt: s?.settledAt ?? null,
      settleNote: s?.note ?? null,
      tableLevel,
      settlementVersion: sql<number>`"settlementVersion" + 1`,
    })
    .where('id', '=', questionId)
    .execute();
}

/** Statements an IN list is cut into: well inside both databases' limits on bound values. */
const IN_CHUNK = 500;

/**
 * Gives every answer to a question its points under `correct` (null: not settled, points
 * cleared). The rule is src/game's `answerPoints`, applied once per distinct set of choices
 * (at most one per member, far fewer in practice); answers that earn the same are updated
 * together.
 */
export async function rescoreAnswers(
  db: DB,
  questionId: string,
  points: number,
  correct: readonly number[] | null,
): Promise<void> {
  if (correct === null) {
    await db.updateTable('leagueQuestionAnswers').set({ points: null }).where('questionId', '=', questionId).execute();
    return;
  }
  const distinct = await db
    .selectFrom('leagueQuestionAnswers')
    .select('choices')
    .distinct()
    .where('questionId', '=', questionId)
    .execute();
  const byPoints = new Map<number, string[]>();
  for (const { choices } of distinct) {
    const earned = answerPoints(points, correct, parseList<number>(choices));
    byPoints.set(earned, [...(byPoints.get(earned) ?? []), choices]);
  }
  for (const [earned, list] of byPoints) {
    for (let i = 0; i < list.length; i += IN_CHUNK) {
      await db
        .updateTable('leagueQuestionAnswers')
        .set({ points: earned })
        .where('questionId', '=', questionId)
        .where('choices', 'in', list.slice(i, i + IN_CHUNK))
        .execute();
    }
  }
}

/**
 * Recounts every member's bonus points in a league and season from the answers' points. Call it
 * with the league row locked (leagues/repository.ts `lockLeague`), so two recounts of one league
 * never cross.
 */
export async function refreshBonusTotals(db: DB, leagueId: string, seasonId: string): Promise<void> {
  await db.deleteFrom('leagueBonusPoints').where('leagueId', '=', leagueId).where('seasonId', '=', seasonId).execute();
  await db
    .insertInto('leagueBonusPoints')
    .columns(['leagueId', 'seasonId', 'userId', 'points'])
    .expression(
      db
        .selectFrom('leagueQuestionAnswers as a')
        .innerJoin('leagueQuestions as q', 'q.id', 'a.questionId')
        .select(['q.leagueId', 'q.seasonId', 'a.userId', (eb) => eb.fn.sum<number>('a.points').as('points')])
        .where('q.leagueId', '=', leagueId)
        .where('q.seasonId', '=', seasonId)
        .where('a.points', 'is not', null)
        .groupBy(['q.leagueId', 'q.seasonId', 'a.userId']),
    )
    .onConflict((oc) =>
      oc.columns(['leagueId', 'seasonId', 'userId']).doUpdateSet((eb) => ({ points: eb.ref('excluded.points') })),
    )
    .execute();
}

/** A season's clubs (by name, in code-unit order, the same on both databases) and its last kick-off. */
export async function seasonFacts(db: DB, seasonId: string): Promise<{ clubs: string[]; lastKickoff: string | null }> {
  const [clubs, last] = await Promise.all([
    db
      .selectFrom('clubs')
      .innerJoin('seasonClubs', 'seasonClubs.clubId', 'clubs.id')
      .select('clubs.name')
      .where('seasonClubs.seasonId', '=', seasonId)
      .execute(),
    db
      .selectFrom('fixtures')
      .select((eb) => eb.fn.max('kickoffAt').as('last'))
      .where('seasonId', '=', seasonId)
      .executeTakeFirst(),
  ]);
  return { clubs: clubs.map((c) => c.name).sort(), lastKickoff: (last?.last as string | null | undefined) ?? null };
}

/**
 * A season's results for its final table: complete when every fixture has a final result (a
 * postponed match still to be played keeps it open), and the final results' matches.
 */
export async function seasonResults(db: DB, seasonId: string): Promise<{ complete: boolean; matches: PlayedMatch[] }> {
  const rows = await db
    .selectFrom('fixtures')
    .leftJoin('results', (j) => j.onRef('results.fixtureId', '=', 'fixtures.id').on('results.final', '=', 1))
    .select([
      'fixtures.homeTeam as home',
      'fixtures.awayTeam as away',
      'results.homeScore as homeScore',
      'results.awayScore as awayScore',
    ])
    .where('fixtures.seasonId', '=', seasonId)
    .execute();
  const matches: PlayedMatch[] = [];
  for (const r of rows)
    if (r.homeScore !== null && r.awayScore !== null)
      matches.push({ home: r.home, away: r.away, homeScore: r.homeScore, awayScore: r.awayScore });
  return { complete: rows.length > 0 && matches.length === rows.length, matches };
}

/** Leagues with a table question of the season that the results settle (none settled by a person). */
export async function leaguesWithTableQuestions(db: DB, seasonId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('leagueQuestions')
    .select('leagueId')
    .distinct()
    .where('seasonId', '=', seasonId)
    .where('kind', '<>', 'free')
    .where((eb) => eb.or([eb('settledBy', 'is', null), eb('settledBy', '=', 'results')]))
    .execute();
  return rows.map((r) => r.leagueId);
}

/** Seasons that have such questions (the start-up sweep). */
export async function seasonsWithTableQuestions(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('leagueQuestions')
    .select('seasonId')
    .distinct()
    .where('kind', '<>', 'free')
    .where((eb) => eb.or([eb('settledBy', 'is', null), eb('settledBy', '=', 'results')]))
    .execute();
  return rows.map((r) => r.seasonId);
}

/** A league's table questions of a season that the results settle, locked for the transaction on PostgreSQL. */
export async function tableQuestionsOf(
  db: DB,
  leagueId: string,
  seasonId: string,
  dialect: Dialect,
): Promise<Array<Selectable<LeagueQuestionTable>>> {
  let query = db
    .selectFrom('leagueQuestions')
    .selectAll()
    .where('leagueId', '=', leagueId)
    .where('seasonId', '=', seasonId)
    .where('kind', '<>', 'free')
    .where((eb) => eb.or([eb('settledBy', 'is', null), eb('settledBy', '=', 'results')]))
    .orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return query.execute();
}
