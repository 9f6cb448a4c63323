import { describe, expect, test } from 'vitest';
import { pointsFromCounts, type TierCounts } from '../../../game/scoring.js';
import { leagueRowOf } from '../../test/factories-league.js';
import { packCounts, type CountsRow } from '../../points/season-counts.js';
import { scoringOf } from './repository.js';
import { placeAfter, placeIn, standingsFrom } from './standings.js';
import { tableEntry } from './table-cache.js';

/**
 * A member's place after a gameweek (standings.ts `placeAfter`): the season's table, bonus
 * points and bankers included, without the later gameweeks' points; after the last gameweek it is
 * the table's own place. Checked against points added up here, for every gameweek of a season
 * longer than the few gameweeks kept per table, asked in an order that evicts them.
 */
const WEEKS = 12;
const counts = (i: number, g: number): TierCounts => {
  const exact = (i * g) % 3;
  const outcome = (i + 2 * g) % 4;
  return {
    exact,
    difference: (i + g) % 2,
    outcome,
    banker: {
      exact: (i + g) % 5 === 0 ? Math.min(1, exact) : 0,
      difference: 0,
      outcome: g % 3 === 0 ? Math.min(1, outcome) : 0,
    },
  };
};

describe('a place after a gameweek', () => {
  test('is the season table without the later gameweeks, bonus and bankers included, however often asked', () => {
    const league = leagueRowOf({ ruleExact: 5, ruleDifference: 2, ruleOutcome: 1, bankersAllowed: 1 });
    const scoring = scoringOf(league);
    const members = Array.from({ length: 9 }, (_, i) => ({
      userId: `user-${i}`,
      displayName: ['Émile', 'eve', 'Zoë', 'Ådne'][i % 4]!,
      bonus: i % 3 === 0 ? 4 : 0,
    }));
    const rows: CountsRow[] = [];
    const weekly = members.map(() => new Array<number>(WEEKS + 1).fill(0));
    for (const [i, m] of members.entries()) {
      // The last member never scored.
      if (i === members.length - 1) continue;
      const total: TierCounts = {
        exact: 0,
        difference: 0,
        outcome: 0,
        banker: { exact: 0, difference: 0, outcome: 0 },
      };
      for (let g = 1; g <= WEEKS; g++) {
        const c = counts(i, g);
        rows.push({ userId: m.userId, gameweek: g, counts: c });
        weekly[i]![g] = pointsFromCounts(c, scoring.rule, scoring.bankersAllowed);
        for (const t of ['exact', 'difference', 'outcome'] as const) {
          total[t] += c[t];
          total.banker[t] += c.banker[t];
        }
      }
      rows.push({ userId: m.userId, gameweek: 0, counts: total });
    }
    const kept = packCounts(rows);
    const entry = tableEntry(league, standingsFrom(members, kept, 0, scoring));
    const after = (g: number) => members.map((m, i) => m.bonus + weekly[i]!.slice(1, g + 1).reduce((a, b) => a + b, 0));

    // Twice through, last gameweek first: more gameweeks than are kept, each asked again after it went.
    for (const round of [1, 2])
      for (let g = WEEKS; g >= 0; g--) {
        const points = after(g);
        for (const [i, m] of members.entries())
          expect(placeAfter(entry, kept, g, m.userId), `round ${round}, gameweek ${g}, ${m.userId}`).toEqual({
            points: points[i],
            rank: 1 + points.filter((p) => p > points[i]!).length,
            members: members.length,
          });
      }
    for (const m of members) expect(placeAfter(entry, kept, WEEKS, m.userId)).toEqual(placeIn(entry, m.userId));
    expect(placeAfter(entry, kept, 3, 'not-a-member')).toBeNull();
  });
});
