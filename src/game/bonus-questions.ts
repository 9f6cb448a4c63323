import { splitByNameAfter, type TableLine } from './final-table.js';

/**
 * A league's bonus questions (decision record 0062): the organiser asks, members answer until
 * the lock, and a settlement (the right options) gives each answer its points. Questions about
 * the season's final table settle themselves from the results once the season's last match has
 * its result; a free question is settled by hand.
 */
export const QUESTION_KINDS = ['champion', 'relegated', 'top-four', 'final-position', 'free'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Kinds answered from the season's final table (and settled from it by themselves). */
export const TABLE_KINDS = [
  'champion',
  'relegated',
  'top-four',
  'final-position',
] as const satisfies readonly QuestionKind[];
export const isTableKind = (kind: QuestionKind): boolean => (TABLE_KINDS as readonly QuestionKind[]).includes(kind);

/** Premier League places: the bottom three go down; the top four is the top four. */
export const RELEGATION_PLACES = 3;
export const TOP_PLACES = 4;
/** A final-table question needs a real table: at least this many clubs in the season. */
export const TABLE_CLUBS_MIN = TOP_PLACES + RELEGATION_PLACES + 1;

export const BONUS_LIMITS = {
  /** Questions one league may have in one season. */
  perSeason: 50,
  optionsMin: 2,
  optionsMax: 40,
  optionMax: 60,
  promptMax: 150,
  pointsMin: 1,
  pointsMax: 20,
  noteMax: 200,
  /** A lock at most this far ahead (a question is about this season, not a distant one). */
  lockAheadDays: 366,
} as const;

/**
 * How many options a member picks: one champion, the three relegated clubs, the four clubs of
 * the top four, one place for the club, one answer to a free question. Each right pick earns
 * the question's points.
 */
export const PICKS: Readonly<Record<QuestionKind, number>> = {
  champion: 1,
  relegated: RELEGATION_PLACES,
  'top-four': TOP_PLACES,
  'final-position': 1,
  free: 1,
};

/** What a question asks when the organiser writes nothing of their own. */
export function defaultPrompt(kind: QuestionKind, club?: string | null): string {
  switch (kind) {
    case 'champion':
      return 'Who will be champions?';
    case 'relegated':
      return `Which ${RELEGATION_PLACES} clubs will be relegated?`;
    case 'top-four':
      return `Which ${TOP_PLACES} clubs will finish in the top four?`;
    case 'final-position':
      return `Where will ${club ?? 'the club'} finish?`;
    case 'free':
      return '';
  }
}

/** A final-position question's options: the places 1 to the number of clubs, as text. */
export const positionOptions = (clubCount: number): string[] =>
  Array.from({ length: clubCount }, (_, i) => String(i + 1));

/** Choices as kept: each option once, in order. */
export const normaliseChoices = (choices: readonly number[]): number[] => [...new Set(choices)].sort((a, b) => a - b);

export const sameChoices = (a: readonly number[], b: readonly number[]): boolean => {
  const x = normaliseChoices(a);
  const y = normaliseChoices(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** Why a member's choices do not answer the question (null: they do). */
export function choicesProblem(picks: number, optionCount: number, choices: readonly number[]): string | null {
  if (choices.some((c) => !Number.isInteger(c) || c < 0 || c >= optionCount)) return 'Choose from the answers offered.';
  if (new Set(choices).size !== choices.length) return 'Choose each answer only once.';
  if (choices.length !== picks) return picks === 1 ? 'Choose one answer.' : `Choose exactly ${picks} answers.`;
  return null;
}

/** Why a settlement's right options do not fit the question (null: they do). */
export function settlementProblem(optionCount: number, correct: readonly number[]): string | null {
  if (correct.length === 0) return 'Mark at least one right answer.';
  if (correct.some((c) => !Number.isInteger(c) || c < 0 || c >= optionCount))
    return 'Mark right answers from the answers offered.';
  if (new Set(correct).size !== correct.length) return 'Mark each right answer only once.';
  return null;
}

/** An answer's points under a settlement: the question's points for each right pick. */
export function answerPoints(points: number, correct: readonly number[], choices: readonly number[]): number {
  const right = new Set(correct);
  return points * normaliseChoices(choices).filter((c) => right.has(c)).length;
}

export const isLocked = (locksAt: string, now: Date): boolean => now.getTime() >= Date.parse(locksAt);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why a lock time is refused (null: fine). It must be ahead of the server's clock and within
 * the limit; a question about the final table must lock by the kick-off of the season's last
 * match (`lastKickoff`), so nobody answers it once the table is known.
 */
export function lockProblem(kind: QuestionKind, locksAt: string, now: Date, lastKickoff: string | null): string | null {
  const at = Date.parse(locksAt);
  if (!Number.isFinite(at)) return 'Enter a lock date and time.';
  if (at <= now.getTime()) return 'Choose a lock time in the future.';
  if (at > now.getTime() + BONUS_LIMITS.lockAheadDays * DAY_MS) return 'Choose a lock time within a year from now.';
  if (isTableKind(kind)) {
    if (lastKickoff === null)
      return 'This season has no fixtures yet, so questions about its final table cannot be asked.';
    if (at > Date.parse(lastKickoff))
      return "A question about the final table must lock by the kick-off of the season's last match.";
  }
  return null;
}

/** The settlement a final table gives: the right options, or `level` when only the name parted the clubs at a place asked. */
export type TableSettlement = { correct: number[] } | { level: true };

/**
 * The right options of a table question in a complete final table. Options are club names
 * (places, as text, for a final position); a club the options lack is simply not among them.
 * Returns null when no option is right (the options and the table share no club).
 */
export function settleFromTable(
  kind: QuestionKind,
  options: readonly string[],
  table: readonly TableLine[],
  club: string | null,
): TableSettlement | null {
  const n = table.length;
  const indicesOf = (clubs: readonly string[]) =>
    normaliseChoices(clubs.map((c) => options.indexOf(c)).filter((i) => i >= 0));
  let correct: number[];
  let level: boolean;
  switch (kind) {
    case 'champion':
      correct = indicesOf(table.slice(0, 1).map((l) => l.club));
      level = splitByNameAfter(table, 1);
      break;
    case 'top-four':
      correct = indicesOf(table.slice(0, TOP_PLACES).map((l) => l.club));
      level = splitByNameAfter(table, TOP_PLACES);
      break;
    case 'relegated':
      correct = indicesOf(table.slice(n - RELEGATION_PLACES).map((l) => l.club));
      level = splitByNameAfter(table, n - RELEGATION_PLACES);
      break;
    case 'final-position': {
      const line = table.find((l) => l.club === club);
      if (!line) return null;
      correct = indicesOf([String(line.position)]);
      level = splitByNameAfter(table, line.position - 1) || splitByNameAfter(table, line.position);
      break;
    }
    case 'free':
      return null;
  }
  if (level) return { level: true };
  return correct.length ? { correct } : null;
}
