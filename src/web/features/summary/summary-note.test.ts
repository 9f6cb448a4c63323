import { expect, test } from 'vitest';
import type { GameweekSummary } from '../../../contract/summary';
import { gameweekOrder, summaryNote } from './summary-note';

type Match = GameweekSummary['matches'][number];
const match = (final: boolean | null, picked: boolean): Match =>
  ({
    fixture: { result: final === null ? null : { homeScore: 1, awayScore: 0, final } },
    prediction: picked ? { homeScore: 1, awayScore: 0 } : null,
  }) as unknown as Match; // only the fields the note reads
const totals = (predicted: number) => ({ points: 0, exact: 0, scored: 0, predicted, results: 0 });

test('with no picks it says so, not that points may rise', () => {
  const matches = Array.from({ length: 10 }, () => match(null, false));
  expect(summaryNote({ matches, totals: totals(0) })).toBe('You made no predictions this gameweek.');
});

test('only the player’s own picks still to be played may add points', () => {
  const matches = [match(true, true), match(null, true), match(false, true), match(null, false)];
  expect(summaryNote({ matches, totals: totals(3) })).toBe('2 results of your picks still to come: points may rise.');
  expect(summaryNote({ matches: [match(true, true), match(null, false)], totals: totals(1) })).toBeNull();
});

test('the gameweek picker counts 1, 2 … 11', () => {
  expect(gameweekOrder([11, 1, 2, 2])).toEqual([1, 2, 11]);
});
