import { expect, test } from 'vitest';
import { plural } from './plural';

test('one is singular; zero and many are plural; irregular plurals are given', () => {
  expect(plural(1, 'prediction')).toBe('1 prediction');
  expect(plural(0, 'prediction')).toBe('0 predictions');
  expect(plural(2, 'match', 'matches')).toBe('2 matches');
  expect(plural(10000, 'player')).toBe('10,000 players');
});
