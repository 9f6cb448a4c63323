import { describe, expect, test } from 'vitest';
import type { Fixture } from '../../../contract/fixtures';
import { matchScoreProblem } from '../../../game/knockout';
import { checkRow, isKnockout, savedDraft, type Draft } from './desk-row';

const fixture = (over: Partial<Fixture> = {}): Fixture => ({
  id: 'final',
  seasonId: 'world-cup-2026',
  homeTeam: 'Spain',
  awayTeam: 'Argentina',
  kickoffAt: '2026-07-19T19:00:00.000Z',
  localDate: '2026-07-19',
  localTime: '15:00',
  gameweek: 23,
  league: 'FIFA World Cup',
  status: 'awaiting',
  result: null,
  stage: 'final',
  ...over,
});
const draft = (over: Partial<Draft>): Draft => ({
  home: '',
  away: '',
  etHome: '',
  etAway: '',
  penHome: '',
  penAway: '',
  ...over,
});

describe('a row of the results desk', () => {
  test('a knockout match sends its score after extra time and its shoot-out', () => {
    expect(isKnockout(fixture())).toBe(true);
    expect(isKnockout(fixture({ stage: 'group' }))).toBe(false);
    expect(isKnockout(fixture({ stage: null }))).toBe(false);
    expect(
      checkRow(fixture(), draft({ home: '1', away: '1', etHome: '1', etAway: '1', penHome: '4', penAway: '3' })),
    ).toEqual({
      row: {
        fixtureId: 'final',
        homeScore: 1,
        awayScore: 1,
        extraTime: { homeScore: 1, awayScore: 1 },
        penalties: { homeScore: 4, awayScore: 3 },
      },
    });
  });

  test('half a pair, or scores that cannot belong together, are refused with the rule’s own words', () => {
    expect(checkRow(fixture(), draft({ home: '0', away: '0', etHome: '1' }))).toEqual({
      error: 'Enter both scores after extra time, or neither.',
    });
    expect(checkRow(fixture(), draft({ home: '0', away: '0', penHome: '5', penAway: '4' }))).toEqual({
      error: matchScoreProblem({ ninety: { homeScore: 0, awayScore: 0 }, penalties: { homeScore: 5, awayScore: 4 } }),
    });
    expect(checkRow(fixture(), draft({ home: '2', away: '0', etHome: '1', etAway: '0' }))).toEqual({
      error: 'The score after extra time includes the goals of the 90 minutes, so neither side can have fewer.',
    });
  });

  test('a league match sends only the 90 minutes, and a saved result fills the row back', () => {
    expect(checkRow(fixture({ stage: null }), draft({ home: '2', away: '1', etHome: '3', etAway: '1' }))).toEqual({
      row: { fixtureId: 'final', homeScore: 2, awayScore: 1 },
    });
    const saved = fixture({
      result: { homeScore: 0, awayScore: 0, final: true, extraTime: { homeScore: 1, awayScore: 0 } },
    });
    expect(savedDraft(saved)).toEqual(draft({ home: '0', away: '0', etHome: '1', etAway: '0' }));
  });
});
