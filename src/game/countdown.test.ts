import { describe, expect, test } from 'vitest';
import { deadlineCountdown, deadlineWithin } from './countdown';

const now = new Date('2026-11-23T10:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const H = 60 * MIN;

describe('deadline countdown', () => {
  test('hours and minutes under a day', () => {
    expect(deadlineCountdown(after(3 * H + 12 * MIN + 59_000), now)).toBe('closes in 3 h 12 min');
    expect(deadlineCountdown(after(5 * H), now)).toBe('closes in 5 h');
    expect(deadlineCountdown(after(23 * H + 59 * MIN), now)).toBe('closes in 23 h 59 min');
  });

  test('minutes under an hour, and the last minute', () => {
    expect(deadlineCountdown(after(45 * MIN + 30_000), now)).toBe('closes in 45 min');
    expect(deadlineCountdown(after(1 * MIN), now)).toBe('closes in 1 min');
    expect(deadlineCountdown(after(59_999), now)).toBe('closes in under a minute');
  });

  test('days from 24 hours, with the hours on the last day but one', () => {
    expect(deadlineCountdown(after(24 * H), now)).toBe('closes in 1 day');
    expect(deadlineCountdown(after(30 * H + 40 * MIN), now)).toBe('closes in 1 day 6 h');
    expect(deadlineCountdown(after(48 * H), now)).toBe('closes in 2 days');
    expect(deadlineCountdown(after(5 * 24 * H + 23 * H), now)).toBe('closes in 5 days');
  });

  test('nothing once closed, without a deadline, or for a bad date', () => {
    expect(deadlineCountdown(now, now)).toBeNull();
    expect(deadlineCountdown(after(-MIN), now)).toBeNull();
    expect(deadlineCountdown(null, now)).toBeNull();
    expect(deadlineCountdown('not a date', now)).toBeNull();
  });

  test('accepts the ISO strings the API sends', () => {
    expect(deadlineCountdown('2026-11-23T13:12:00.000Z', now)).toBe('closes in 3 h 12 min');
  });
});

describe('deadline within', () => {
  test('true only for an open deadline inside the window', () => {
    expect(deadlineWithin(after(23 * H), now, 24 * H)).toBe(true);
    expect(deadlineWithin(after(24 * H + 1), now, 24 * H)).toBe(false);
    expect(deadlineWithin(after(-1), now, 24 * H)).toBe(false);
    expect(deadlineWithin(null, now, 24 * H)).toBe(false);
  });
});
