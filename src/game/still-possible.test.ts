import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { GOAL_DIFFERENCE_RULE, STANDARD_RULE, type ScoringRule } from './scoring.js';
import { chancesOf, pointsStillAvailable, type MemberChancesInput, type RemainingMatch } from './still-possible.js';

const standard = { rule: STANDARD_RULE, bankersAllowed: true };
const match = (over: Partial<RemainingMatch> = {}): RemainingMatch => ({
  gameweek: 1,
  open: false,
  picked: true,
  banker: false,
  ...over,
});
const member = (matches: RemainingMatch[], over: Partial<MemberChancesInput> = {}): MemberChancesInput => ({
  matches,
  bankerSpent: new Set(),
  bonus: 0,
  ...over,
});

describe('points still available', () => {
  test('an open match counts for everyone, a closed one only with a pick', () => {
    const got = pointsStillAvailable(
      { rule: STANDARD_RULE, bankersAllowed: false },
      member([match({ open: true, picked: false }), match({ picked: false }), match()]),
    );
    expect(got.season).toBe(6);
    expect(got.byGameweek.get(1)).toBe(6);
  });

  test('a gameweek with an open match may still add a banker; a fixed banker adds its own match again', () => {
    expect(pointsStillAvailable(standard, member([match({ open: true, picked: false })])).season).toBe(6);
    // The banker is fixed on a closed match: the open matches cannot carry another one.
    expect(
      pointsStillAvailable(standard, member([match({ banker: true }), match({ open: true, picked: false })])).season,
    ).toBe(3 + 3 + 3);
    // The banker sits on a match already played: nothing is doubled any more.
    expect(
      pointsStillAvailable(standard, member([match({ open: true, picked: false })], { bankerSpent: new Set([1]) }))
        .season,
    ).toBe(3);
    // Closed matches without a banker, none open: no banker can be placed.
    expect(pointsStillAvailable(standard, member([match(), match()])).season).toBe(6);
  });

  test("a league's rule prices a match at its exact score; bankers off doubles nothing; bonus points are added", () => {
    const got = pointsStillAvailable(
      { rule: GOAL_DIFFERENCE_RULE, bankersAllowed: false },
      member([match({ banker: true }), match({ gameweek: 2, open: true, picked: false })], { bonus: 5 }),
    );
    expect(got.season).toBe(4 + 4 + 5);
    expect([...got.byGameweek]).toEqual([
      [1, 4],
      [2, 4],
    ]);
  });

  test('a match that decides a knockout tie adds the league’s qualifier points, never doubled by a banker', () => {
    const withQualifier = { ...standard, qualifierPoints: 2 };
    // The final (its banker fixed on it) and a first leg, which decides nothing.
    const matches = [match({ banker: true, decidesTie: true }), match({ decidesTie: false })];
    expect(pointsStillAvailable(withQualifier, member(matches)).season).toBe(3 * 2 + 2 + 3);
    // A league without qualifier points: the tie adds nothing.
    expect(pointsStillAvailable(standard, member(matches)).season).toBe(3 * 2 + 3);
    // A closed deciding match without a pick names nobody either.
    expect(pointsStillAvailable(withQualifier, member([match({ picked: false, decidesTie: true })])).season).toBe(0);
  });

  test('a match outside every gameweek counts in the season only, without a banker', () => {
    const got = pointsStillAvailable(standard, member([match({ gameweek: null, open: true, picked: false })]));
    expect(got.season).toBe(3);
    expect(got.byGameweek.size).toBe(0);
  });
});

describe('chances', () => {
  test('the leader out of reach is champion; a member who can reach the leader can still win; the rest are out', () => {
    const chances = chancesOf([
      { userId: 'a', points: 20, available: 3 },
      { userId: 'b', points: 10, available: 9 },
      { userId: 'c', points: 16, available: 6 },
    ]);
    expect(Object.fromEntries(chances)).toEqual({ a: 'can-win', b: 'out', c: 'can-win' });
    const decided = chancesOf([
      { userId: 'a', points: 20, available: 3 },
      { userId: 'b', points: 10, available: 9 },
    ]);
    expect(Object.fromEntries(decided)).toEqual({ a: 'champion', b: 'out' });
  });

  test('when nothing is left, those level on top share it, and nobody wins with 0 points', () => {
    expect(
      Object.fromEntries(
        chancesOf([
          { userId: 'a', points: 7, available: 0 },
          { userId: 'b', points: 7, available: 0 },
          { userId: 'c', points: 2, available: 0 },
        ]),
      ),
    ).toEqual({ a: 'champion', b: 'champion', c: 'out' });
    expect(
      Object.fromEntries(
        chancesOf([
          { userId: 'a', points: 0, available: 0 },
          { userId: 'b', points: 0, available: 0 },
        ]),
      ),
    ).toEqual({ a: 'out', b: 'out' });
  });
});

// Random leagues and random ways the rest of the season can go.
const ruleArb: fc.Arbitrary<ScoringRule> = fc
  .tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }))
  .map(([exact, d, o]) => {
    const difference = Math.min(d, exact);
    return { exact, difference, outcome: Math.min(o, difference) };
  });
const fixtureArb = fc.record({
  gameweek: fc.integer({ min: 1, max: 3 }),
  open: fc.boolean(),
  decidesTie: fc.boolean(),
});
const memberArb = (fixtures: number) =>
  fc.record({
    points: fc.integer({ min: 0, max: 40 }),
    picked: fc.array(fc.boolean(), { minLength: fixtures, maxLength: fixtures }),
    bankerAt: fc.array(fc.integer({ min: -1, max: fixtures - 1 }), { minLength: 3, maxLength: 3 }),
    spent: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    bonus: fc.integer({ min: 0, max: 10 }),
  });
const worldArb = fc
  .record({
    rule: ruleArb,
    bankersAllowed: fc.boolean(),
    qualifierPoints: fc.integer({ min: 0, max: 5 }),
    fixtures: fc.array(fixtureArb, { minLength: 1, maxLength: 6 }),
  })
  .chain((w) =>
    fc.record({
      world: fc.constant(w),
      members: fc.array(memberArb(w.fixtures.length), { minLength: 2, maxLength: 5 }),
      // Per member and match: the tier the pick falls in (0 exact … 3 wrong), whether an open match
      // gets a pick, which open match takes a banker, and whether the bonus is won.
      seed: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 64, maxLength: 64 }),
    }),
  );

type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

/** Each member's remaining matches as the outlook sees them (a closed banker only where a pick is). */
function inputsOf({ world, members }: World): MemberChancesInput[] {
  return members.map((m) => {
    const matches = world.fixtures.map((f, i): RemainingMatch => {
      const picked = !f.open && m.picked[i]!;
      const banker = picked && m.bankerAt[f.gameweek - 1] === i;
      return { gameweek: f.gameweek, open: f.open, picked, banker, decidesTie: f.decidesTie };
    });
    const bankerSpent = new Set<number>();
    m.spent.forEach((s, g) => {
      // Spent only where no closed match of that gameweek still carries the banker.
      if (s && !matches.some((x) => x.gameweek === g + 1 && x.banker)) bankerSpent.add(g + 1);
    });
    return { matches, bankerSpent, bonus: m.bonus };
  });
}

/** One way the rest of the season goes: every member's final points, within the game's rules. */
function complete({ world, members, seed }: World, inputs: MemberChancesInput[]): number[] {
  let k = 0;
  const next = () => seed[k++ % seed.length]! + k;
  const tierPoints = [world.rule.exact, world.rule.difference, world.rule.outcome, 0];
  return members.map((m, mi) => {
    const input = inputs[mi]!;
    let total = m.points + (next() % 2 ? m.bonus : 0);
    const earned = input.matches.map((x) => {
      const pickedNow = x.picked || (x.open && next() % 3 !== 0);
      // A pick on a match that decides a tie may name the team through right too (never doubled).
      if (pickedNow && x.decidesTie && next() % 2) total += world.qualifierPoints;
      return pickedNow ? tierPoints[next() % 4]! : null;
    });
    for (const e of earned) total += e ?? 0;
    if (world.bankersAllowed) {
      for (let g = 1; g <= 3; g++) {
        const fixed = input.matches.map((x, i) => (x.gameweek === g && x.banker ? i : -1)).filter((i) => i >= 0);
        if (fixed.length) for (const i of fixed) total += earned[i] ?? 0;
        else if (!input.bankerSpent.has(g)) {
          const open = input.matches
            .map((x, i) => (x.gameweek === g && x.open && earned[i] !== null ? i : -1))
            .filter((i) => i >= 0);
          if (open.length && next() % 2) total += earned[open[next() % open.length]!]!;
        }
      }
    }
    return total;
  });
}

describe('properties over random leagues and random completions', () => {
  test('points still available are never negative and bound every completion', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const inputs = inputsOf(w);
        const finals = complete(w, inputs);
        inputs.forEach((input, i) => {
          const available = pointsStillAvailable(w.world, input);
          expect(available.season).toBeGreaterThanOrEqual(0);
          for (const v of available.byGameweek.values()) expect(v).toBeGreaterThanOrEqual(0);
          expect(finals[i]!).toBeLessThanOrEqual(w.members[i]!.points + available.season);
        });
      }),
      { numRuns: 500 },
    );
  });

  test('nobody out of it finishes first, and a champion stays first, in any completion', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const inputs = inputsOf(w);
        const standings = w.members.map((m, i) => ({
          userId: String(i),
          points: m.points,
          available: pointsStillAvailable(w.world, inputs[i]!).season,
        }));
        const chances = chancesOf(standings);
        const finals = complete(w, inputs);
        const top = Math.max(...finals);
        finals.forEach((f, i) => {
          const chance = chances.get(String(i));
          // Nobody wins with 0 points: a table level on 0 has nobody first.
          if (chance === 'out' && top > 0) expect(f).toBeLessThan(top);
          if (chance === 'champion') expect(f).toBe(top);
          if (chance === 'champion' && standings.some((s) => s.available > 0))
            finals.forEach((g, j) => j !== i && expect(g).toBeLessThan(f));
        });
      }),
      { numRuns: 500 },
    );
  });
});
