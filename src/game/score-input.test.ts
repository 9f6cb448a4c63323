import { describe, expect, test } from 'vitest';
import { isAllowedScoreKey, parsePastedScores, sanitizeScore, scoreValue } from './score-input.js';
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
    for (const key of ['a', 'e', 'E', '-', '+', '.', ',', ' ', ':', 'ß']) expect(isAllowedScoreKey({ key })).toBe(false);
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

describe('parsePastedScores', () => {
  test.each([
    ['2-1', { home: '2', away: '1' }],
    ['2 : 1', { home: '2', away: '1' }],
    ['2–1', { home: '2', away: '1' }],
    [' 10 - 0 ', { home: '10', away: '0' }],
    ['Arsenal 3 Chelsea 0', { home: '3', away: '0' }],
    ['1 2 3', { home: '1', away: '2' }],
    ['123-4', { home: '12', away: '4' }],
    ['7', { single: '7' }],
    ['score: 11!', { single: '11' }],
    ['345', { single: '34' }],
  ])('%j', (text, out) => expect(parsePastedScores(text)).toEqual(out));
  test('no digits gives nothing', () => {
    expect(parsePastedScores('abc')).toBeNull();
    expect(parsePastedScores('')).toBeNull();
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
