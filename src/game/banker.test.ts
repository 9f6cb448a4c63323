import { describe, expect, test } from 'vitest';
import { bankerChange, bankerRemoval, type BankerMatch } from './banker.js';

const now = new Date('2025-08-16T10:00:00.000Z');
const match = (over: Partial<BankerMatch> = {}): BankerMatch => ({
  homeTeam: 'Arsenal FC',
  awayTeam: 'Chelsea FC',
  gameweek: 1,
  kickoffAt: '2025-08-16T15:00:00.000Z',
  postponed: 0,
  predictionsLockedAt: null,
  hasResult: false,
  ...over,
});
// The deadline is 2 hours before kick-off: 12:30 kick-off closed at 10:30, open at 10:00; 11:00 closed at 09:00.
const closing = match({ homeTeam: 'Liverpool FC', awayTeam: 'Everton FC', kickoffAt: '2025-08-16T11:00:00.000Z' });

describe('bankerChange', () => {
  test('on an open pick, with no banker or one on another open pick', () => {
    expect(bankerChange(match(), true, [], now)).toEqual({ ok: true });
    expect(bankerChange(match(), true, [match({ homeTeam: 'Fulham FC' })], now)).toEqual({ ok: true });
  });

  test('refuses a match without a gameweek, a closed one, one with a result, one without a pick', () => {
    expect(bankerChange(match({ gameweek: null }), true, [], now)).toMatchObject({ ok: false, code: 'no_gameweek' });
    expect(bankerChange(closing, true, [], now)).toMatchObject({ ok: false, code: 'closed' });
    expect(bankerChange(match({ hasResult: true }), true, [], now)).toMatchObject({ ok: false, code: 'closed' });
    expect(bankerChange(match({ predictionsLockedAt: '2025-08-15T00:00:00.000Z' }), true, [], now)).toMatchObject({
      ok: false,
      code: 'closed',
    });
    expect(bankerChange(match({ kickoffAt: null, postponed: 1 }), true, [], now)).toMatchObject({
      ok: false,
      code: 'closed',
    });
    expect(bankerChange(match(), false, [], now)).toMatchObject({ ok: false, code: 'no_pick' });
  });

  test('a banker whose match has closed stays where it is', () => {
    expect(bankerChange(match(), true, [closing], now)).toEqual({
      ok: false,
      code: 'banker_fixed',
      message: 'Your banker for Gameweek 1 is Liverpool FC v Everton FC, whose deadline has passed, so it stays there.',
    });
  });
});

describe('bankerRemoval', () => {
  test('only while the match is open', () => {
    expect(bankerRemoval(match(), now)).toEqual({ ok: true });
    expect(bankerRemoval(closing, now)).toMatchObject({ ok: false, code: 'closed' });
  });
});
