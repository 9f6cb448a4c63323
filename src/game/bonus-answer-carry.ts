import { normaliseChoices } from './bonus-questions.js';

/** What a member answers to: a question's wording, subject and options (its points and lock are not). */
export interface AskedQuestion {
  prompt: string;
  kind: string;
  club: string | null;
  picks: number;
  options: readonly string[];
}

/**
 * What becomes of an answer when its question is changed before the lock (docs/leagues.md,
 * "Changing a bonus question"): kept, with each chosen option found again by its text in the new
 * options (they may have moved), as long as the question asks the same thing (the same wording,
 * kind, club and number of picks) and every option chosen still exists. Otherwise the answer is
 * cleared (null) and its player is told privately. A change of points or lock keeps every answer.
 */
export function carriedAnswer(
  before: AskedQuestion,
  after: AskedQuestion,
  choices: readonly number[],
): number[] | null {
  if (
    before.prompt !== after.prompt ||
    before.kind !== after.kind ||
    before.club !== after.club ||
    before.picks !== after.picks
  )
    return null;
  const moved: number[] = [];
  for (const choice of choices) {
    const option = before.options[choice];
    const at = option === undefined ? -1 : after.options.indexOf(option);
    if (at < 0) return null;
    moved.push(at);
  }
  return normaliseChoices(moved);
}
