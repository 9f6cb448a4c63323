import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  GOAL_DIFFERENCE_RULE,
  POINTS,
  STANDARD_RULE,
  describeRule,
  matchSign,
  outcomeOf,
  pickPoints,
  pointsFromCounts,
  pointsOnCard,
  ruleKind,
  ruleProblem,
  scorePrediction,
  tierOf,
  tierPoints,
  type ScoringTier,
  type TierCounts,
} from './scoring.js';

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

describe('tiers', () => {
  test.each([
    ['exact', s(2, 1), s(2, 1), 'exact'],
    ['right goal difference, home win', s(3, 2), s(2, 1), 'difference'],
    ['right goal difference, away win', s(0, 2), s(1, 3), 'difference'],
    ['a draw with the wrong score is a right difference', s(1, 1), s(2, 2), 'difference'],
    ['goalless draw against a score draw', s(0, 0), s(3, 3), 'difference'],
    ['right outcome, wrong difference', s(2, 0), s(3, 2), 'outcome'],
    ['right away win, wrong difference', s(0, 1), s(0, 3), 'outcome'],
    ['wrong outcome, same difference size mirrored', s(1, 2), s(2, 1), 'wrong'],
    ['draw predicted, home win', s(1, 1), s(2, 1), 'wrong'],
  ] as const)('%s', (_name, pick, result, tier) => {
    expect(tierOf(pick, result)).toBe(tier);
  });

  test('property: the tier is the first likeness shared, and the standard outcome follows from it', () => {
    const score = fc.integer({ min: 0, max: 99 });
    fc.assert(
      fc.property(score, score, score, score, (ph, pa, rh, ra) => {
        const t = tierOf(s(ph, pa), s(rh, ra));
        const want =
          ph === rh && pa === ra
            ? 'exact'
            : ph - pa === rh - ra
              ? 'difference'
              : Math.sign(ph - pa) === Math.sign(rh - ra)
                ? 'outcome'
                : 'wrong';
        expect(t).toBe(want);
        expect(outcomeOf(s(ph, pa), s(rh, ra))).toBe(t === 'difference' ? 'outcome' : t);
      }),
    );
  });

  test('the standard rule prices a right difference as a right outcome', () => {
    expect(STANDARD_RULE).toEqual({ exact: 3, difference: 1, outcome: 1 });
    expect(GOAL_DIFFERENCE_RULE).toEqual({ exact: 4, difference: 3, outcome: 2 });
    expect(scorePrediction(s(3, 2), s(2, 1))).toEqual({ outcome: 'outcome', points: 1 });
    expect(tierPoints('difference', GOAL_DIFFERENCE_RULE)).toBe(3);
    expect(tierPoints('wrong', { exact: 10, difference: 10, outcome: 10 })).toBe(0);
  });
});

describe('a banker', () => {
  test('doubles where bankers count, and nothing where they do not', () => {
    expect(pickPoints('exact', STANDARD_RULE, { banker: true, bankersCount: true })).toBe(6);
    expect(pickPoints('exact', STANDARD_RULE, { banker: true, bankersCount: false })).toBe(3);
    expect(pickPoints('difference', GOAL_DIFFERENCE_RULE, { banker: true, bankersCount: true })).toBe(6);
    expect(pickPoints('outcome', GOAL_DIFFERENCE_RULE, { banker: false, bankersCount: true })).toBe(2);
    expect(pickPoints('wrong', GOAL_DIFFERENCE_RULE, { banker: true, bankersCount: true })).toBe(0);
  });

  test('points from counts are the sum of each pick priced alone', () => {
    const tier = fc.constantFrom<ScoringTier | 'wrong'>('exact', 'difference', 'outcome', 'wrong');
    const rule = fc
      .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }))
      .map(([a, b, c]) => {
        const [exact, difference, outcome] = [a, b, c].sort((x, y) => y - x) as [number, number, number];
        return { exact, difference, outcome };
      });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(tier, fc.boolean()), { maxLength: 40 }),
        rule,
        fc.boolean(),
        (picks, r, bankersCount) => {
          const counts: TierCounts = {
            exact: 0,
            difference: 0,
            outcome: 0,
            banker: { exact: 0, difference: 0, outcome: 0 },
          };
          let alone = 0;
          for (const [t, banker] of picks) {
            alone += pickPoints(t, r, { banker, bankersCount });
            if (t === 'wrong') continue;
            counts[t]++;
            if (banker) counts.banker[t]++;
          }
          expect(pointsFromCounts(counts, r, bankersCount)).toBe(alone);
        },
      ),
    );
  });
});

describe('a league rule', () => {
  test.each([
    [{ exact: 3, difference: 1, outcome: 1 }, null],
    [{ exact: 4, difference: 3, outcome: 2 }, null],
    [{ exact: 10, difference: 0, outcome: 0 }, null],
    [{ exact: 11, difference: 3, outcome: 2 }, 'Points for each kind of pick are whole numbers from 0 to 10.'],
    [{ exact: 4, difference: -1, outcome: 0 }, 'Points for each kind of pick are whole numbers from 0 to 10.'],
    [{ exact: 4, difference: 2.5, outcome: 2 }, 'Points for each kind of pick are whole numbers from 0 to 10.'],
    [
      { exact: 3, difference: 4, outcome: 2 },
      'An exact score must earn at least as much as the right goal difference, and that at least as much as the right outcome.',
    ],
    [
      { exact: 4, difference: 2, outcome: 3 },
      'An exact score must earn at least as much as the right goal difference, and that at least as much as the right outcome.',
    ],
    [{ exact: 0, difference: 0, outcome: 0 }, 'An exact score must earn at least 1 point.'],
  ])('%o', (rule, problem) => {
    expect(ruleProblem(rule)).toBe(problem);
  });

  test('is named as a preset or custom, and stated in one line', () => {
    expect(ruleKind({ exact: 3, difference: 1, outcome: 1 })).toBe('standard');
    expect(ruleKind({ exact: 4, difference: 3, outcome: 2 })).toBe('goal-difference');
    expect(ruleKind({ exact: 5, difference: 3, outcome: 2 })).toBe('custom');
    expect(describeRule(GOAL_DIFFERENCE_RULE, true)).toBe('4 exact · 3 goal difference · 2 outcome · bankers double');
    expect(describeRule(STANDARD_RULE, true)).toBe('3 exact · 1 outcome · bankers double');
    expect(describeRule({ exact: 5, difference: 2, outcome: 0 }, false)).toBe(
      '5 exact · 2 goal difference · 0 outcome · no bankers',
    );
  });
});

describe('pointsOnCard', () => {
  test('stored points once final, provisional ones in play, a league rule when given', () => {
    expect(pointsOnCard(null, { ...s(1, 0), final: true })).toBeNull();
    expect(pointsOnCard({ ...s(1, 0), points: 6, banker: true }, { ...s(1, 0), final: true })).toEqual({
      points: 6,
      outcome: 'exact',
      tier: 'exact',
      provisional: false,
    });
    expect(pointsOnCard({ ...s(2, 1), banker: true }, { ...s(1, 0), final: false })).toEqual({
      points: 2,
      outcome: 'outcome',
      tier: 'difference',
      provisional: true,
    });
    expect(
      pointsOnCard(
        { ...s(2, 1), banker: true },
        { ...s(1, 0), final: false },
        { rule: GOAL_DIFFERENCE_RULE, bankersAllowed: false },
      ),
    ).toEqual({ points: 3, outcome: 'outcome', tier: 'difference', provisional: true });
    expect(
      pointsOnCard(
        { ...s(2, 1), points: 2, banker: true },
        { ...s(1, 0), final: true },
        { rule: GOAL_DIFFERENCE_RULE, bankersAllowed: true },
      ),
    ).toMatchObject({ points: 6, provisional: false });
  });
});
