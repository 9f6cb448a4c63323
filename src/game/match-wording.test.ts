import { expect, test } from 'vitest';
import { legName, resultText, roundName } from './match-wording.js';

test('roundName says the group, else the stage, then the leg; nothing in a league season', () => {
  expect(roundName({ stage: 'group', group: 'Group A', leg: null })).toBe('Group A');
  expect(roundName({ stage: 'league-phase' })).toBe('League phase');
  expect(roundName({ stage: 'quarter-finals', group: null, leg: 1 })).toBe('Quarter-finals · 1st leg');
  expect(roundName({ stage: 'semi-finals', leg: 2 })).toBe('Semi-finals · 2nd leg');
  expect(roundName({ stage: 'final' })).toBe('Final');
  expect(roundName({ stage: 'third-place' })).toBe('Third-place play-off');
  expect(roundName({ stage: 'league', group: null, leg: null })).toBeNull();
  expect(roundName({ stage: 'not-a-stage' })).toBeNull();
  expect(roundName({})).toBeNull();
});

test('legName', () => {
  expect(legName(1)).toBe('1st leg');
  expect(legName(2)).toBe('2nd leg');
  expect(legName(3)).toBe('Leg 3');
});

test('resultText: the plain score, else the score after extra time and the shoot-out', () => {
  expect(resultText({ homeScore: 2, awayScore: 1 })).toBe('2-1');
  expect(resultText({ homeScore: 2, awayScore: 1 }, ' - ')).toBe('2 - 1');
  expect(resultText({ homeScore: 0, awayScore: 0, extraTime: { homeScore: 1, awayScore: 0 } }, ' - ')).toBe(
    '1-0 a.e.t.',
  );
  expect(
    resultText({
      homeScore: 1,
      awayScore: 1,
      extraTime: { homeScore: 1, awayScore: 1 },
      penalties: { homeScore: 4, awayScore: 3 },
    }),
  ).toBe('1-1 a.e.t., 4-3 pens');
});
