import { expect, test } from 'vitest';
import { membersStay } from './DeleteAccount';

test('the members who stay in a league that passes on: the verb agrees with the count', () => {
  expect(membersStay(1)).toBe('1 member stays');
  expect(membersStay(2)).toBe('2 members stay');
  expect(membersStay(1200)).toBe('1,200 members stay');
});
