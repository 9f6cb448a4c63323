import { expect, test } from 'vitest';
import { firstFixtureError, fixtureFormSchema } from './fixtures.js';

const full = { homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC', date: '2025-09-01', time: '15:00' };

test('messages come in the spec order', () => {
  expect(firstFixtureError({})).toBe('Please select a home team');
  expect(firstFixtureError({ homeTeam: 'Arsenal FC' })).toBe('Please select an away team');
  expect(firstFixtureError({ homeTeam: 'Arsenal FC', awayTeam: 'Arsenal FC' })).toBe(
    'Home team and away team cannot be the same',
  );
  expect(firstFixtureError({ homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC' })).toBe('Please select a match date');
  expect(firstFixtureError({ ...full, time: '' })).toBe('Please select a match time');
  expect(firstFixtureError(full)).toBeNull();
});

test('the same team twice is caught before a missing date', () => {
  const r = fixtureFormSchema.safeParse({ homeTeam: 'Arsenal FC', awayTeam: 'Arsenal FC', date: '', time: '' });
  expect(r.success).toBe(false);
  expect(r.error?.issues.map((i) => i.message)).toEqual(['Home team and away team cannot be the same']);
});

test('impossible dates and times are refused, names are trimmed', () => {
  expect(firstFixtureError({ ...full, date: '2025-02-30' })).toBe('Please select a match date');
  expect(firstFixtureError({ ...full, time: '25:00' })).toBe('Please select a match time');
  expect(fixtureFormSchema.parse({ ...full, homeTeam: '  Arsenal FC ' }).homeTeam).toBe('Arsenal FC');
});
