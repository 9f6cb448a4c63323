import { describe, expect, test } from 'vitest';
import { deadlineOf, formatWindows, parseWindows, reminderWindowFor } from './reminders.js';

const H = 60 * 60 * 1000;
const deadline = new Date('2025-08-16T12:00:00.000Z');
const at = (msBeforeDeadline: number) => new Date(deadline.getTime() - msBeforeDeadline);

describe('reminderWindowFor', () => {
  test('the 24 h window opens exactly 24 hours before the deadline', () => {
    expect(reminderWindowFor(deadline, at(24 * H + 1), [24])).toBeNull();
    expect(reminderWindowFor(deadline, at(24 * H), [24])).toBe(24);
    expect(reminderWindowFor(deadline, at(23 * H), [24])).toBe(24);
  });

  test('no reminder at or after the deadline', () => {
    expect(reminderWindowFor(deadline, at(1), [24, 6])).toBe(6);
    expect(reminderWindowFor(deadline, at(0), [24, 6])).toBeNull();
    expect(reminderWindowFor(deadline, at(-H), [24, 6])).toBeNull();
  });

  test('the 6 h window opens exactly 6 hours before the deadline', () => {
    expect(reminderWindowFor(deadline, at(6 * H + 1), [6])).toBeNull();
    expect(reminderWindowFor(deadline, at(6 * H), [6])).toBe(6);
  });

  test('with both windows the narrowest one containing now is due', () => {
    expect(reminderWindowFor(deadline, at(6 * H + 1), [24, 6])).toBe(24);
    expect(reminderWindowFor(deadline, at(6 * H), [24, 6])).toBe(6);
    expect(reminderWindowFor(deadline, at(30 * H), [24, 6])).toBeNull();
  });

  test('a player with only 24 h still gets it inside the last 6 hours (e.g. a match added late)', () => {
    expect(reminderWindowFor(deadline, at(2 * H), [24])).toBe(24);
  });

  test('no windows, no reminder', () => {
    expect(reminderWindowFor(deadline, at(H), [])).toBeNull();
  });
});

describe('windows', () => {
  test('parse and format round-trip, widest first, ignoring junk', () => {
    expect(parseWindows('24')).toEqual([24]);
    expect(parseWindows('6,24')).toEqual([24, 6]);
    expect(parseWindows('12, 6')).toEqual([6]);
    expect(formatWindows([6, 24, 6])).toBe('24,6');
    expect(formatWindows([6])).toBe('6');
  });

  test('the deadline is two hours before kick-off', () => {
    expect(deadlineOf('2025-08-16T14:00:00.000Z').toISOString()).toBe('2025-08-16T12:00:00.000Z');
  });
});
