import { describe, expect, test } from 'vitest';
import { AFTER_DEADLINE_MS, LONGEST_WAIT_MS, nextOpeningIn, picksClosed } from './timing';

const hidden = (opensAt: string | null) => ({ fixtureId: 'f', available: false as const, opensAt });
const shown = {
  fixtureId: 'g',
  available: true as const,
  predictions: 1,
  sides: { home: { count: 1, percent: 100 }, draw: { count: 0, percent: 0 }, away: { count: 0, percent: 0 } },
  topScores: [],
};

describe('when to ask again', () => {
  test("at the earliest hidden match's deadline by the server's clock, a moment after", () => {
    const received = 1_000_000;
    // The server said 12:00:00; this browser received it at `received` and it is now 10 s later here.
    const wait = nextOpeningIn(
      [hidden('2025-08-20T12:01:00.000Z'), hidden('2025-08-20T12:05:00.000Z'), shown],
      '2025-08-20T12:00:00.000Z',
      received,
      received + 10_000,
    );
    expect(wait).toBe(50_000 + AFTER_DEADLINE_MS);
  });

  test('never sooner than a moment, never later than an hour; not at all without a known opening', () => {
    expect(nextOpeningIn([hidden('2025-08-20T11:00:00.000Z')], '2025-08-20T12:00:00.000Z', 0, 0)).toBe(
      AFTER_DEADLINE_MS,
    );
    expect(nextOpeningIn([hidden('2025-09-20T11:00:00.000Z')], '2025-08-20T12:00:00.000Z', 0, 0)).toBe(LONGEST_WAIT_MS);
    expect(nextOpeningIn([hidden(null), shown], '2025-08-20T12:00:00.000Z', 0, 0)).toBe(false);
    expect(nextOpeningIn([], '2025-08-20T12:00:00.000Z', 0, 0)).toBe(false);
  });
});

describe('whether a card shows the picks', () => {
  const at = new Date('2025-08-20T12:00:00.000Z');
  test("by the server's word, or by the clock on screen once the deadline passed", () => {
    expect(picksClosed('closed', { kickoffAt: '2025-08-30T14:00:00.000Z', status: 'upcoming' }, at)).toBe(true);
    expect(picksClosed('open', { kickoffAt: '2025-08-20T14:00:00.000Z', status: 'upcoming' }, at)).toBe(true);
    expect(picksClosed('open', { kickoffAt: '2025-08-20T14:00:01.000Z', status: 'upcoming' }, at)).toBe(false);
  });
  test('a postponed match only when the server says it is closed (moved after its deadline)', () => {
    expect(picksClosed('postponed', { kickoffAt: null, status: 'postponed' }, at)).toBe(false);
    expect(picksClosed('postponed', { kickoffAt: '2025-08-20T11:00:00.000Z', status: 'postponed' }, at)).toBe(false);
    expect(picksClosed('closed', { kickoffAt: null, status: 'postponed' }, at)).toBe(true);
  });
});
