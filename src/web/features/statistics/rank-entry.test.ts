import { expect, test } from 'vitest';
import { rankEntryText } from './parts';

test('a ranked gameweek shows its rank and points', () => {
  expect(rankEntryText({ rank: 2, points: 7, players: 9 })).toEqual({ rank: '#2', points: '7 pts' });
  expect(rankEntryText({ rank: 1, points: 1, players: 9 })).toEqual({ rank: '#1', points: '1 pt' });
});

test('a gameweek not played or with no results yet never reads "— 0 pts"', () => {
  expect(rankEntryText({ rank: null, points: 0, players: 9 })).toEqual({ rank: '—', points: 'Not played' });
  expect(rankEntryText({ rank: null, points: 0, players: 0 })).toEqual({ rank: '—', points: 'No results yet' });
});
