import { describe, expect, test } from 'vitest';
import { chooseText, earnedText, optionLabel, optionList, ordinal, worthText } from './labels';

describe('bonus question labels', () => {
  test('places read as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 20, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '20th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
    expect(optionLabel({ kind: 'final-position', options: ['1', '2', '3'] }, 2)).toBe('3rd');
    expect(optionLabel({ kind: 'free', options: ['Yes', 'No'] }, 1)).toBe('No');
  });

  test('lists, worth and earnings', () => {
    const q = { kind: 'relegated' as const, options: ['A', 'B', 'C', 'D'] };
    expect(optionList(q, [0])).toBe('A');
    expect(optionList(q, [0, 3])).toBe('A and D');
    expect(optionList(q, [0, 1, 3])).toBe('A, B and D');
    expect(worthText({ points: 1, picks: 1 })).toBe('1 point');
    expect(worthText({ points: 2, picks: 3 })).toBe('2 points for each right club');
    expect(earnedText(0)).toBe('No points');
    expect(earnedText(1)).toBe('+1 point');
    expect(earnedText(6)).toBe('+6 points');
    expect(chooseText(4)).toBe('Choose 4.');
  });
});
