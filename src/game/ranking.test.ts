import { describe, expect, it } from 'vitest';
import { compareRows, leaderboardName, positionChange, rankInNameOrder, rankRows, UNNAMED_PLAYER } from './ranking.js';

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

describe('rankInNameOrder', () => {
  it('gives rows in name order the order, ranks and positions rankRows gives, ties and all', () => {
    // A deterministic spread of points with many ties, names in mixed case, two players of one name.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      userId: `u${String((i * 37) % 60).padStart(2, '0')}`,
      name: i % 7 === 0 ? 'Same Name' : `${i % 2 ? 'p' : 'P'}layer ${(i * 13) % 17}`,
      points: (i * 11) % 9,
    }));
    const inNameOrder = [...rows].sort((a, b) => compareRows({ ...a, points: 0 }, { ...b, points: 0 }));
    const ranked = rankInNameOrder(inNameOrder);
    expect(ranked.map(({ position: _, ...r }) => r)).toEqual(rankRows(rows));
    expect(ranked.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    // Ties share a rank and the next rank skips their places (1-2-2-4).
    expect(rankInNameOrder([{ points: 5 }, { points: 3 }, { points: 3 }, { points: 1 }]).map((r) => r.rank)).toEqual([
      1, 2, 2, 4,
    ]);
  });

  it('keeps the given order within a tie, whatever the names would say', () => {
    const rows = [
      { userId: 'b', points: 1 },
      { userId: 'a', points: 2 },
      { userId: 'c', points: 1 },
    ];
    expect(rankInNameOrder(rows).map((r) => r.userId)).toEqual(['a', 'b', 'c']);
    expect(rankInNameOrder([rows[2]!, rows[1]!, rows[0]!]).map((r) => r.userId)).toEqual(['a', 'c', 'b']);
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
