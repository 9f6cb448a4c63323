import { describe, expect, it } from 'vitest';
import { deskPath, feedSettingsPath, gameweekSpan } from './awaiting-text';

describe('gameweekSpan', () => {
  it('names one gameweek, a run, or a list', () => {
    expect(gameweekSpan([3])).toBe('Gameweek 3');
    expect(gameweekSpan([5, 3, 4, 6, 7, 8, 9, 10, 11])).toBe('Gameweeks 3–11');
    expect(gameweekSpan([7, 2, 5])).toBe('Gameweeks 2, 5 and 7');
    expect(gameweekSpan([2, 5])).toBe('Gameweeks 2 and 5');
  });

  it('leaves fixtures without a gameweek out, and says nothing for none', () => {
    expect(gameweekSpan([null, 4])).toBe('Gameweek 4');
    expect(gameweekSpan([null])).toBe('');
    expect(gameweekSpan([])).toBe('');
  });
});

describe('links', () => {
  it('opens the result desk on a season’s gameweek, and the seasons screen on a season’s feed', () => {
    expect(deskPath('2026-27', 3)).toBe('/admin/results?season=2026-27&gameweek=3');
    expect(feedSettingsPath('2026-27')).toBe('/admin/seasons?feed=2026-27');
  });
});
