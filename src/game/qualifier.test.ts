import { describe, expect, it } from 'vitest';
import {
  decidedTies,
  keptQualifier,
  pickedQualifier,
  QUALIFIER_CONTRADICTS_MESSAGE,
  QUALIFIER_NOT_A_TIE_MESSAGE,
  qualifierPickProblem,
  tieRoleOf,
  type TieFixture,
} from './qualifier.js';

const line = (homeScore: number, awayScore: number) => ({ homeScore, awayScore });

describe('which match decides a tie', () => {
  it('is a one-match knockout or a second leg, never a league, group or first-leg match', () => {
    expect(tieRoleOf({ stage: null, leg: null })).toBe('none');
    expect(tieRoleOf({ stage: 'league' })).toBe('none');
    expect(tieRoleOf({ stage: 'group', leg: null })).toBe('none');
    expect(tieRoleOf({ stage: 'league-phase', leg: null })).toBe('none');
    expect(tieRoleOf({ stage: 'round-of-16', leg: 1 })).toBe('none');
    expect(tieRoleOf({ stage: 'round-of-16', leg: 2 })).toBe('second-leg');
    expect(tieRoleOf({ stage: 'final', leg: null })).toBe('single');
    expect(tieRoleOf({ stage: 'not-a-stage', leg: null })).toBe('none');
  });
});

describe('a pick naming who goes through', () => {
  it('is implied by a predicted winner of a one-match knockout and named after a predicted draw', () => {
    expect(pickedQualifier('single', { homeScore: 2, awayScore: 1 })).toBe('home');
    expect(pickedQualifier('single', { homeScore: 0, awayScore: 1, qualifier: null })).toBe('away');
    expect(pickedQualifier('single', { homeScore: 1, awayScore: 1 })).toBeNull();
    expect(pickedQualifier('single', { homeScore: 1, awayScore: 1, qualifier: 'away' })).toBe('away');
  });

  it('is named outright in a second leg (the aggregate decides, not this score)', () => {
    expect(pickedQualifier('second-leg', { homeScore: 2, awayScore: 0 })).toBeNull();
    expect(pickedQualifier('second-leg', { homeScore: 2, awayScore: 0, qualifier: 'away' })).toBe('away');
  });

  it('means nothing where no tie is decided', () => {
    expect(pickedQualifier('none', { homeScore: 2, awayScore: 0, qualifier: 'home' })).toBeNull();
  });

  it('is refused where it cannot stand', () => {
    expect(qualifierPickProblem('none', { homeScore: 1, awayScore: 0, qualifier: 'home' })).toBe(
      QUALIFIER_NOT_A_TIE_MESSAGE,
    );
    expect(qualifierPickProblem('single', { homeScore: 2, awayScore: 1, qualifier: 'away' })).toBe(
      QUALIFIER_CONTRADICTS_MESSAGE,
    );
    expect(qualifierPickProblem('single', { homeScore: 2, awayScore: 1, qualifier: 'home' })).toBeNull();
    expect(qualifierPickProblem('single', { homeScore: 1, awayScore: 1, qualifier: 'away' })).toBeNull();
    expect(qualifierPickProblem('second-leg', { homeScore: 3, awayScore: 0, qualifier: 'away' })).toBeNull();
    expect(qualifierPickProblem('none', { homeScore: 1, awayScore: 0 })).toBeNull();
  });
});

describe('a score-only save keeping the team named', () => {
  it('keeps it after a draw and in a second leg, drops it where a winner or no tie says otherwise', () => {
    expect(keptQualifier('single', { homeScore: 2, awayScore: 2 }, 'away')).toBe('away');
    expect(keptQualifier('single', { homeScore: 2, awayScore: 1 }, 'away')).toBeUndefined();
    expect(keptQualifier('second-leg', { homeScore: 2, awayScore: 0 }, 'away')).toBe('away');
    expect(keptQualifier('none', { homeScore: 1, awayScore: 1 }, 'home')).toBeUndefined();
    expect(keptQualifier('single', { homeScore: 1, awayScore: 1 }, null)).toBeUndefined();
  });
});

describe('who went through each decided tie', () => {
  const fixture = (f: Partial<TieFixture> & Pick<TieFixture, 'id' | 'home' | 'away'>): TieFixture => ({
    stage: 'round-of-16',
    leg: null,
    teamsKnown: true,
    score: null,
    ...f,
  });

  it('settles a one-match knockout after extra time, then on penalties', () => {
    const ties = decidedTies([
      fixture({
        id: 'final',
        stage: 'final',
        home: 'Spain',
        away: 'Argentina',
        score: { ninety: line(0, 0), extraTime: line(1, 0) },
      }),
      fixture({
        id: 'qf',
        stage: 'quarter-finals',
        home: 'France',
        away: 'Brazil',
        score: { ninety: line(1, 1), extraTime: line(1, 1), penalties: line(3, 4) },
      }),
      fixture({ id: 'group', stage: 'group', home: 'A', away: 'B', score: { ninety: line(2, 0) } }),
      fixture({ id: 'unplayed', stage: 'semi-finals', home: 'C', away: 'D' }),
      fixture({ id: 'unknown', stage: 'final', home: 'Winner 101', away: 'Winner 102', teamsKnown: false }),
    ]);
    expect([...ties]).toEqual([
      ['final', 'home'],
      ['qf', 'away'],
    ]);
  });

  it('settles a two-legged tie on aggregate at the second leg, the first leg deciding nothing', () => {
    const first = fixture({ id: 'l1', leg: 1, home: 'Arsenal', away: 'Real Madrid', score: { ninety: line(3, 0) } });
    const second = fixture({ id: 'l2', leg: 2, home: 'Real Madrid', away: 'Arsenal', score: { ninety: line(1, 2) } });
    expect([...decidedTies([first, second])]).toEqual([['l2', 'away']]);
    // Level on aggregate after extra time: the second leg's shoot-out decides.
    const level = fixture({
      id: 'l2',
      leg: 2,
      home: 'Real Madrid',
      away: 'Arsenal',
      score: { ninety: line(3, 0), extraTime: line(3, 0), penalties: line(5, 4) },
    });
    expect([...decidedTies([first, level])]).toEqual([['l2', 'home']]);
    // The second leg without its first leg's result decides nothing yet.
    expect(decidedTies([{ ...first, score: null }, second]).size).toBe(0);
  });
});
