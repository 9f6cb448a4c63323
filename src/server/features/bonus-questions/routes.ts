import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, idParam, okDto } from '../../../contract/common.js';
import { seasonQuery } from '../../../contract/seasons.js';
import {
  answerSchema,
  answersPageDto,
  answersQuery,
  questionListReply,
  questionReply,
  settleSchema,
  settlementVersionQuery,
} from '../../../contract/bonus-questions.js';
import {
  createQuestionSchema,
  updateQuestionSchema,
  type UpdateQuestionInput,
} from '../../../contract/bonus-question-rules.js';
import {
  BONUS_LIMITS,
  choicesProblem,
  defaultPrompt,
  isLocked,
  isTableKind,
  lockProblem,
  normaliseChoices,
  PICKS,
  positionOptions,
  sameChoices,
  settlementProblem,
  TABLE_CLUBS_MIN,
} from '../../../game/bonus-questions.js';
import type { DB } from '../../db/index.js';
import type { SessionUser } from '../../auth/session.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { getLeagueMembership, lockLeague } from '../leagues/index.js';
import { LEAGUE_GONE, NOT_A_MEMBER } from '../leagues/index.js';
import { resolveSeason } from '../../seasons/service.js';
import { presentAnswerLine, presentQuestion } from './presenter.js';
import * as repo from './repository.js';
import { carriedAnswer, type AskedQuestion } from '../../../game/bonus-answer-carry.js';
import { routeLimit } from '../../security/route-limits.js';
import { toLeagueMembers } from '../../realtime/bus.js';

export const QUESTION_GONE = 'This question does not exist. It may have been deleted.';
export const ONLY_CREATOR = 'Only the league creator can add, change or delete bonus questions.';
export const ONLY_SETTLERS = 'Only the league creator or an admin can settle bonus questions.';
export const TOO_MANY_QUESTIONS = `A league can have ${BONUS_LIMITS.perSeason} bonus questions in a season. Delete one to add another.`;
export const SEASON_OVER = 'This season is over. Add questions to the current season.';
export const ANSWERS_CLOSED = 'This question has locked, so answers can no longer be given or changed.';
export const ALREADY_SETTLED = 'This question is settled already, so answers can no longer be given or changed.';
export const CANNOT_CHANGE_LOCKED = 'This question has locked, so it can no longer be changed.';
export const NOT_LOCKED_YET = 'Members can answer until the lock. Settle the question once it has locked.';
export const ANSWERS_HIDDEN = "Members' answers stay hidden until the question locks.";
export const SETTLED_MEANWHILE = 'This question was settled meanwhile. Look at its settlement before changing it.';
export const UNSETTLED_MEANWHILE =
  'The settlement of this question changed meanwhile. Look at it again before settling.';
export const FROM_RESULTS = "This question was settled from the season's final table. Change the settlement instead.";

const params = z.object({ id: idParam(100) });
const questionParams = params.extend({ questionId: idParam(100) });

/** A league's bonus questions: routes (decision records 0062, 0063). */
export async function bonusQuestionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = (): DB => app.deps.db;
  const dialect = () => app.deps.handle.dialect;
  // Writes that reach the members' screens go at each player's own pace (decision 0101).
  const questionsLimit = routeLimit(
    app,
    'bonusQuestionsPerUser',
    'user',
    (wait) => `You are changing bonus questions too often. Please wait ${wait} and try again.`,
  );
  const settlementLimit = routeLimit(
    app,
    'bonusSettlementPerUser',
    'user',
    (wait) => `You are settling bonus questions too often. Please wait ${wait} and try again.`,
  );
  /** A change of the league's questions or bonus points: its members hear it, and its author. */
  const toMembers = (change: Parameters<typeof toLeagueMembers>[0], leagueId: string, authorId: string) =>
    app.deps.bus.publish(toLeagueMembers(change, [leagueId], [authorId]));

  /** Who the caller is to the league: a member, its creator, an admin. A league that does not exist is a 404 for everyone. */
  async function access(leagueId: string, user: SessionUser) {
    const league = await getLeagueMembership(db(), leagueId, user.id);
    if (!league) throw notFound(LEAGUE_GONE);
    return {
      league,
      isMember: Number(league.isMember) > 0,
      isCreator: league.creatorId === user.id,
      isAdmin: user.role === 'admin',
    };
  }

  /** The league locked for a change of its questions (leagues/repository.ts lockLeague), with the caller's standing read from that row. */
  async function lockedLeague(trx: DB, leagueId: string, user: SessionUser) {
    const league = await lockLeague(trx, dialect(), { id: leagueId }, 'update');
    if (!league) throw notFound(LEAGUE_GONE);
    return { league, isCreator: league.creatorId === user.id, isAdmin: user.role === 'admin' };
  }

  async function questionIn(trx: DB, leagueId: string, questionId: string, mode: 'update' | 'share') {
    const q = await repo.getQuestion(trx, leagueId, questionId, { dialect: dialect(), mode });
    if (!q) throw notFound(QUESTION_GONE);
    return q;
  }

  /** What a question is stored as, once the server's own rules hold: the lock, the season's clubs, the options it derives. */
  async function storedFields(trx: DB, body: UpdateQuestionInput, seasonId: string, now: Date) {
    const facts = await repo.seasonFacts(trx, seasonId);
    const problem = lockProblem(body.kind, body.locksAt, now, facts.lastKickoff);
    if (problem) throw badRequest(problem, 'validation_error');
    let club: string | null = null;
    let options: string[];
    if (body.kind === 'free') options = body.options ?? [];
    else {
      if (facts.clubs.length < TABLE_CLUBS_MIN)
        throw badRequest('This season has too few clubs for a question about its final table.', 'validation_error');
      if (body.kind === 'final-position') {
        club = facts.clubs.find((c) => c === body.club) ?? null;
        if (club === null) throw badRequest('Choose a club of this season.', 'validation_error');
        options = positionOptions(facts.clubs.length);
      } else options = facts.clubs;
    }
    return {
      kind: body.kind,
      prompt: body.prompt || defaultPrompt(body.kind, club),
      club,
      options: JSON.stringify(options),
      picks: PICKS[body.kind],
      points: body.points,
      locksAt: new Date(body.locksAt).toISOString(),
    };
  }

  /** One question for the viewer, read again after a change. */
  async function questionFor(leagueId: string, questionId: string, viewerId: string, editable: boolean) {
    const row = await repo.getQuestion(db(), leagueId, questionId);
    if (!row) throw notFound(QUESTION_GONE);
    const now = app.deps.clock.now();
    const locked = isLocked(row.locksAt, now);
    const [mine, tally] = await Promise.all([
      repo.answersOf(db(), viewerId, [row.id]),
      locked ? repo.tallies(db(), [row.id]) : [],
    ]);
    return presentQuestion(row, { now, mine: mine.get(row.id), tally: locked ? tally : undefined, editable });
  }

  app.get(
    '/api/leagues/:id/questions',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['bonus-questions'],
        summary:
          "A league's bonus questions in a season (unless ?season=, the one its table shows), with the viewer's answers; other members' answers only after each lock (members and admins)",
        params,
        querystring: seasonQuery,
        response: { 200: questionListReply, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { league, isMember, isCreator, isAdmin } = await access(req.params.id, user);
      if (!isMember && !isAdmin) throw forbidden(NOT_A_MEMBER);
      const now = app.deps.clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season, 'standings');
      const rows = await repo.listQuestions(db(), league.id, season.id);
      const ids = rows.map((r) => r.id);
      const lockedIds = rows.filter((r) => isLocked(r.locksAt, now)).map((r) => r.id);
      const [mine, tallies] = await Promise.all([repo.answersOf(db(), user.id, ids), repo.tallies(db(), lockedIds)]);
      const byQuestion = new Map<string, Array<{ choices: string; n: number }>>();
      for (const t of tallies) byQuestion.set(t.questionId, [...(byQuestion.get(t.questionId) ?? []), t]);
      return {
        season: season.id,
        now: now.toISOString(),
        canManage: isCreator,
        canSettle: isCreator || isAdmin,
        max: BONUS_LIMITS.perSeason,
        questions: rows.map((r) =>
          presentQuestion(r, {
            now,
            mine: mine.get(r.id),
            tally: lockedIds.includes(r.id) ? (byQuestion.get(r.id) ?? []) : undefined,
            // Whether anyone answered never shows before the lock, not even to the creator (decision 0101).
            editable: isCreator,
          }),
        ),
      };
    },
  );

  app.post(
    '/api/leagues/:id/questions',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: questionsLimit,
      schema: {
        tags: ['bonus-questions'],
        summary: `Add a bonus question to a season (the league's creator; at most ${BONUS_LIMITS.perSeason} a season)`,
        params,
        body: createQuestionSchema,
        response: { 201: questionReply, 400: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 429: errorDto },
      },
    },
    async (req, reply) => {
      const { user } = req;
      const now = app.deps.clock.now();
      const { isCreator } = await access(req.params.id, user);
      if (!isCreator) throw forbidden(ONLY_CREATOR);
      const season = await resolveSeason(app.deps.seasons, now, req.body.season);
      if (season.phase === 'finished') throw conflict(SEASON_OVER, 'season_finished');
      const id = crypto.randomUUID();
      await db()
        .transaction()
        .execute(async (trx) => {
          const locked = await lockedLeague(trx, req.params.id, user);
          if (!locked.isCreator) throw forbidden(ONLY_CREATOR);
          // Counted with the league locked: two adds at once cannot both take the last place.
          if ((await repo.countQuestions(trx, req.params.id, season.id)) >= BONUS_LIMITS.perSeason)
            throw conflict(TOO_MANY_QUESTIONS, 'limit_reached');
          const fields = await storedFields(trx, req.body, season.id, now);
          const at = now.toISOString();
          await repo.insertQuestion(trx, {
            id,
            leagueId: req.params.id,
            seasonId: season.id,
            ...fields,
            createdBy: user.id,
            createdAt: at,
            updatedAt: at,
          });
        });
      await toMembers({ type: 'bonus-questions.changed', leagueId: req.params.id }, req.params.id, user.id);
      return reply.status(201).send({ question: await questionFor(req.params.id, id, user.id, true) });
    },
  );

  app.put(
    '/api/leagues/:id/questions/:questionId',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: questionsLimit,
      schema: {
        tags: ['bonus-questions'],
        summary:
          "Change a bonus question (the league's creator; before its lock). Answers that still fit are kept (their options found again); the others are cleared and their players told, privately",
        params: questionParams,
        body: updateQuestionSchema,
        response: { 200: questionReply, 400: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 429: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const now = app.deps.clock.now();
      const cleared = await db()
        .transaction()
        .execute(async (trx) => {
          const { isCreator } = await lockedLeague(trx, req.params.id, user);
          if (!isCreator) throw forbidden(ONLY_CREATOR);
          const q = await questionIn(trx, req.params.id, req.params.questionId, 'update');
          if (isLocked(q.locksAt, now) || q.correct !== null) throw conflict(CANNOT_CHANGE_LOCKED, 'locked');
          const fields = await storedFields(trx, req.body, q.seasonId, now);
          await repo.updateQuestion(trx, q.id, { ...fields, updatedAt: now.toISOString() });
          // The creator is told the same whether or not anyone answered (decision 0101): answers
          // are carried over or cleared here, and only their players hear of it.
          const asked = (row: typeof fields): AskedQuestion => ({
            prompt: row.prompt,
            kind: row.kind,
            club: row.club,
            picks: row.picks,
            options: repo.parseList<string>(row.options),
          });
          const before = asked(q);
          const after = asked(fields);
          const kept: Array<{ userId: string; choices: string }> = [];
          const gone: string[] = [];
          for (const a of await repo.answersTo(trx, q.id)) {
            const carried = carriedAnswer(before, after, repo.parseList<number>(a.choices));
            if (carried === null) gone.push(a.userId);
            else if (JSON.stringify(carried) !== a.choices)
              kept.push({ userId: a.userId, choices: JSON.stringify(carried) });
          }
          await repo.carryAnswers(trx, q.id, kept, gone);
          return gone;
        });
      await toMembers({ type: 'bonus-questions.changed', leagueId: req.params.id }, req.params.id, user.id);
      // Each player whose answer was cleared: their own tabs show the question unanswered again.
      for (const userId of cleared)
        await app.deps.bus.publish({ type: 'bonus-questions.changed', leagueId: req.params.id, userId });
      return { question: await questionFor(req.params.id, req.params.questionId, user.id, true) };
    },
  );

  app.delete(
    '/api/leagues/:id/questions/:questionId',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: questionsLimit,
      schema: {
        tags: ['bonus-questions'],
        summary:
          "Delete a bonus question with its answers (the league's creator); a settled one's points leave the table",
        params: questionParams,
        response: { 200: okDto, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const settled = await db()
        .transaction()
        .execute(async (trx) => {
          const { isCreator } = await lockedLeague(trx, req.params.id, user);
          if (!isCreator) throw forbidden(ONLY_CREATOR);
          const q = await questionIn(trx, req.params.id, req.params.questionId, 'update');
          await repo.deleteQuestion(trx, q.id);
          if (q.correct === null) return false;
          await repo.refreshBonusTotals(trx, q.leagueId, q.seasonId);
          return true;
        });
      // A settled question's points move with it (tables, positions).
      await toMembers(
        settled
          ? { type: 'bonus.settled', leagueId: req.params.id }
          : { type: 'bonus-questions.changed', leagueId: req.params.id },
        req.params.id,
        user.id,
      );
      return { ok: true as const };
    },
  );

  app.put(
    '/api/leagues/:id/questions/:questionId/answer',
    {
      config: { auth: 'verified', publishes: 'own' },
      schema: {
        tags: ['bonus-questions'],
        summary: 'Answer a bonus question, or change the answer (members; until its lock, by the server clock)',
        params: questionParams,
        body: answerSchema,
        response: { 200: questionReply, 400: errorDto, 403: errorDto, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { isMember } = await access(req.params.id, user);
      if (!isMember) throw forbidden(NOT_A_MEMBER);
      const now = app.deps.clock.now();
      await db()
        .transaction()
        .execute(async (trx) => {
          const q = await questionIn(trx, req.params.id, req.params.questionId, 'share');
          if (isLocked(q.locksAt, now)) throw conflict(ANSWERS_CLOSED, 'locked');
          if (q.correct !== null) throw conflict(ALREADY_SETTLED, 'settled');
          const problem = choicesProblem(q.picks, repo.parseList<string>(q.options).length, req.body.choices);
          if (problem) throw badRequest(problem, 'validation_error');
          await repo.saveAnswer(trx, {
            questionId: q.id,
            userId: user.id,
            choices: JSON.stringify(normaliseChoices(req.body.choices)),
            answeredAt: now.toISOString(),
          });
        });
      // Only the player's own tabs hear of it: nobody else learns that, or when, they answered.
      await app.deps.bus.publish({ type: 'bonus-questions.changed', leagueId: req.params.id, userId: user.id });
      return { question: await questionFor(req.params.id, req.params.questionId, user.id, false) };
    },
  );

  app.get(
    '/api/leagues/:id/questions/:questionId/answers',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['bonus-questions'],
        summary:
          "A page of the members' answers to a bonus question, by name (members and admins; only once it has locked)",
        params: questionParams,
        querystring: answersQuery,
        response: { 200: answersPageDto, 403: errorDto, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { isMember, isAdmin } = await access(req.params.id, user);
      if (!isMember && !isAdmin) throw forbidden(NOT_A_MEMBER);
      const q = await repo.getQuestion(db(), req.params.id, req.params.questionId);
      if (!q) throw notFound(QUESTION_GONE);
      if (!isLocked(q.locksAt, app.deps.clock.now())) throw conflict(ANSWERS_HIDDEN, 'not_locked');
      const { page, pageSize } = req.query;
      const { total, rows } = await repo.answersPage(db(), req.params.id, q.id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { questionId: q.id, page, pageSize, total, answers: rows.map((r) => presentAnswerLine(r, user.id)) };
    },
  );

  app.put(
    '/api/leagues/:id/questions/:questionId/settlement',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: settlementLimit,
      schema: {
        tags: ['bonus-questions'],
        summary:
          "Settle a locked bonus question, or change its settlement, which rescores it (the league's creator or an admin). The same settlement again changes nothing; a different one over a settlement not seen (its version) is refused",
        params: questionParams,
        body: settleSchema,
        response: { 200: questionReply, 400: errorDto, 403: errorDto, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const now = app.deps.clock.now();
      const { correct, version } = req.body;
      const note = req.body.note || null;
      const changed = await db()
        .transaction()
        .execute(async (trx) => {
          const { isCreator, isAdmin } = await lockedLeague(trx, req.params.id, user);
          if (!isCreator && !isAdmin) throw forbidden(ONLY_SETTLERS);
          const q = await questionIn(trx, req.params.id, req.params.questionId, 'update');
          if (!isLocked(q.locksAt, now)) throw conflict(NOT_LOCKED_YET, 'not_locked');
          const problem = settlementProblem(repo.parseList<string>(q.options).length, correct);
          if (problem) throw badRequest(problem, 'validation_error');
          // Settling twice with the same answer is harmless: a repeated click, or two settlers who agree.
          if (
            q.correct !== null &&
            sameChoices(repo.parseList<number>(q.correct), correct) &&
            (q.settleNote ?? null) === note
          )
            return false;
          if (version !== q.settlementVersion)
            throw conflict(q.correct === null ? UNSETTLED_MEANWHILE : SETTLED_MEANWHILE, 'settled_meanwhile');
          const settledBy = isCreator ? ('organiser' as const) : ('admin' as const);
          await repo.writeSettlement(
            trx,
            q.id,
            { correct: normaliseChoices(correct), settledBy, settlerId: user.id, settledAt: now.toISOString(), note },
            q.tableLevel,
          );
          await repo.rescoreAnswers(trx, q.id, q.points, correct);
          await repo.refreshBonusTotals(trx, q.leagueId, q.seasonId);
          return true;
        });
      if (changed) await toMembers({ type: 'bonus.settled', leagueId: req.params.id }, req.params.id, user.id);
      return { question: await questionFor(req.params.id, req.params.questionId, user.id, false) };
    },
  );

  app.delete(
    '/api/leagues/:id/questions/:questionId/settlement',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: settlementLimit,
      schema: {
        tags: ['bonus-questions'],
        summary:
          "Take back a settlement made by hand (the league's creator or an admin), asked against its version; its points leave the table, and a question about the final table is settled from it again when the season is complete",
        params: questionParams,
        querystring: settlementVersionQuery,
        response: { 200: questionReply, 403: errorDto, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const out = await db()
        .transaction()
        .execute(async (trx) => {
          const { isCreator, isAdmin } = await lockedLeague(trx, req.params.id, user);
          if (!isCreator && !isAdmin) throw forbidden(ONLY_SETTLERS);
          const q = await questionIn(trx, req.params.id, req.params.questionId, 'update');
          if (q.correct === null) return null;
          if (q.settledBy === 'results') throw conflict(FROM_RESULTS, 'from_results');
          if (req.query.version !== q.settlementVersion) throw conflict(SETTLED_MEANWHILE, 'settled_meanwhile');
          await repo.writeSettlement(trx, q.id, null, q.tableLevel);
          await repo.rescoreAnswers(trx, q.id, q.points, null);
          await repo.refreshBonusTotals(trx, q.leagueId, q.seasonId);
          return q;
        });
      if (out) {
        await toMembers({ type: 'bonus.settled', leagueId: req.params.id }, req.params.id, user.id);
        if (isTableKind(out.kind)) app.bonusResolver.schedule(out.seasonId);
      }
      return { question: await questionFor(req.params.id, req.params.questionId, user.id, false) };
    },
  );
}
