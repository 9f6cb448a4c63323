import { describe, expect, it } from 'vitest';
import {
  computeRankHistory,
  gameweekRankIn,
  indexTotals,
  rankHistoryFromIndex,
  rankInSorted,
  rankOf,
  subsetIndex,
  type GameweekTotal,
} from './rank-history.js';

const t = (userId: string, gameweek: number, points: number): GameweekTotal => ({ userId, gameweek, points });

describe('rankOf', () => {
  it('shares ranks between ties and skips the places they take (1, 1, 3)', () => {
    const all = [7, 7, 4, 4, 4, 0];
    expect(rankOf(7, all)).toBe(1);
    expect(rankOf(4, all)).toBe(3);
    expect(rankOf(0, all)).toBe(6);
  });
});

describe('computeRankHistory', () => {
  it('ranks the player in each gameweek by that gameweek’s points, ties shared', () => {
    const totals = [
      t('me', 1, 5),
      t('a', 1, 5),
      t('b', 1, 2),
      t('me', 2, 1),
      t('a', 2, 4),
      t('b', 2, 4),
      t('me', 3, 6),
      t('a', 3, 3),
    ];
    const h = computeRankHistory(totals, [1, 2, 3], 'me');
    expect(h.history).toEqual([
      { gameweek: 1, rank: 1, points: 5, players: 3 },
      { gameweek: 2, rank: 3, points: 1, players: 3 },
      { gameweek: 3, rank: 1, points: 6, players: 2 },
    ]);
    expect(h.gameweeksAtTop).toBe(2);
    expect(h.totalGameweeksParticipated).toBe(3);
    expect(h.topPositionRate).toBe(66.7);
  });

  it('starts at the player’s first played gameweek, then shows a gameweek they missed with no rank', () => {
    const totals = [t('a', 1, 3), t('a', 2, 1), t('me', 3, 0), t('a', 3, 0), t('a', 4, 2), t('me', 5, 4)];
    const h = computeRankHistory(totals, [1, 2, 3, 4, 5], 'me');
    expect(h.history).toEqual([
      { gameweek: 3, rank: 1, points: 0, players: 2 },
      { gameweek: 4, rank: null, points: 0, players: 1 },
      { gameweek: 5, rank: 1, points: 4, players: 1 },
    ]);
    expect(h.totalGameweeksParticipated).toBe(2);
    expect(h.gameweeksAtTop).toBe(2);
    expect(h.topPositionRate).toBe(100);
  });

  it('keeps the gameweek axis contiguous: a gameweek with no results yet is an entry of no players', () => {
    const totals = [t('me', 1, 2), t('me', 2, 1), t('me', 14, 3), t('a', 14, 5)];
    const h = computeRankHistory(totals, [1, 2, 14], 'me', 20);
    expect(h.history.map((e) => e.gameweek)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(h.history[2]).toEqual({ gameweek: 3, rank: null, points: 0, players: 0 });
    expect(h.history[13]).toEqual({ gameweek: 14, rank: 2, points: 3, players: 2 });
    expect(h.totalGameweeksParticipated).toBe(3);
  });

  it('is empty for a player never ranked, however many gameweeks others played', () => {
    expect(computeRankHistory([t('a', 1, 3), t('a', 2, 1)], [1, 2], 'me').history).toEqual([]);
  });

  it('keeps the last 10 gameweeks with results, oldest first, but counts every gameweek in the summary', () => {
    const totals: GameweekTotal[] = [];
    for (let gw = 1; gw <= 14; gw += 1) {
      totals.push(t('me', gw, gw <= 4 ? 9 : 1), t('rival', gw, 3));
    }
    const h = computeRankHistory(totals, [14, 3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 'me');
    expect(h.history.map((e) => e.gameweek)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(h.history.every((e) => e.rank === 2)).toBe(true);
    expect(h.gameweeksAtTop).toBe(4);
    expect(h.totalGameweeksParticipated).toBe(14);
    expect(h.topPositionRate).toBe(28.6);
  });

  it('is empty before any result', () => {
    expect(computeRankHistory([], [], 'me')).toEqual({
      history: [],
      gameweeksAtTop: 0,
      totalGameweeksParticipated: 0,
      topPositionRate: 0,
    });
  });
});

describe('indexTotals', () => {
  it('gives the same ranks as a plain count, ties included', () => {
    const totals: GameweekTotal[] = [];
    const points = [9, 7, 7, 7, 4, 4, 1, 0, 0];
    points.forEach((p, i) => totals.push(t(`u${i}`, 1, p)));
    const index = indexTotals(totals);
    expect(index.get(1)!.sortedDesc).toEqual(points);
    points.forEach((p, i) => {
      expect(rankHistoryFromIndex(index, [1], `u${i}`).history[0]!.rank).toBe(rankOf(p, points));
    });
  });
});

describe('subsetIndex', () => {
  it('ranks only among the chosen players', () => {
    const index = indexTotals([t('me', 1, 2), t('a', 1, 9), t('b', 1, 1), t('me', 2, 0), t('a', 2, 5)]);
    const league = subsetIndex(index, ['me', 'b', 'nobody']);
    expect(rankHistoryFromIndex(league, [1, 2], 'me').history).toEqual([
      { gameweek: 1, rank: 1, points: 2, players: 2 },
      { gameweek: 2, rank: 1, points: 0, players: 1 },
    ]);
    expect(rankHistoryFromIndex(index, [1, 2], 'me').history.map((e) => e.rank)).toEqual([2, 2]);
  });
});

describe('gameweekRankIn and rankInSorted', () => {
  it('rank among everyone with a score in the gameweek, as a plain count; none without a score', () => {
    const points = [9, 7, 7, 7, 4, 4, 1, 0, 0];
    const index = indexTotals([...points.map((p, i) => t(`u${i}`, 3, p)), t('other', 2, 5)]);
    points.forEach((p, i) => {
      expect(gameweekRankIn(index, 3, `u${i}`)).toEqual({ rank: rankOf(p, points), players: points.length });
    });
    expect(gameweekRankIn(index, 3, 'other')).toBeNull();
    expect(gameweekRankIn(index, 4, 'u0')).toBeNull();
    const desc = Int32Array.from([8, 5, 5, 2]);
    expect([9, 8, 5, 4, 2, 0].map((p) => rankInSorted(p, desc))).toEqual([1, 1, 2, 4, 4, 5]);
  });
});
