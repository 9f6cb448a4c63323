import { describe, expect, test } from 'vitest';
import { carriedAnswer, type AskedQuestion } from './bonus-answer-carry.js';

const q: AskedQuestion = { prompt: 'Who wins?', kind: 'free', club: null, picks: 1, options: ['Ann', 'Bob', 'Cy'] };

describe('an answer when its question changes before the lock', () => {
  test('is kept when nothing asked changed (points or lock only)', () => {
    expect(carriedAnswer(q, { ...q }, [1])).toEqual([1]);
  });
  test('follows its option when the options move or grow', () => {
    expect(carriedAnswer(q, { ...q, options: ['Dee', 'Cy', 'Bob', 'Ann'] }, [1])).toEqual([2]);
    expect(carriedAnswer({ ...q, picks: 2 }, { ...q, picks: 2, options: ['Cy', 'Ann'] }, [0, 2])).toEqual([0, 1]);
  });
  test('is cleared when an option it chose is gone', () => {
    expect(carriedAnswer(q, { ...q, options: ['Ann', 'Cy'] }, [1])).toBeNull();
  });
  test('is cleared when the question asks something else', () => {
    expect(carriedAnswer(q, { ...q, prompt: 'Who loses?' }, [0])).toBeNull();
    expect(carriedAnswer(q, { ...q, picks: 2 }, [0])).toBeNull();
    expect(carriedAnswer(q, { ...q, kind: 'final-position', club: 'Arsenal' }, [0])).toBeNull();
  });
});
