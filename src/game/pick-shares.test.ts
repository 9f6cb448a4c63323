import { describe, expect, test } from 'vitest';
import {
  closedSince,
  percentOf,
  picksShown,
  rankScores,
  sideOf,
  summarisePicks,
  TOP_SCORES,
  wholePercents,
} from './pick-shares.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('whole percentages', () => {
  test('add up to 100 when shares do not divide evenly', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([2, 2, 2])).toEqual([34, 33, 33]);
    expect(wholePercents([1, 2, 4])).toEqual([14, 29, 57]);
    expect(wholePercents([5, 3, 4])).toEqual([42, 25, 33]);
    for (const counts of [
      [1, 1, 1],
      [7, 0, 6],
      [999, 1, 0],
      [3, 3, 1],
      [1, 5, 7],
      [333, 333, 334],
      [1, 99_999, 0],
    ]) {
      expect(sum(wholePercents(counts)), counts.join(',')).toBe(100);
    }
  });

  test('the largest remainders get the points left over, not the first places', () => {
    // 1/7 = 14.29, 2/7 = 28.57, 4/7 = 57.14: the middle one's .57 is the largest remainder.
    expect(wholePercents([1, 2, 4])[1]).toBe(29);
    // 1/6 = 16.67, 5/6 = 83.33: the first rounds up.
    expect(wholePercents([1, 0, 5])).toEqual([17, 0, 83]);
  });

  test('exact shares stay as they are', () => {
    expect(wholePercents([1, 1, 2])).toEqual([25, 25, 50]);
    expect(wholePercents([0, 4, 0])).toEqual([0, 100, 0]);
    expect(wholePercents([3, 0, 1])).toEqual([75, 0, 25]);
  });

  test('equal remainders go to the larger count, then to the earlier place', () => {
    // 1/3 = 33.33 and 2/3 = 66.67: the larger remainder rounds up.
    expect(wholePercents([1, 2, 0])).toEqual([33, 67, 0]);
    // Counts 1 and 4 of 6 have equal remainders (16.67 and 66.67): the larger count gets the point.
    expect(wholePercents([1, 4, 1])).toEqual([17, 67, 16]);
  });

  test('nothing to share is all zeros', () => {
    expect(wholePercents([0, 0, 0])).toEqual([0, 0, 0]);
    expect(wholePercents([])).toEqual([]);
  });
});

describe('most common scores', () => {
  test('most picked first; equal counts by home goals, then away goals', () => {
    const ranked = rankScores([
      { homeScore: 2, awayScore: 1, count: 3 },
      { homeScore: 1, awayScore: 1, count: 5 },
      { homeScore: 2, awayScore: 0, count: 3 },
      { homeScore: 0, awayScore: 2, count: 3 },
    ]);
    expect(ranked.map((s) => `${s.homeScore}-${s.awayScore}`)).toEqual(['1-1', '0-2', '2-0', '2-1']);
  });

  test('does not reorder its input', () => {
    const rows = [
      { homeScore: 0, awayScore: 0, count: 1 },
      { homeScore: 1, awayScore: 0, count: 2 },
    ];
    rankScores(rows);
    expect(rows[0]!.count).toBe(1);
  });
});

describe('a match summary', () => {
  test('home, draw and away shares with counts, and the top scores with their share', () => {
    const summary = summarisePicks([
      { homeScore: 2, awayScore: 1, count: 4 },
      { homeScore: 1, awayScore: 0, count: 2 },
      { homeScore: 1, awayScore: 1, count: 3 },
      { homeScore: 0, awayScore: 0, count: 1 },
      { homeScore: 0, awayScore: 2, count: 2 },
    ]);
    expect(summary.predictions).toBe(12);
    expect(summary.sides).toEqual({
      home: { count: 6, percent: 50 },
      draw: { count: 4, percent: 33 },
      away: { count: 2, percent: 17 },
    });
    expect(summary.topScores).toEqual([
      { homeScore: 2, awayScore: 1, count: 4, percent: 33 },
      { homeScore: 1, awayScore: 1, count: 3, percent: 25 },
      // 0-2 and 1-0 were both picked twice: 0-2 comes first (fewer home goals); 1-0 is cut.
      { homeScore: 0, awayScore: 2, count: 2, percent: 17 },
    ]);
    expect(summary.topScores).toHaveLength(TOP_SCORES);
  });

  test('no predictions: nothing counted, no scores, zero shares', () => {
    expect(summarisePicks([])).toEqual({
      predictions: 0,
      sides: { home: { count: 0, percent: 0 }, draw: { count: 0, percent: 0 }, away: { count: 0, percent: 0 } },
      topScores: [],
    });
  });

  test('one prediction is the whole of its side', () => {
    const summary = summarisePicks([{ homeScore: 0, awayScore: 3, count: 1 }]);
    expect(summary.sides.away).toEqual({ count: 1, percent: 100 });
    expect(summary.topScores).toEqual([{ homeScore: 0, awayScore: 3, count: 1, percent: 100 }]);
  });

  test('rows of the same score are added; empty rows are ignored', () => {
    const summary = summarisePicks([
      { homeScore: 1, awayScore: 0, count: 1 },
      { homeScore: 1, awayScore: 0, count: 2 },
      { homeScore: 3, awayScore: 3, count: 0 },
    ]);
    expect(summary.predictions).toBe(3);
    expect(summary.topScores).toEqual([{ homeScore: 1, awayScore: 0, count: 3, percent: 100 }]);
  });

  test('sides follow the score, and a score percentage rounds half up', () => {
    expect([
      sideOf({ homeScore: 2, awayScore: 0 }),
      sideOf({ homeScore: 2, awayScore: 2 }),
      sideOf({ homeScore: 0, awayScore: 1 }),
    ]).toEqual(['home', 'draw', 'away']);
    expect(percentOf(1, 8)).toBe(13); // 12.5
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(1, 1000)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('when picks are shown', () => {
  const ko = { kickoffAt: '2025-08-16T14:00:00.000Z', postponed: false };
  const at = (iso: string) => new Date(iso);

  test('from the deadline on, never before', () => {
    expect(picksShown(ko, at('2025-08-16T11:59:59.999Z'))).toBe(false);
    expect(picksShown(ko, at('2025-08-16T12:00:00.000Z'))).toBe(true);
    expect(picksShown(ko, at('2025-08-20T12:00:00.000Z'))).toBe(true);
    expect(closedSince(ko, at('2025-08-16T11:59:59.999Z'))).toBeNull();
    expect(closedSince(ko, at('2025-08-16T13:00:00.000Z'))?.toISOString()).toBe('2025-08-16T12:00:00.000Z');
  });

  test('a postponed match before its deadline stays hidden; one moved or postponed after it stays shown', () => {
    expect(picksShown({ kickoffAt: null, postponed: true }, at('2025-08-16T13:00:00.000Z'))).toBe(false);
    expect(picksShown({ kickoffAt: '2025-08-16T14:00:00.000Z', postponed: true }, at('2025-08-16T13:00:00.000Z'))).toBe(
      false,
    );
    const postponedLate = { kickoffAt: null, postponed: true, predictionsLockedAt: '2025-08-16T12:30:00.000Z' };
    expect(picksShown(postponedLate, at('2025-08-16T13:00:00.000Z'))).toBe(true);
    expect(closedSince(postponedLate, at('2025-08-16T13:00:00.000Z'))?.toISOString()).toBe('2025-08-16T12:30:00.000Z');
    const movedLater = {
      kickoffAt: '2025-09-20T14:00:00.000Z',
      postponed: false,
      predictionsLockedAt: '2025-08-16T12:30:00.000Z',
    };
    expect(picksShown(movedLater, at('2025-08-16T13:00:00.000Z'))).toBe(true);
  });

  test('a match moved earlier so that its deadline has passed is shown', () => {
    expect(
      picksShown({ kickoffAt: '2025-08-16T13:00:00.000Z', postponed: false }, at('2025-08-16T11:30:00.000Z')),
    ).toBe(true);
  });
});
