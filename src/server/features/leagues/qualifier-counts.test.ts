import { describe, expect, it } from 'vitest';
import { decidedTies } from '../../../game/qualifier.js';
import { STANDARD_RULE } from '../../../game/scoring.js';
import { countsWith, gameweekPoints, packCounts, SEASON_TOTAL } from '../../points/season-counts.js';
import { qualifierChanges } from './qualifier-counts.js';
import type { KnockoutFixtureRow, QualifierPickRow } from './qualifier-repository.js';

/**
 * A league with qualifier points sees the kept counts with one more column: the ties each player
 * named right, in the deciding match's gameweek and the season, worth the league's points each
 * (never doubled by a banker); a league without them sees the same counts as before.
 */
const none = { exact: 0, difference: 0, outcome: 0 };
const fixture = (f: Partial<KnockoutFixtureRow> & Pick<KnockoutFixtureRow, 'id'>): KnockoutFixtureRow => ({
  seasonId: 's',
  gameweek: 7,
  stage: 'final',
  leg: null,
  home: 'Spain',
  away: 'Argentina',
  teamsKnown: true,
  score: null,
  ...f,
});
const pick = (
  userId: string,
  fixtureId: string,
  homeScore: number,
  awayScore: number,
  qualifier: 'home' | 'away' | null = null,
): QualifierPickRow => ({
  userId,
  fixtureId,
  gameweek: 7,
  homeScore,
  awayScore,
  qualifier,
});

describe('the ties each player named right', () => {
  const fixtures = [
    fixture({
      id: 'final',
      score: { ninety: { homeScore: 0, awayScore: 0 }, extraTime: { homeScore: 1, awayScore: 0 } },
    }),
    fixture({
      id: 'l1',
      stage: 'semi-finals',
      leg: 1,
      gameweek: 6,
      home: 'France',
      away: 'Brazil',
      score: { ninety: { homeScore: 2, awayScore: 0 } },
    }),
    fixture({
      id: 'l2',
      stage: 'semi-finals',
      leg: 2,
      gameweek: 6,
      home: 'Brazil',
      away: 'France',
      score: { ninety: { homeScore: 1, awayScore: 0 } },
    }),
  ];
  const through = decidedTies(fixtures);

  it('counts a named team and an implied winner, not a wrong one, in the deciding gameweek and the season', () => {
    const changes = qualifierChanges(fixtures, through, [
      pick('implied', 'final', 2, 1),
      pick('named', 'final', 0, 0, 'home'),
      pick('wrong', 'final', 0, 0, 'away'),
      pick('undecided', 'final', 1, 1),
      { ...pick('aggregate', 'l2', 1, 0, 'away'), gameweek: 6 },
      { ...pick('lost', 'l2', 3, 0, 'home'), gameweek: 6 },
    ]);
    const by = (userId: string) =>
      changes
        .filter((c) => c.userId === userId)
        .map((c) => c.gameweek)
        .sort();
    expect(by('implied')).toEqual([SEASON_TOTAL, 7]);
    expect(by('named')).toEqual([SEASON_TOTAL, 7]);
    expect(by('aggregate')).toEqual([SEASON_TOTAL, 6]);
    expect([...by('wrong'), ...by('undecided'), ...by('lost')]).toEqual([]);
    expect(changes.every((c) => c.tier === 'qualifier' && !c.banker && c.by === 1)).toBe(true);
  });

  it('adds the league’s points per tie on top of the tiers, and nothing where the league has none', () => {
    const kept = packCounts([
      { userId: 'named', gameweek: 7, counts: { exact: 1, difference: 0, outcome: 0, banker: { ...none, exact: 1 } } },
      {
        userId: 'named',
        gameweek: SEASON_TOTAL,
        counts: { exact: 1, difference: 0, outcome: 0, banker: { ...none, exact: 1 } },
      },
    ]);
    const seen = countsWith(kept, qualifierChanges(fixtures, through, [pick('named', 'final', 0, 0, 'home')]));
    const withPoints = { rule: STANDARD_RULE, bankersAllowed: true, qualifierPoints: 2 };
    const without = { rule: STANDARD_RULE, bankersAllowed: true };
    // An exact banker (3 × 2) and the tie named right (2, not doubled).
    expect(gameweekPoints(seen, 7, withPoints)('named')).toBe(8);
    expect(gameweekPoints(seen, SEASON_TOTAL, withPoints)('named')).toBe(8);
    expect(gameweekPoints(seen, 7, without)('named')).toBe(6);
    expect(gameweekPoints(kept, 7, withPoints)('named')).toBe(6);
  });
});
