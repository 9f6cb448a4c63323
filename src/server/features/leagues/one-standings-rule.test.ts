import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { createTestApp } from '../../test/harness.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { GOAL_DIFFERENCE_RULE, STANDARD_RULE, type ScoringRule } from '../../../game/scoring.js';
import {
  buildLeagueWorld,
  checkEveryView,
  expectedOf,
  get,
  SEASON_START,
  type Bankers,
  type LeagueSpec,
} from './standings-world.js';

/**
 * One standings rule (decision 0102): random small leagues (standard, goal-difference and custom
 * rules, bankers counting or not, settled bonus questions, corrected results) built through the
 * routes, and every screen that shows a place or a league total (the season, gameweek and
 * all-seasons tables, the dashboard's positions, each gameweek summary, the live table with
 * nothing in play, the league's rank history) agrees with a count made here from the raw picks
 * and results with src/game/scoring.ts only, and with one order of players level on points.
 */
const NAMES = ['Émile', 'emile', 'Eve', 'Zoë', 'Zoe', 'Ådne', 'Bob', 'bob'];
const score = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }));
const rule: fc.Arbitrary<ScoringRule> = fc.oneof(
  fc.constant({ ...STANDARD_RULE }),
  fc.constant({ ...GOAL_DIFFERENCE_RULE }),
  fc
    .tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }))
    .map(([a, b, c]) => {
      const [exact, difference, outcome] = [a, b, c].sort((x, y) => y - x) as [number, number, number];
      return { exact, difference, outcome };
    }),
);

const world: fc.Arbitrary<{ spec: LeagueSpec; bankers: Bankers }> = fc.integer({ min: 2, max: 4 }).chain((n) =>
  fc
    .record({
      rule,
      bankersAllowed: fc.boolean(),
      names: fc.array(fc.constantFrom(...NAMES), { minLength: n, maxLength: n }),
      gameweeks: fc.array(
        fc.array(
          fc.record({
            picks: fc.array(fc.option(score, { nil: null, freq: 4 }), { minLength: n, maxLength: n }),
            results: fc.array(score, { maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
        { minLength: 1, maxLength: 3 },
      ),
      questions: fc.array(
        fc.record({
          points: fc.integer({ min: 1, max: 10 }),
          answers: fc.array(fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }), { minLength: n, maxLength: n }),
          correct: fc.integer({ min: 0, max: 2 }),
        }),
        { maxLength: 2 },
      ),
      bankerChoices: fc.array(fc.array(fc.option(fc.nat(), { nil: null }), { minLength: 3, maxLength: 3 }), {
        minLength: n,
        maxLength: n,
      }),
    })
    .map(({ bankerChoices, ...spec }) => ({
      spec,
      // A banker only on a match the member picked.
      bankers: bankerChoices.map((perWeek, i) =>
        spec.gameweeks.map((matches, g) => {
          const choice = perWeek[g];
          if (choice === null || choice === undefined) return null;
          const j = choice % matches.length;
          return matches[j]!.picks[i] ? j : null;
        }),
      ),
    })),
);

describe('one standings rule', () => {
  test('every view of a random league agrees with a count of its picks, results and bonus answers', async () => {
    await fc.assert(
      fc.asyncProperty(world, async ({ spec, bankers }) => {
        const t = await createTestApp({ now: SEASON_START });
        try {
          const built = await buildLeagueWorld(t, spec, bankers);
          await checkEveryView(t, built, expectedOf(spec, bankers));
        } finally {
          await t.close();
        }
      }),
      { numRuns: Number(process.env.STANDINGS_RUNS ?? 6), endOnFailure: true },
    );
  }, 600_000);

  test('the finding: a settled 5-point bonus and one scored match, the table, positions and summary agree', async () => {
    const spec: LeagueSpec = {
      rule: { ...STANDARD_RULE },
      bankersAllowed: true,
      names: ['Alice', 'Bob', 'Carol'],
      gameweeks: [
        [
          {
            picks: [
              [1, 0],
              [0, 2],
              [2, 2],
            ],
            results: [[1, 0]],
          },
        ],
      ],
      questions: [{ points: 5, answers: [1, 0, 2], correct: 0 }],
    };
    const bankers: Bankers = [[null], [null], [null]];
    const t = await createTestApp({ now: SEASON_START });
    try {
      const built = await buildLeagueWorld(t, spec, bankers);
      const exp = expectedOf(spec, bankers);
      // Bob's 5 bonus points put him first, above Alice's 3 for the exact score.
      expect(exp.season).toEqual([3, 5, 0]);
      await checkEveryView(t, built, exp);
      const bob = built.members[1]!;
      const summary = await get(t, bob.cookie, `/api/me/gameweeks/1/summary?season=${TEST_SEASON}`);
      expect(summary.leagues[0]).toMatchObject({ position: 1, points: 5, memberCount: 3 });
    } finally {
      await t.close();
    }
  }, 120_000);
});
