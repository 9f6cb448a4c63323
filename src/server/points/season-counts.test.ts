import { describe, expect, it } from 'vitest';
import { pointsFromCounts, STANDARD_RULE, type TierCounts } from '../../game/scoring.js';
import { indexTotals, type TotalsIndex } from '../../game/rank-history.js';
import { createCountsPacker, gameweekPoints, indexUnder, packCounts, type CountsRow } from './season-counts.js';

const c = (
  exact: number,
  difference: number,
  outcome: number,
  banker: [number, number, number] = [0, 0, 0],
): TierCounts => ({
  exact,
  difference,
  outcome,
  banker: { exact: banker[0], difference: banker[1], outcome: banker[2] },
});

const rows: CountsRow[] = [
  { userId: 'a', gameweek: 1, counts: c(2, 2, 3, [1, 0, 0]) },
  { userId: 'b', gameweek: 1, counts: c(0, 0, 0) },
  { userId: 'a', gameweek: 2, counts: c(1, 1, 1, [0, 1, 0]) },
  { userId: 'c', gameweek: 2, counts: c(3, 0, 4, [0, 0, 1]) },
];
/** An index as plain data: each gameweek's points by player and its sorted scores. */
const plain = (index: TotalsIndex) =>
  Object.fromEntries(
    [...index].map(([gameweek, t]) => [
      gameweek,
      {
        points: Object.fromEntries(
          [...t.slots].filter(([, s]) => t.points[s] !== -1).map(([id, s]) => [id, t.points[s]]),
        ),
        sortedDesc: t.sortedDesc,
      },
    ]),
  );

const scorings = [
  { rule: STANDARD_RULE, bankersAllowed: true },
  { rule: { exact: 4, difference: 3, outcome: 2 }, bankersAllowed: true },
  { rule: { exact: 5, difference: 2, outcome: 1 }, bankersAllowed: false },
];

describe('season counts', () => {
  it('gives every row its points under any scoring, as pointsFromCounts does, and none where a player has no row', () => {
    const counts = packCounts(rows);
    for (const s of scorings) {
      const want = rows.map((r) => ({
        userId: r.userId,
        gameweek: r.gameweek,
        points: pointsFromCounts(r.counts, s.rule, s.bankersAllowed),
      }));
      expect(plain(indexUnder(counts, s))).toEqual(plain(indexTotals(want)));
      for (const r of rows)
        expect(gameweekPoints(counts, r.gameweek, s)(r.userId)).toBe(
          pointsFromCounts(r.counts, s.rule, s.bankersAllowed),
        );
      expect(gameweekPoints(counts, 2, s)('b')).toBeUndefined();
      expect(gameweekPoints(counts, 3, s)('a')).toBeUndefined();
      expect(gameweekPoints(counts, 1, s)('nobody')).toBeUndefined();
    }
  });

  it('keeps a row of zero counts as a scored gameweek of 0 points, and lists only the players asked for', () => {
    const counts = packCounts(rows);
    expect(gameweekPoints(counts, 1, scorings[0]!)('b')).toBe(0);
    expect(plain(indexUnder(counts, scorings[0]!, ['c', 'nobody', 'c']))).toEqual({
      2: { points: { c: 3 * 3 + 4 + 1 }, sortedDesc: [3 * 3 + 4 + 1] },
    });
  });

  it('packs a gameweek at a time as it packs the season at once, players first seen later included', () => {
    const byParts = createCountsPacker();
    for (const gameweek of [1, 2]) byParts.add(rows.filter((r) => r.gameweek === gameweek));
    const parts = byParts.done();
    const whole = packCounts(rows);
    for (const s of scorings) {
      expect(plain(indexUnder(parts, s))).toEqual(plain(indexUnder(whole, s)));
      for (const r of rows)
        expect(gameweekPoints(parts, r.gameweek, s)(r.userId)).toBe(gameweekPoints(whole, r.gameweek, s)(r.userId));
      // c joined in gameweek 2: beyond gameweek 1's packed array, so no row there.
      expect(gameweekPoints(parts, 1, s)('c')).toBeUndefined();
      expect(plain(indexUnder(parts, s, ['c', 'b']))).toEqual(plain(indexUnder(whole, s, ['c', 'b'])));
    }
  });
});
