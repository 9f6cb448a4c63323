import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareCodePoints,
  leaderboardName,
  positionChange,
  rankInTieOrder,
  rankRows,
  standingNameKey,
  tieOrder,
  UNNAMED_PLAYER,
} from './ranking.js';

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

describe('the tie order', () => {
  it('orders accented and non-ASCII names by their letters, the same in every process', () => {
    const names = ['Zoë', 'Eve', 'Ådne', 'Émile', 'eve', 'Øyvind', 'adam', 'Zoe', 'ÉMILE', 'İlker', 'ﬁona', 'Fiona'];
    const ranked = rankRows(names.map((name, i) => ({ userId: `u${String(i).padStart(2, '0')}`, name, points: 4 })));
    expect(ranked.map((r) => r.name)).toEqual([
      'adam',
      'Ådne',
      // Level on the key: by id.
      'Émile',
      'ÉMILE',
      'Eve',
      'eve',
      'ﬁona',
      'Fiona',
      'İlker',
      'Zoë',
      'Zoe',
      // Ø has no decomposition: it is its own letter, after every ASCII one.
      'Øyvind',
    ]);
    expect(ranked.every((r) => r.rank === 1)).toBe(true);
    expect(ranked.map((r) => r.position)).toEqual(names.map((_, i) => i + 1));
  });

  it('keys a name without locale: lower case, decomposed, marks dropped', () => {
    expect(standingNameKey('Émile')).toBe('emile');
    expect(standingNameKey('Zoë')).toBe('zoe');
    expect(standingNameKey('Ådne')).toBe('adne');
    expect(standingNameKey('ﬁona')).toBe('fiona');
  });

  it('compares by code point, a character beyond U+FFFF after every one below it', () => {
    // ASCII, the private-use and specials block just below U+FFFF, and beyond it (surrogate pairs).
    const codePoint = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0xe000, max: 0xffff }),
      fc.integer({ min: 0x10000, max: 0x10ffff }),
    );
    const text = fc.array(codePoint, { maxLength: 5 });
    fc.assert(
      fc.property(text, text, (x, y) => {
        let expected = 0;
        for (let i = 0; i < Math.min(x.length, y.length) && expected === 0; i++) expected = x[i]! - y[i]!;
        if (expected === 0) expected = x.length - y.length;
        const got = compareCodePoints(String.fromCodePoint(...x), String.fromCodePoint(...y));
        return Math.sign(got) === Math.sign(expected);
      }),
    );
    expect(compareCodePoints('\u{1F600}', '\uFF21')).toBeGreaterThan(0);
  });

  it('gives a roster in tie order, ranked by points, the order, ranks and positions rankRows gives', () => {
    const row = fc.record({
      userId: fc.stringMatching(/^u[0-9a-f]{1,3}$/),
      name: fc.constantFrom('Émile', 'emile', 'Eve', 'Zoë', 'zoe', 'Ådne', 'A', 'a', 'Same', 'same', '  x'),
      points: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(row, { selector: (r) => r.userId, maxLength: 30 }), (rows) => {
        expect(rankInTieOrder(tieOrder(rows, (r) => r.name))).toEqual(rankRows(rows));
        // Whatever order the rows come in.
        expect(rankRows([...rows].reverse())).toEqual(rankRows(rows));
      }),
    );
    // Ties share a rank and the next rank skips their places (1-2-2-4).
    expect(rankInTieOrder([{ points: 5 }, { points: 3 }, { points: 3 }, { points: 1 }]).map((r) => r.rank)).toEqual([
      1, 2, 2, 4,
    ]);
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
