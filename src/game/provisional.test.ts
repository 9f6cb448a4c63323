import { expect, test } from 'vitest';
import { provisionalPoints } from './provisional.js';

test('3 for the exact score, 1 for the right result, 0 otherwise', () => {
  expect(provisionalPoints({ homeScore: 2, awayScore: 1 }, { homeScore: 2, awayScore: 1 })).toEqual({ points: 3, outcome: 'exact' });
  expect(provisionalPoints({ homeScore: 3, awayScore: 0 }, { homeScore: 1, awayScore: 0 })).toEqual({ points: 1, outcome: 'outcome' });
  expect(provisionalPoints({ homeScore: 1, awayScore: 1 }, { homeScore: 0, awayScore: 0 })).toEqual({ points: 1, outcome: 'outcome' });
  expect(provisionalPoints({ homeScore: 0, awayScore: 2 }, { homeScore: 1, awayScore: 3 })).toEqual({ points: 1, outcome: 'outcome' });
  expect(provisionalPoints({ homeScore: 1, awayScore: 0 }, { homeScore: 0, awayScore: 0 })).toEqual({ points: 0, outcome: 'wrong' });
  expect(provisionalPoints({ homeScore: 0, awayScore: 0 }, { homeScore: 0, awayScore: 1 })).toEqual({ points: 0, outcome: 'wrong' });
});
