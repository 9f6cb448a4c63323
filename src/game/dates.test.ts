import { describe, expect, test } from 'vitest';
import { addDays, dayNumber, isClockTime, isIsoDate, weekdayOf } from './dates.js';

describe('calendar dates without a zone library', () => {
  test('real dates only, leap years included', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-11-31')).toBe(false);
    expect(isIsoDate('26-11-23')).toBe(false);
    expect(isIsoDate('2026-11-23T00:00')).toBe(false);
    expect(isIsoDate(' 2025-08-15')).toBe(false);
    expect(isIsoDate('0050-01-01')).toBe(true);
  });

  test('clock times 00:00 to 23:59', () => {
    expect(isClockTime('00:00')).toBe(true);
    expect(isClockTime('23:59')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('9:30')).toBe(false);
  });

  test('weekdays, day differences and adding days across months and years', () => {
    expect(weekdayOf('2026-11-28')).toBe('Sat');
    expect(weekdayOf('2025-08-15')).toBe('Fri');
    expect(dayNumber('2027-01-02') - dayNumber('2026-12-26')).toBe(7);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
