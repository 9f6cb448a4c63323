import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  gameweekWinners,
  leagueExistedIn,
  monthWinners,
  seasonHonours,
  topOf,
  type GameweekPoints,
} from './honours.js';

const row = (userId: string, points: number) => ({ userId, name: userId.toUpperCase(), points });
const week = (gameweek: number, month: string, points: Record<string, number>, complete = true): GameweekPoints => ({
  gameweek,
  month,
  complete,
  rows: Object.entries(points).map(([u, p]) => row(u, p)),
});

describe('honours', () => {
  test('a gameweek is won by the most points, ties shared, nobody on 0, only once complete', () => {
    const got = gameweekWinners([
      week(2, '2025-08', { a: 4, b: 4, c: 1 }),
      week(1, '2025-08', { a: 2, b: 3, c: 0 }),
      week(3, '2025-08', { a: 0, b: 0, c: 0 }),
      week(4, '2025-09', { a: 9, b: 0, c: 0 }, false),
    ]);
    expect(got).toEqual([
      { gameweek: 1, points: 3, winners: [{ userId: 'b', name: 'B' }] },
      {
        gameweek: 2,
        points: 4,
        winners: [
          { userId: 'a', name: 'A' },
          { userId: 'b', name: 'B' },
        ],
      },
    ]);
  });

  test("a month adds up its gameweeks' points and waits for all of them", () => {
    const got = monthWinners([
      week(1, '2025-08', { a: 2, b: 3 }),
      week(2, '2025-08', { a: 4, b: 1 }),
      week(3, '2025-09', { a: 1, b: 5 }),
      week(4, '2025-09', { a: 9, b: 0 }, false),
    ]);
    expect(got).toEqual([{ month: '2025-08', gameweeks: [1, 2], points: 6, winners: [{ userId: 'a', name: 'A' }] }]);
  });

  test('champions and runners-up only when the season is finished, ties shared, nobody on 0', () => {
    const table = [row('a', 50), row('b', 50), row('c', 40), row('d', 40), row('e', 0)];
    expect(seasonHonours(table, false)).toEqual({ champions: null, runnersUp: null });
    const done = seasonHonours(table, true);
    expect(done.champions?.winners.map((w) => w.userId)).toEqual(['a', 'b']);
    expect(done.runnersUp).toEqual({
      points: 40,
      winners: [
        { userId: 'c', name: 'C' },
        { userId: 'd', name: 'D' },
      ],
    });
    // A league whose members scored nothing has no champion: the empty table gives no trophy.
    expect(seasonHonours([row('a', 0), row('b', 0)], true)).toEqual({ champions: null, runnersUp: null });
    expect(seasonHonours([row('a', 5), row('b', 0)], true).runnersUp).toBeNull();
  });

  test('property: the winners are exactly those on the highest points, which is more than 0', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 8 }), (points) => {
        const rows = points.map((p, i) => row(`u${i}`, p));
        const top = topOf(rows);
        const max = Math.max(0, ...points);
        if (max === 0) {
          expect(top).toBeNull();
          return;
        }
        expect(top!.points).toBe(max);
        expect(top!.winners.map((w) => w.userId).sort()).toEqual(
          rows
            .filter((r) => r.points === max)
            .map((r) => r.userId)
            .sort(),
        );
      }),
    );
  });

  test('a league made after a season ended did not exist in it', () => {
    const season = { lastKickoff: '2026-05-24T15:00:00.000Z', endDate: '2026-05-24' };
    expect(leagueExistedIn({ createdAt: '2026-11-03T10:00:00.000Z' }, season)).toBe(false);
    expect(leagueExistedIn({ createdAt: '2026-01-03T10:00:00.000Z' }, season)).toBe(true);
    expect(leagueExistedIn({ createdAt: '2026-11-03T10:00:00.000Z' }, { lastKickoff: null, endDate: null })).toBe(true);
    expect(
      leagueExistedIn({ createdAt: '2026-11-03T10:00:00.000Z' }, { lastKickoff: null, endDate: '2026-05-24' }),
    ).toBe(false);
  });
});
