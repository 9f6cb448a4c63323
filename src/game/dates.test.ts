import { expect, test } from 'vitest';
import { isClockTime, isIsoDate } from './dates.js';

test('a date is a real calendar day, leap years included', () => {
  expect(isIsoDate('2024-02-29')).toBe(true);
  expect(isIsoDate('2025-02-29')).toBe(false);
  expect(isIsoDate('2025-04-31')).toBe(false);
  expect(isIsoDate('2025-12-31')).toBe(true);
  expect(isIsoDate('2025-00-10')).toBe(false);
  expect(isIsoDate('0050-01-01')).toBe(true);
  expect(isIsoDate('2025-08-15T00:00')).toBe(false);
  expect(isIsoDate(' 2025-08-15')).toBe(false);
});

test('a time is HH:MM on a 24-hour clock', () => {
  expect(isClockTime('00:00')).toBe(true);
  expect(isClockTime('23:59')).toBe(true);
  expect(isClockTime('24:00')).toBe(false);
  expect(isClockTime('12:60')).toBe(false);
});
