import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  canBePredicted,
  countingScore,
  matchScoreOf,
  matchScoreProblem,
  qualifierOf,
  singleMatchWinner,
  tieQualifier,
  type MatchScore,
  type TieMatch,
} from './knockout.js';

const score = (result: [number, number], extraTime?: [number, number], penalties?: [number, number]): MatchScore =>
  matchScoreOf({ result, extraTime: extraTime ?? null, penalties: penalties ?? null });
const goals = fc.integer({ min: 0, max: 9 });
const pair = fc.tuple(goals, goals);

describe('the score a prediction is scored against', () => {
  // The 2026 World Cup final: 0-0 after 90 minutes, 1-0 after extra time.
  const final = score([0, 0], [1, 0]);

  test('after 90 minutes by default, and under the ninety rule', () => {
    expect(countingScore(final)).toEqual({ homeScore: 0, awayScore: 0 });
    expect(countingScore(final, 'ninety')).toEqual({ homeScore: 0, awayScore: 0 });
  });

  test('after extra time under the extra-time rule when it was played, else after 90', () => {
    expect(countingScore(final, 'extra-time')).toEqual({ homeScore: 1, awayScore: 0 });
    expect(countingScore(score([2, 1]), 'extra-time')).toEqual({ homeScore: 2, awayScore: 1 });
  });

  test('penalties never count as goals', () => {
    fc.assert(
      fc.property(pair, goals, (ninety, extra) => {
        const s = score(ninety, [ninety[0] + extra, ninety[1] + extra], [5, 4]);
        expect(countingScore(s, 'extra-time')).toEqual({ homeScore: ninety[0] + extra, awayScore: ninety[1] + extra });
      }),
    );
  });
});

describe('scores that cannot belong together', () => {
  test('a shoot-out without extra time', () => {
    expect(matchScoreProblem(score([1, 1], undefined, [4, 3]))).toMatch(/comes after extra time/);
  });
  test('fewer goals after extra time than after 90 minutes', () => {
    expect(matchScoreProblem(score([2, 1], [1, 1]))).toMatch(/neither side can have fewer/);
  });
  test('a level shoot-out', () => {
    expect(matchScoreProblem(score([1, 1], [1, 1], [4, 4]))).toMatch(/cannot be level/);
  });
  test('real ones pass: 3-2 after extra time from 3-0 (a second leg), and a shoot-out', () => {
    expect(matchScoreProblem(score([3, 0], [3, 2]))).toBeNull();
    expect(matchScoreProblem(score([1, 1], [1, 1], [3, 4]))).toBeNull();
  });
});

describe('who goes through', () => {
  test('one match: the score after extra time, then the shoot-out', () => {
    expect(singleMatchWinner(score([0, 0], [1, 0]))).toBe('home');
    expect(singleMatchWinner(score([1, 1], [1, 1], [3, 4]))).toBe('away');
    expect(singleMatchWinner(score([2, 1]))).toBe('home');
    expect(singleMatchWinner(score([1, 1]))).toBeNull();
    expect(tieQualifier([{ home: 'spain', away: 'argentina', score: score([0, 0], [1, 0]) }])).toBe('spain');
    expect(tieQualifier([{ home: 'germany', away: 'paraguay', score: score([1, 1], [1, 1], [3, 4]) }])).toBe(
      'paraguay',
    );
  });

  test('two legs: the aggregate, extra time of the second leg included', () => {
    // Galatasaray 5-2 Juventus, then Juventus 3-0 (5-5), 3-2 after extra time: Galatasaray through, 7-6.
    const legs: TieMatch[] = [
      { home: 'galatasaray', away: 'juventus', score: score([5, 2]) },
      { home: 'juventus', away: 'galatasaray', score: score([3, 0], [3, 2]) },
    ];
    expect(tieQualifier(legs)).toBe('galatasaray');
    // Level on aggregate: the second leg's shoot-out decides; no away goals.
    expect(
      tieQualifier([
        { home: 'a', away: 'b', score: score([2, 2]) },
        { home: 'b', away: 'a', score: score([1, 1], [1, 1], [2, 4]) },
      ]),
    ).toBe('a');
    expect(
      tieQualifier([
        { home: 'a', away: 'b', score: score([1, 0]) },
        { home: 'b', away: 'a', score: score([0, 1]) },
      ]),
    ).toBe('a');
  });

  test('nobody yet: a leg to play, a team not known, nothing settled', () => {
    expect(
      tieQualifier([
        { home: 'a', away: 'b', score: score([1, 0]) },
        { home: 'b', away: 'a', score: null },
      ]),
    ).toBeNull();
    expect(tieQualifier([{ home: null, away: 'b', score: null }])).toBeNull();
    expect(tieQualifier([{ home: 'a', away: 'b', score: score([1, 1]) }])).toBeNull();
  });

  test('legs that do not swap home and away are a mistake', () => {
    expect(() =>
      tieQualifier([
        { home: 'a', away: 'b', score: null },
        { home: 'a', away: 'b', score: null },
      ]),
    ).toThrow(/swap home and away/);
  });

  test('a league or group match has no qualifier', () => {
    expect(qualifierOf({ knockout: false }, [{ home: 'a', away: 'b', score: score([3, 0]) }])).toBeNull();
    expect(qualifierOf({ knockout: true }, [{ home: 'a', away: 'b', score: score([3, 0]) }])).toBe('a');
  });

  test('property: the aggregate winner goes through, else the shoot-out winner', () => {
    fc.assert(
      fc.property(pair, pair, pair, (first, second, pens) => {
        const shootout: [number, number] = pens[0] === pens[1] ? [pens[0] + 1, pens[1]] : pens;
        const level = first[0] + second[1] === first[1] + second[0];
        const legs: TieMatch[] = [
          { home: 'a', away: 'b', score: score(first) },
          { home: 'b', away: 'a', score: level ? score(second, second, shootout) : score(second) },
        ];
        const through = tieQualifier(legs);
        const aGoals = first[0] + second[1];
        const bGoals = first[1] + second[0];
        if (aGoals > bGoals) expect(through).toBe('a');
        else if (bGoals > aGoals) expect(through).toBe('b');
        else expect(through).toBe(shootout[0] > shootout[1] ? 'b' : 'a');
      }),
    );
  });
});

test('a match can be predicted once both teams are known', () => {
  expect(canBePredicted({ home: 'psg', away: 'arsenal' })).toBe(true);
  expect(canBePredicted({ home: null, away: 'arsenal' })).toBe(false);
  expect(canBePredicted({ home: null, away: null })).toBe(false);
});
