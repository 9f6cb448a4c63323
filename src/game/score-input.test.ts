import { describe, expect, test } from 'vitest';
import {
  hasDoubleFigures,
  isAllowedScoreKey,
  readScoreText,
  sanitizeScore,
  scorePair,
  scoreValue,
  stepScore,
  typeDigit,
} from './score-input.js';
import { predictionBodySchema } from '../contract/predictions.js';
import { resultBodySchema } from '../contract/results.js';

describe('typed keys', () => {
  test('digits pass', () => {
    for (const d of '0123456789') expect(isAllowedScoreKey({ key: d })).toBe(true);
  });
  test('navigation and delete keys pass', () => {
    for (const key of ['Backspace', 'Delete', 'Tab', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', 'Escape']) {
      expect(isAllowedScoreKey({ key })).toBe(true);
    }
  });
  test('shortcuts such as paste pass', () => {
    expect(isAllowedScoreKey({ key: 'v', ctrlKey: true })).toBe(true);
    expect(isAllowedScoreKey({ key: 'v', metaKey: true })).toBe(true);
  });
  test('letters, signs, dots and spaces are blocked', () => {
    for (const key of ['a', 'e', 'E', '-', '+', '.', ',', ' ', ':', 'ß'])
      expect(isAllowedScoreKey({ key })).toBe(false);
  });
});

describe('sanitizeScore', () => {
  test.each([
    ['2', '2'],
    ['12', '12'],
    ['123', '12'],
    ['a1b', '1'],
    ['-3', '3'],
    ['1.5', '15'],
    ['', ''],
    ['abc', ''],
    ['０7', '7'],
  ])('%j → %j', (input, out) => expect(sanitizeScore(input)).toBe(out));
});

const MAX = 20;
const box = (value: string, selectionStart: number | null = 0, selectionEnd: number | null = value.length) => ({
  value,
  selectionStart,
  selectionEnd,
});

describe('typeDigit', () => {
  test('a digit replaces a selected score, whatever the digit, including the same one again', () => {
    for (const d of '0123456789') {
      expect(typeDigit(box('2'), d, MAX)).toBe(d);
      expect(typeDigit(box(d), d, MAX)).toBe(d);
      expect(typeDigit(box('12'), d, MAX)).toBe(d);
    }
  });
  test('a digit fills an empty box', () => {
    for (const d of '0123456789') expect(typeDigit(box('', 0, 0), d, MAX)).toBe(d);
  });
  test('the same digit twice into a selected box is never a two-digit score (the 20-2 and 1-11 traps)', () => {
    // After the first digit the box is selected again (focus moves on, or stays selected on the last box).
    let value = typeDigit(box('2'), '2', MAX);
    value = typeDigit(box(value), '0', MAX);
    expect(value).toBe('0');
    value = typeDigit(box('1'), '1', MAX);
    expect(typeDigit(box(value), '1', MAX)).toBe('1');
  });
  test('with the caret put after a single digit, the digit is added when that makes a score up to the maximum', () => {
    expect(typeDigit(box('1', 1, 1), '2', MAX)).toBe('12');
    expect(typeDigit(box('2', 1, 1), '0', MAX)).toBe('20');
    expect(typeDigit(box('1', 1, 1), '0', MAX)).toBe('10');
    // A leading zero is no score of its own: 0 then 5 is 5.
    expect(typeDigit(box('0', 1, 1), '5', MAX)).toBe('5');
    // 35 or 21 cannot be a score: the digit replaces.
    expect(typeDigit(box('3', 1, 1), '5', MAX)).toBe('5');
    expect(typeDigit(box('2', 1, 1), '1', MAX)).toBe('1');
  });
  test('a caret before the digit, in a full box, or a part selection replaces', () => {
    expect(typeDigit(box('1', 0, 0), '2', MAX)).toBe('2');
    expect(typeDigit(box('12', 2, 2), '3', MAX)).toBe('3');
    expect(typeDigit(box('12', 1, 2), '3', MAX)).toBe('3');
    expect(typeDigit(box('1', null, null), '2', MAX)).toBe('2');
  });
  test('only digits', () => {
    expect(() => typeDigit(box(''), 'a', MAX)).toThrow();
    expect(() => typeDigit(box(''), '12', MAX)).toThrow();
  });
});

describe('readScoreText', () => {
  test.each([
    ['2-1', { kind: 'pair', home: '2', away: '1' }],
    ['2 1', { kind: 'pair', home: '2', away: '1' }],
    ['2 : 1', { kind: 'pair', home: '2', away: '1' }],
    ['2–1', { kind: 'pair', home: '2', away: '1' }],
    [' 10 - 0 ', { kind: 'pair', home: '10', away: '0' }],
    ['Arsenal 3 Chelsea 0', { kind: 'pair', home: '3', away: '0' }],
    ['1 2 3', { kind: 'pair', home: '1', away: '2' }],
    ['02-01', { kind: 'pair', home: '2', away: '1' }],
    ['20-20', { kind: 'pair', home: '20', away: '20' }],
    // A bare run of two digits reads as typed: one digit a side.
    ['21', { kind: 'pair', home: '2', away: '1' }],
    ['10', { kind: 'pair', home: '1', away: '0' }],
    ['12', { kind: 'pair', home: '1', away: '2' }],
    ['7', { kind: 'one', value: '7' }],
    [' 0\n', { kind: 'one', value: '0' }],
    ['21-0', { kind: 'invalid' }],
    ['2-25', { kind: 'invalid' }],
    ['123', { kind: 'invalid' }],
    ['1234-1', { kind: 'invalid' }],
  ])('%j', (text, out) => expect(readScoreText(text, MAX)).toEqual(out));
  test('no digits gives nothing', () => {
    expect(readScoreText('abc', MAX)).toBeNull();
    expect(readScoreText('', MAX)).toBeNull();
    expect(readScoreText('０７', MAX)).toBeNull();
  });
});

describe('stepScore', () => {
  test('steps by one within 0 and the maximum; an empty box starts at 1 going up and 0 going down', () => {
    expect(stepScore('', 1, MAX)).toBe('1');
    expect(stepScore('', -1, MAX)).toBe('0');
    expect(stepScore('9', 1, MAX)).toBe('10');
    expect(stepScore('0', -1, MAX)).toBe('0');
    expect(stepScore('20', 1, MAX)).toBe('20');
    expect(stepScore('11', -1, MAX)).toBe('10');
  });
});

describe('double figures and the shown pair', () => {
  test('either score of 10 or more is double figures', () => {
    expect(hasDoubleFigures('9', '9')).toBe(false);
    expect(hasDoubleFigures('10', '0')).toBe(true);
    expect(hasDoubleFigures('0', '20')).toBe(true);
    expect(hasDoubleFigures('', '')).toBe(false);
  });
  test('the pair the boxes show, or null while one is empty or out of range', () => {
    expect(scorePair('2', '1', MAX)).toEqual({ homeScore: 2, awayScore: 1 });
    expect(scorePair('0', '0', MAX)).toEqual({ homeScore: 0, awayScore: 0 });
    expect(scorePair('', '1', MAX)).toBeNull();
    expect(scorePair('21', '1', MAX)).toBeNull();
  });
});

describe('scoreValue', () => {
  test('filled inputs become numbers, empty ones null', () => {
    expect(scoreValue('0')).toBe(0);
    expect(scoreValue('20')).toBe(20);
    expect(scoreValue('')).toBeNull();
  });
});

describe('schemas', () => {
  test('prediction scores are whole numbers 0-20, both required', () => {
    expect(predictionBodySchema.safeParse({ homeScore: 0, awayScore: 20 }).success).toBe(true);
    expect(predictionBodySchema.safeParse({ homeScore: 21, awayScore: 0 }).success).toBe(false);
    expect(predictionBodySchema.safeParse({ homeScore: -1, awayScore: 0 }).success).toBe(false);
    expect(predictionBodySchema.safeParse({ homeScore: 1.5, awayScore: 0 }).success).toBe(false);
    expect(predictionBodySchema.safeParse({ homeScore: '1', awayScore: 0 }).success).toBe(false);
    expect(predictionBodySchema.safeParse({ homeScore: 1 }).success).toBe(false);
    const bad = predictionBodySchema.safeParse({ homeScore: 25, awayScore: 0 });
    expect(bad.success ? '' : bad.error.issues[0]?.message).toBe('Enter scores between 0-20');
  });
  test('result scores are whole numbers 0-99, both required', () => {
    expect(resultBodySchema.safeParse({ homeScore: 99, awayScore: 0 }).success).toBe(true);
    expect(resultBodySchema.safeParse({ homeScore: 100, awayScore: 0 }).success).toBe(false);
    expect(resultBodySchema.safeParse({ homeScore: 2.5, awayScore: 0 }).success).toBe(false);
    expect(resultBodySchema.safeParse({ awayScore: 0 }).success).toBe(false);
  });
});
