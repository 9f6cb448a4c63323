import { z } from 'zod';
import { BONUS_LIMITS, QUESTION_KINDS, TOP_PLACES, type QuestionKind } from '../game/bonus-questions.js';
import { hasHiddenCharacters, hasHiddenTextCharacters, hiddenCharactersMessage } from './common.js';

/**
 * A league's bonus questions (decision record 0062): what the organiser's form and the routes
 * share, and what the routes answer.
 */
export const SETTLED_BY = ['results', 'organiser', 'admin'] as const;
export type SettledBy = (typeof SETTLED_BY)[number];

export const KIND_LABELS: Record<QuestionKind, string> = {
  champion: 'Champions',
  relegated: 'Relegation',
  'top-four': 'Top four',
  'final-position': 'Final position',
  free: 'Your own question',
};

const L = BONUS_LIMITS;
export const POINTS_MESSAGE = `Give the question ${L.pointsMin} to ${L.pointsMax} points.`;
export const OPTIONS_MESSAGE = `Give ${L.optionsMin} to ${L.optionsMax} answers to choose from.`;
export const sameAnswerMessage = (answer: string, earlier: string) =>
  answer.toLowerCase() === earlier.toLowerCase()
    ? 'Each answer must be different.'
    : `Each answer must be different. “${answer}” looks the same as “${earlier}”.`;

const promptField = z
  .string({ error: 'Write the question.' })
  .trim()
  .max(L.promptMax, { error: `The question must be ${L.promptMax} characters or less.` })
  .refine((v) => !hasHiddenCharacters(v), { error: hiddenCharactersMessage('The question') });

const optionField = z
  .string({ error: 'An answer cannot be empty.' })
  .trim()
  .min(1, { error: 'An answer cannot be empty.' })
  .max(L.optionMax, { error: `Each answer must be ${L.optionMax} characters or less.` })
  .refine((v) => !hasHiddenCharacters(v), { error: hiddenCharactersMessage('An answer') });

// Writing a question (its cross-field rule and look-alike table, the create and change schemas) is in
// bonus-question-rules.ts, so that a page that only reads questions does not load it.

/** The fields of a question but its lock time (the form enters that in the viewer's zone, the routes take an instant). */
export const questionFields = {
  kind: z.enum(QUESTION_KINDS, { error: 'Choose what the question is about.' }),
  prompt: promptField.optional(),
  club: z.string().trim().max(100).optional(),
  options: z.array(optionField).max(L.optionsMax, { error: OPTIONS_MESSAGE }).optional(),
  points: z
    .number({ error: POINTS_MESSAGE })
    .int({ error: POINTS_MESSAGE })
    .min(L.pointsMin, { error: POINTS_MESSAGE })
    .max(L.pointsMax, { error: POINTS_MESSAGE }),
};

const optionIndex = z
  .number({ error: 'Choose from the answers offered.' })
  .int({ error: 'Choose from the answers offered.' })
  .min(0, { error: 'Choose from the answers offered.' })
  .max(L.optionsMax - 1, { error: 'Choose from the answers offered.' });

/** A member's answer: the offered options chosen, by their place in the list (the question says how many). */
export const answerSchema = z.object({
  choices: z
    .array(optionIndex)
    .min(1, { error: 'Choose an answer.' })
    .max(TOP_PLACES, { error: `Choose at most ${TOP_PLACES} answers.` }),
});
export type AnswerInput = z.infer<typeof answerSchema>;

/**
 * Settle, or change a settlement: the right options, a note members see, and the settlement
 * `version` the settler was looking at (0: not settled). Settling again with the same right
 * options changes nothing; a different settlement over one the settler has not seen is refused
 * (decision record 0063).
 */
export const settleSchema = z.object({
  correct: z
    .array(optionIndex)
    .min(1, { error: 'Mark at least one right answer.' })
    .max(L.optionsMax, { error: 'Mark at most one right answer per option.' }),
  note: z
    .string()
    .trim()
    .max(L.noteMax, { error: `The note must be ${L.noteMax} characters or less.` })
    .refine((v) => !hasHiddenTextCharacters(v), { error: hiddenCharactersMessage('The note') })
    .optional(),
  version: z.number().int().min(0).max(1_000_000),
});
export type SettleInput = z.infer<typeof settleSchema>;

/** The settlement's version a removal was asked against (the unsettle route's query). */
export const settlementVersionQuery = z.object({ version: z.coerce.number().int().min(0).max(1_000_000) });

// ---------------------------------------------------------------- responses

export const settlementDto = z.object({
  correct: z.array(z.number()),
  by: z.enum(SETTLED_BY),
  /** Who settled it by hand (their leaderboard name); null when settled from the results. */
  byName: z.string().nullable(),
  at: z.string(),
  note: z.string().nullable(),
});
export type Settlement = z.infer<typeof settlementDto>;

export const questionDto = z.object({
  id: z.string(),
  season: z.string(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  /** The club of a final-position question. */
  club: z.string().nullable(),
  /** What members choose from: club names, places ("1", "2", …) or the organiser's answers. */
  options: z.array(z.string()),
  /** How many options an answer picks; each right one earns `points`. */
  picks: z.number(),
  points: z.number(),
  locksAt: z.string(),
  locked: z.boolean(),
  /** Settles itself from the season's final table. */
  fromTable: z.boolean(),
  /** The final table was level on everything at a place it asks about: a person settles it. */
  tableLevel: z.boolean(),
  /** The creator may still change it (before the lock; whether anyone answered is never told). */
  canEdit: z.boolean(),
  /** The viewer's own answer. */
  mine: z.object({ choices: z.array(z.number()), answeredAt: z.string(), points: z.number().nullable() }).nullable(),
  /** After the lock only: how many answered, and how often each option was chosen. */
  answered: z.number().nullable(),
  tally: z.array(z.number()).nullable(),
  settlement: settlementDto.nullable(),
  /** Bumped by every change of settlement (0: never settled); a change is asked against it. */
  settlementVersion: z.number(),
});
export type Question = z.infer<typeof questionDto>;

export const questionListReply = z.object({
  season: z.string(),
  now: z.string(),
  /** The viewer created the league: adds, changes, deletes and settles its questions. */
  canManage: z.boolean(),
  /** The viewer may settle (the creator, or an admin). */
  canSettle: z.boolean(),
  max: z.number(),
  questions: z.array(questionDto),
});
export type QuestionList = z.infer<typeof questionListReply>;

export const questionReply = z.object({ question: questionDto });

export const answerLineDto = z.object({
  userId: z.string(),
  displayName: z.string(),
  choices: z.array(z.number()),
  points: z.number().nullable(),
  isViewer: z.boolean(),
});
export type AnswerLine = z.infer<typeof answerLineDto>;

export const answersPageDto = z.object({
  questionId: z.string(),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  answers: z.array(answerLineDto),
});
export type AnswersPage = z.infer<typeof answersPageDto>;
export const ANSWERS_PAGE_MAX = 100;
export const answersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ANSWERS_PAGE_MAX).default(50),
});
