import { describe, expect, it } from 'vitest';
import { leaderboardName, positionChange, rankRows, UNNAMED_PLAYER } from './ranking.js';

describe('leaderboardName', () => {
  it('falls back from team name to username to display name to Unnamed Player', () => {
    expect(leaderboardName({ teamName: 'Red Devils', username: 'bob', displayName: 'Bob B' })).toBe('Red Devils');
    expect(leaderboardName({ teamName: null, username: 'bob', displayName: 'Bob B' })).toBe('bob');
    expect(leaderboardName({ teamName: '  ', username: '', displayName: 'Bob B' })).toBe('Bob B');
    expect(leaderboardName({ teamName: null, username: null, displayName: null })).toBe(UNNAMED_PLAYER);
  });
});

describe('rankRows', () => {
  it('orders by points descending, then name alphabetically, ranks from 1', () => {
    const ranked = rankRows([
      { userId: 'a', name: 'Zed', points: 3 },
      { userId: 'b', name: 'amy', points: 10 },
      { userId: 'c', name: 'Bob', points: 7 },
    ]);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([
      ['amy', 1],
      ['Bob', 2],
      ['Zed', 3],
    ]);
  });

  it('gives tied players the same rank and skips the shared places (1-2-2-4)', () => {
    const ranked = rankRows([
      { userId: 'u1', name: 'Charlie', points: 5 },
      { userId: 'u2', name: 'alpha', points: 5 },
      { userId: 'u3', name: 'Top', points: 9 },
      { userId: 'u4', name: 'Last', points: 1 },
      { userId: 'u5', name: 'Bravo', points: 5 },
    ]);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([
      ['Top', 1],
      ['alpha', 2],
      ['Bravo', 2],
      ['Charlie', 2],
      ['Last', 5],
    ]);
  });

  it('orders identical names by id so the order never changes between requests', () => {
    const ranked = rankRows([
      { userId: 'z', name: 'Same', points: 0 },
      { userId: 'a', name: 'same', points: 0 },
    ]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([
      ['a', 1],
      ['z', 1],
    ]);
  });

  it('ranks everyone 1 when nobody has points yet', () => {
    expect(
      rankRows([
        { userId: 'a', name: 'A', points: 0 },
        { userId: 'b', name: 'B', points: 0 },
      ]).map((r) => r.rank),
    ).toEqual([1, 1]);
  });
});

describe('positionChange', () => {
  it('is up when the rank number falls', () => {
    expect(positionChange(3, 1)).toBe('up');
    expect(positionChange(1, 2)).toBe('down');
    expect(positionChange(2, 2)).toBe('same');
    expect(positionChange(null, 2)).toBe('same');
  });
});
