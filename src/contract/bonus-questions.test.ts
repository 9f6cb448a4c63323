import { describe, expect, test } from 'vitest';
import { answerSchema, settleSchema } from './bonus-questions.js';
import { createQuestionSchema } from './bonus-question-rules.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
const base = { kind: 'free', prompt: 'Yes or no?', options: ['Yes', 'No'], points: 5, locksAt: '2030-08-10T12:00:00Z' };

describe('the bonus question schemas (shared by the form and the routes)', () => {
  test('a free question has its words and 2–40 different answers', () => {
    expect(createQuestionSchema.safeParse(base).success).toBe(true);
    expect(messages(createQuestionSchema.safeParse({ ...base, prompt: ' ' }))).toEqual(['prompt: Write the question.']);
    expect(messages(createQuestionSchema.safeParse({ ...base, options: ['Yes'] }))).toEqual([
      'options: Give 2 to 40 answers to choose from.',
    ]);
    expect(
      messages(createQuestionSchema.safeParse({ ...base, options: Array.from({ length: 41 }, (_, i) => `A${i}`) })),
    ).toEqual(['options: Give 2 to 40 answers to choose from.']);
    expect(messages(createQuestionSchema.safeParse({ ...base, options: ['Yes', 'YES '] }))).toEqual([
      'options.1: Each answer must be different.',
    ]);
  });

  test('answers that look the same are one answer, and a question must show something', () => {
    // A Cyrillic е, an invisible separator, a zero for an O, full-width letters.
    for (const [a, b] of [
      ['Yes', 'Y\u0435s'],
      ['No', 'N\u043E'],
      ['Arsenal', 'Arsenal\u2063'],
      ['Over 2.5', 'Over 2.5\u00AD'],
      ['Oxford', '0xford'],
      ['Yes', 'Ｙｅｓ'],
    ]) {
      const issues = messages(createQuestionSchema.safeParse({ ...base, options: [a, b] }));
      expect(issues.length, `${a} / ${b}`).toBeGreaterThan(0);
      for (const issue of issues)
        expect(issue).toMatch(/^options\.1: (Each answer must be different|An answer can't contain invisible)/);
    }
    expect(messages(createQuestionSchema.safeParse({ ...base, options: ['Yes', 'Y\u0435s'] }))).toEqual([
      'options.1: Each answer must be different. “Yеs” looks the same as “Yes”.',
    ]);
    expect(messages(createQuestionSchema.safeParse({ ...base, options: ['Yes', 'Yes!'] }))).toEqual([]);
    for (const prompt of ['\u2063', 'Who\u2063 wins?', '\u3164', '\u2800', 'Who\u{E0041} wins?'])
      expect(messages(createQuestionSchema.safeParse({ ...base, prompt })), JSON.stringify(prompt)).toEqual([
        "prompt: The question can't contain invisible or control characters.",
      ]);
  });

  test('a final-table question has no answers of its own; a final position names its club', () => {
    expect(createQuestionSchema.safeParse({ kind: 'champion', points: 3, locksAt: base.locksAt }).success).toBe(true);
    expect(
      messages(
        createQuestionSchema.safeParse({ kind: 'top-four', points: 3, locksAt: base.locksAt, options: ['A', 'B'] }),
      )[0],
    ).toMatch(/^options: Only your own question/);
    expect(
      messages(createQuestionSchema.safeParse({ kind: 'final-position', points: 3, locksAt: base.locksAt })),
    ).toEqual(['club: Choose the club.']);
  });

  test('points, lock, answers and settlements', () => {
    expect(messages(createQuestionSchema.safeParse({ ...base, points: 0 }))).toEqual([
      'points: Give the question 1 to 20 points.',
    ]);
    expect(messages(createQuestionSchema.safeParse({ ...base, locksAt: '2030-08-10 12:00' }))).toEqual([
      'locksAt: Enter a lock date and time.',
    ]);
    expect(createQuestionSchema.safeParse({ ...base, locksAt: '2030-08-10T13:00:00+01:00' }).success).toBe(true);
    expect(answerSchema.safeParse({ choices: [0] }).success).toBe(true);
    expect(messages(answerSchema.safeParse({ choices: [40] }))).toEqual([
      'choices.0: Choose from the answers offered.',
    ]);
    expect(messages(settleSchema.safeParse({ correct: [], version: 0 }))).toEqual([
      'correct: Mark at least one right answer.',
    ]);
    expect(messages(settleSchema.safeParse({ correct: [1], version: 0, note: 'x'.repeat(201) }))).toEqual([
      'note: The note must be 200 characters or less.',
    ]);
  });
});
