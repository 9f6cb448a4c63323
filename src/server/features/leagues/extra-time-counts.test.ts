import { describe, expect, it } from 'vitest';
import { STANDARD_RULE } from '../../../game/scoring.js';
import { countsWith, gameweekExact, gameweekPoints, packCounts, SEASON_TOTAL } from '../../points/season-counts.js';
import { extraTimeChanges } from './extra-time-counts.js';
import type { ExtraTimePickRow } from './extra-time-repository.js';

/**
 * A league that scores after extra time sees the kept (90-minute) counts with only the picks on
 * matches that went to extra time tiered again: the World Cup final, 0-0 after 90 minutes and
 * 1-0 after extra time, is an exact score for a 0-0 pick at 90 minutes and for a 1-0 pick after
 * extra time.
 */
const STANDARD = { rule: STANDARD_RULE, bankersAllowed: true };
const none = { exact: 0, difference: 0, outcome: 0 };
const final = { gameweek: 7, resultHome: 0, resultAway: 0, resultHomeEt: 1, resultAwayEt: 0 };
const pick = (userId: string, homeScore: number, awayScore: number, banker = 0): ExtraTimePickRow => ({
  userId,
  homeScore,
  awayScore,
  banker,
  ...final,
});

describe('counts under the extra-time rule', () => {
  it('moves only the picks whose tier changes, in their gameweek and the season, bankers with them', () => {
    const picks = [pick('nil', 0, 0), pick('one', 1, 0, 1), pick('two', 2, 1), pick('away', 0, 1)];
    const changes = extraTimeChanges(picks);
    // 0-0: exact at 90 minutes, wrong after extra time; 1-0 (a banker): a right outcome at 90? no, a draw was
    // the result: wrong, then exact; 2-1: wrong, then a right difference; 0-1: wrong both times.
    expect(changes.filter((c) => c.gameweek === 7)).toEqual([
      { userId: 'nil', gameweek: 7, tier: 'exact', banker: false, by: -1 },
      { userId: 'one', gameweek: 7, tier: 'exact', banker: true, by: 1 },
      { userId: 'two', gameweek: 7, tier: 'difference', banker: false, by: 1 },
    ]);
    expect(changes.filter((c) => c.gameweek === SEASON_TOTAL)).toHaveLength(3);

    const kept = packCounts(
      [7, SEASON_TOTAL].flatMap((gameweek) => [
        { userId: 'nil', gameweek, counts: { exact: 1, difference: 0, outcome: 0, banker: none } },
        { userId: 'one', gameweek, counts: { exact: 0, difference: 0, outcome: 0, banker: none } },
        { userId: 'two', gameweek, counts: { exact: 0, difference: 0, outcome: 0, banker: none } },
      ]),
    );
    const after = countsWith(kept, changes);
    for (const gameweek of [7, SEASON_TOTAL]) {
      const ninety = gameweekPoints(kept, gameweek, STANDARD);
      const extra = gameweekPoints(after, gameweek, STANDARD);
      expect(['nil', 'one', 'two'].map(ninety)).toEqual([3, 0, 0]);
      // The banker's exact score counts double.
      expect(['nil', 'one', 'two'].map(extra)).toEqual([0, 6, 1]);
      expect(['nil', 'one'].map(gameweekExact(after, gameweek))).toEqual([0, 1]);
    }
    // The kept counts are never written.
    expect(gameweekPoints(kept, 7, STANDARD)('one')).toBe(0);
  });

  it('gives a player seen only in a moved pick a row of their own, and leaves counts without changes as they are', () => {
    const kept = packCounts([
      { userId: 'a', gameweek: 1, counts: { exact: 2, difference: 0, outcome: 0, banker: none } },
    ]);
    expect(countsWith(kept, [])).toBe(kept);
    const after = countsWith(kept, [{ userId: 'b', gameweek: 1, tier: 'outcome', banker: false, by: 1 }]);
    expect(['a', 'b'].map(gameweekPoints(after, 1, STANDARD))).toEqual([6, 1]);
    expect(gameweekPoints(kept, 1, STANDARD)('b')).toBeUndefined();
  });
});
