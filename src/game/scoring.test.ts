import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { POINTS, matchSign, outcomeOf, scorePrediction } from './scoring.js';

const s = (homeScore: number, awayScore: number) => ({ homeScore, awayScore });

describe('scorePrediction', () => {
  test.each([
    ['exact home win', s(2, 1), s(2, 1), 'exact', 3],
    ['exact draw', s(1, 1), s(1, 1), 'exact', 3],
    ['exact goalless draw', s(0, 0), s(0, 0), 'exact', 3],
    ['exact away win', s(0, 3), s(0, 3), 'exact', 3],
    ['right home win, wrong score', s(2, 0), s(3, 1), 'outcome', 1],
    ['right draw, wrong score', s(1, 1), s(2, 2), 'outcome', 1],
    ['right away win, wrong score', s(1, 2), s(0, 4), 'outcome', 1],
    ['home win predicted, draw', s(2, 1), s(1, 1), 'wrong', 0],
    ['home win predicted, away win', s(2, 1), s(1, 2), 'wrong', 0],
    ['draw predicted, home win', s(0, 0), s(1, 0), 'wrong', 0],
    ['draw predicted, away win', s(1, 1), s(0, 1), 'wrong', 0],
    ['away win predicted, home win', s(0, 1), s(1, 0), 'wrong', 0],
    ['away win predicted, draw', s(0, 2), s(2, 2), 'wrong', 0],
    ['mirror of the result', s(1, 3), s(3, 1), 'wrong', 0],
  ] as const)('%s', (_name, prediction, result, outcome, points) => {
    expect(scorePrediction(prediction, result)).toEqual({ outcome, points });
  });

  test('points follow the outcome', () => {
    expect(POINTS).toEqual({ exact: 3, outcome: 1, wrong: 0 });
  });

  test('matchSign', () => {
    expect(matchSign(s(3, 0))).toBe(1);
    expect(matchSign(s(2, 2))).toBe(0);
    expect(matchSign(s(0, 1))).toBe(-1);
  });

  test('property: exact only for identical scores; outcome iff same sign; never more than 3', () => {
    const score = fc.integer({ min: 0, max: 99 });
    fc.assert(
      fc.property(score, score, score, score, (ph, pa, rh, ra) => {
        const out = outcomeOf(s(ph, pa), s(rh, ra));
        const same = ph === rh && pa === ra;
        const sameSign = Math.sign(ph - pa) === Math.sign(rh - ra);
        expect(out).toBe(same ? 'exact' : sameSign ? 'outcome' : 'wrong');
      }),
    );
  });
});
