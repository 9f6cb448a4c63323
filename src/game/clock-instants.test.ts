import { describe, expect, test } from 'vitest';
import { countdownChangesAt, fixtureInstants, nextInstant } from './clock-instants.js';
import { deadlineCountdown } from './countdown.js';

const ms = (iso: string) => Date.parse(iso);

describe('fixtureInstants', () => {
  test('a match moves at its deadline, its kick-off and the end of its live window', () => {
    expect(fixtureInstants({ kickoffAt: '2026-12-12T15:00:00.000Z', postponed: false })).toEqual([
      ms('2026-12-12T13:00:00.000Z'),
      ms('2026-12-12T15:00:00.000Z'),
      ms('2026-12-12T17:15:00.000Z'),
    ]);
    expect(fixtureInstants({ kickoffAt: null, postponed: true })).toEqual([]);
  });
});

describe('countdownChangesAt', () => {
  const deadline = '2026-12-12T13:00:00.000Z';
  test.each([
    '2026-12-12T12:59:30.000Z',
    '2026-12-12T12:57:10.000Z',
    '2026-12-12T12:03:00.000Z',
    '2026-12-12T09:00:00.000Z',
    '2026-12-11T11:20:00.000Z',
    '2026-12-10T13:00:00.000Z',
    '2026-12-06T08:00:00.000Z',
  ])('from %s the text holds until the instant, and changes there', (iso) => {
    const now = new Date(iso);
    const at = countdownChangesAt(deadline, now)!;
    expect(at).toBeGreaterThan(now.getTime());
    const text = deadlineCountdown(deadline, now);
    expect(deadlineCountdown(deadline, new Date(at - 1))).toBe(text);
    expect(deadlineCountdown(deadline, new Date(at))).not.toBe(text);
  });

  test('none once the deadline has passed', () => {
    expect(countdownChangesAt(deadline, new Date(deadline))).toBeNull();
    expect(countdownChangesAt(null, new Date(deadline))).toBeNull();
  });
});

test('nextInstant: the earliest after now', () => {
  expect(nextInstant([5, null, 3, 10, undefined], 3)).toBe(5);
  expect(nextInstant([1, 2], 3)).toBeNull();
});
