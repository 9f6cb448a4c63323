import { expect, test } from 'vitest';
import { liveTableNote } from './live-table-note';

const base = { liveMatches: 0, scoredMatches: 0, gameweek: { number: 14, complete: false }, seasonComplete: false };

test('counts only the matches in play that have a score as adding provisional points', () => {
  expect(liveTableNote({ ...base, liveMatches: 10, scoredMatches: 1 })).toBe(
    'Includes provisional points from 1 match in play; 9 matches more in play without a score yet.',
  );
  expect(liveTableNote({ ...base, liveMatches: 2, scoredMatches: 2 })).toBe(
    'Includes provisional points from 2 matches in play.',
  );
  expect(liveTableNote({ ...base, liveMatches: 3 })).toBe(
    '3 matches in play, none with a score yet: these are the points from the results in so far.',
  );
});

test('says "final totals" only when the season is over', () => {
  expect(liveTableNote(base)).toBe('No matches in play right now: these are the points from the results in so far.');
  expect(liveTableNote(base)).not.toMatch(/final/);
  expect(liveTableNote({ ...base, gameweek: { number: 14, complete: true } })).toBe(
    'No matches in play: Gameweek 14 is complete, these are the totals after it.',
  );
  expect(liveTableNote({ ...base, gameweek: null, seasonComplete: true })).toBe(
    'No matches in play: the season is over, these are the final totals.',
  );
});
