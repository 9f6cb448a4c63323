import type { Question } from '../../../../contract/bonus-questions';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** An option as members read it: a place as "3rd", anything else as written. */
export const optionLabel = (q: Pick<Question, 'kind' | 'options'>, i: number): string => {
  const text = q.options[i] ?? '';
  return q.kind === 'final-position' ? ordinal(Number(text)) : text;
};

/** A list of options as one phrase: "Arsenal FC", "Arsenal FC and Chelsea FC", "A, B and C". */
export function optionList(q: Pick<Question, 'kind' | 'options'>, indices: readonly number[]): string {
  const names = indices.map((i) => optionLabel(q, i));
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a question is worth: "5 points", or "2 points for each right club" when an answer picks several. */
export function worthText(q: Pick<Question, 'points' | 'picks'>): string {
  return q.picks > 1
    ? `${plural(q.points, 'point', 'points')} for each right club`
    : plural(q.points, 'point', 'points');
}

/** What an answer earned, once settled. */
export const earnedText = (points: number): string =>
  points === 0 ? 'No points' : `+${plural(points, 'point', 'points')}`;

/** How many to choose, as the answer form asks. */
export const chooseText = (picks: number): string => (picks === 1 ? 'Choose one.' : `Choose ${picks}.`);
