import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  answerPoints,
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
  settleFromTable,
  settlementProblem,
} from './bonus-questions.js';
import { finalTable } from './final-table.js';

describe('answers and points', () => {
  test('how many options each kind picks', () => {
    expect(PICKS).toEqual({ champion: 1, relegated: 3, 'top-four': 4, 'final-position': 1, free: 1 });
    expect(isTableKind('free')).toBe(false);
    expect(isTableKind('final-position')).toBe(true);
  });

  test('the question points for each right pick', () => {
    expect(answerPoints(5, [2], [2])).toBe(5);
    expect(answerPoints(5, [2], [3])).toBe(0);
    expect(answerPoints(2, [0, 4, 7], [7, 1, 4])).toBe(4);
    expect(answerPoints(3, [0, 1, 2, 3], [0, 1, 2, 3])).toBe(12);
    // A free question may have more than one right answer.
    expect(answerPoints(4, [0, 1], [1])).toBe(4);
  });

  test('property: points are a whole multiple of the question points, at most points × picks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 39 }), { minLength: 1, maxLength: 40 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 39 }), { minLength: 1, maxLength: 4 }),
        (points, correct, choices) => {
          const got = answerPoints(points, correct, choices);
          expect(got % points).toBe(0);
          expect(got).toBeLessThanOrEqual(points * choices.length);
          expect(got).toBe(points * choices.filter((c) => correct.includes(c)).length);
        },
      ),
    );
  });

  test('choices must be the right number of distinct offered options', () => {
    expect(choicesProblem(1, 3, [0])).toBeNull();
    expect(choicesProblem(3, 20, [19, 0, 7])).toBeNull();
    expect(choicesProblem(1, 3, [3])).toBe('Choose from the answers offered.');
    expect(choicesProblem(1, 3, [-1])).toBe('Choose from the answers offered.');
    expect(choicesProblem(1, 3, [0.5])).toBe('Choose from the answers offered.');
    expect(choicesProblem(3, 20, [1, 1, 2])).toBe('Choose each answer only once.');
    expect(choicesProblem(3, 20, [1, 2])).toBe('Choose exactly 3 answers.');
    expect(choicesProblem(1, 3, [0, 1])).toBe('Choose one answer.');
    expect(choicesProblem(1, 3, [])).toBe('Choose one answer.');
  });

  test('a settlement marks at least one offered option, each once', () => {
    expect(settlementProblem(2, [1])).toBeNull();
    expect(settlementProblem(2, [0, 1])).toBeNull();
    expect(settlementProblem(2, [])).toBe('Mark at least one right answer.');
    expect(settlementProblem(2, [2])).toBe('Mark right answers from the answers offered.');
    expect(settlementProblem(2, [1, 1])).toBe('Mark each right answer only once.');
  });

  test('choices are kept sorted and once', () => {
    expect(normaliseChoices([3, 1, 3, 0])).toEqual([0, 1, 3]);
    expect(sameChoices([2, 1], [1, 2])).toBe(true);
    expect(sameChoices([1], [1, 2])).toBe(false);
  });

  test('prompts and places', () => {
    expect(defaultPrompt('relegated')).toBe('Which 3 clubs will be relegated?');
    expect(defaultPrompt('final-position', 'Arsenal FC')).toBe('Where will Arsenal FC finish?');
    expect(positionOptions(3)).toEqual(['1', '2', '3']);
  });
});

describe('locks', () => {
  const now = new Date('2025-08-19T12:00:00Z');
  test('locked from the lock instant on', () => {
    expect(isLocked('2025-08-19T12:00:00.000Z', now)).toBe(true);
    expect(isLocked('2025-08-19T12:00:00.001Z', now)).toBe(false);
  });

  test('a lock is ahead, within a year, and by the last kick-off for a table question', () => {
    const last = '2026-05-24T15:00:00.000Z';
    expect(lockProblem('free', '2025-08-23T14:00:00.000Z', now, null)).toBeNull();
    expect(lockProblem('free', '2025-08-19T12:00:00.000Z', now, null)).toBe('Choose a lock time in the future.');
    expect(lockProblem('free', 'soon', now, null)).toBe('Enter a lock date and time.');
    expect(
      lockProblem(
        'free',
        new Date(now.getTime() + (BONUS_LIMITS.lockAheadDays + 1) * 86_400_000).toISOString(),
        now,
        null,
      ),
    ).toBe('Choose a lock time within a year from now.');
    expect(lockProblem('champion', last, now, last)).toBeNull();
    expect(lockProblem('champion', '2026-05-24T15:00:00.001Z', now, last)).toBe(
      "A question about the final table must lock by the kick-off of the season's last match.",
    );
    expect(lockProblem('top-four', '2025-09-01T12:00:00.000Z', now, null)).toMatch(/no fixtures yet/);
  });
});

describe('settling from the final table', () => {
  const clubs = ['Ants', 'Bees', 'Cats', 'Dogs', 'Eels', 'Fish', 'Gnus', 'Hens', 'Ibis'];
  // Ants beat everyone after them by more each time; so on down: a table with no level clubs.
  const matches = clubs.flatMap((home, i) =>
    clubs.slice(i + 1).map((away, j) => ({ home, away, homeScore: j + 2, awayScore: 0 })),
  );
  const table = finalTable(clubs, matches);
  const options = [...clubs].reverse();
  const idx = (...names: string[]) => names.map((n) => options.indexOf(n)).sort((a, b) => a - b);

  test('the table is in the order expected', () => {
    expect(table.map((l) => l.club)).toEqual(clubs);
  });

  test('champion, top four, relegated and a final position', () => {
    expect(settleFromTable('champion', options, table, null)).toEqual({ correct: idx('Ants') });
    expect(settleFromTable('top-four', options, table, null)).toEqual({ correct: idx('Ants', 'Bees', 'Cats', 'Dogs') });
    expect(settleFromTable('relegated', options, table, null)).toEqual({ correct: idx('Gnus', 'Hens', 'Ibis') });
    expect(settleFromTable('final-position', positionOptions(9), table, 'Cats')).toEqual({ correct: [2] });
    expect(settleFromTable('final-position', positionOptions(9), table, 'Nobody')).toBeNull();
    expect(settleFromTable('free', ['Yes', 'No'], table, null)).toBeNull();
  });

  test('a place decided only by the name is left to a person', () => {
    const level = finalTable(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
      [{ home: 'A', away: 'B', homeScore: 1, awayScore: 1 }],
    );
    expect(
      settleFromTable(
        'champion',
        level.map((l) => l.club),
        level,
        null,
      ),
    ).toEqual({ level: true });
    // H and G and the rest are all level: the relegation line too.
    expect(
      settleFromTable(
        'relegated',
        level.map((l) => l.club),
        level,
        null,
      ),
    ).toEqual({ level: true });
    expect(settleFromTable('final-position', positionOptions(8), level, 'E')).toEqual({ level: true });
  });

  test('a club missing from the options is not among the right ones', () => {
    expect(settleFromTable('top-four', ['Ants', 'Zebras'], table, null)).toEqual({ correct: [0] });
    expect(settleFromTable('champion', ['Zebras'], table, null)).toBeNull();
  });
});
