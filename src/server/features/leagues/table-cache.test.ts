import { describe, expect, test } from 'vitest';
import { pageBody, pageKey, tableEntry, TABLE_PAGE_SIZE_MAX, type PagePlace } from './table-cache.js';
import type { LeagueRow, TableRow } from './repository.js';

/**
 * A page's parts kept from earlier answers (its start by place and kind of viewer, each viewer's
 * end) must be byte for byte what a table that has kept nothing puts together, whoever asked
 * before. table-page.test.ts checks the bytes against the presenter through the route; here the
 * table is big enough that many pages are kept, and the creator and members take turns on them.
 */
const league: LeagueRow = {
  id: 'league-1',
  name: 'Kept parts',
  code: 'ABCDEFGH',
  description: null,
  competition: 'premier-league',
  privacy: 'private',
  creatorId: 'user-7',
  createdAt: '2026-08-01T00:00:00.000Z',
  ruleExact: 4,
  ruleDifference: 3,
  ruleOutcome: 2,
  bankersAllowed: 1,
  scoringChangedAt: null,
};
const rows: TableRow[] = Array.from({ length: 40 }, (_, i) => ({
  userId: `user-${i}`,
  displayName: `Player "${i}" ü`,
  points: 100 - i,
  exact: i % 5,
  rank: i + 1,
  position: i + 1,
}));
const place = (page: number, pageSize: number): PagePlace => ({ season: '2026-27', gameweek: null, page, pageSize });
const text = (parts: { start: Buffer; end: Buffer }) => Buffer.concat([parts.start, parts.end]).toString('utf8');

describe('a table that keeps pages and viewer rows', () => {
  test('answers every viewer and page exactly as a table that has kept nothing', () => {
    const entry = tableEntry(league, rows);
    // The creator (user-7, on page 2 of pages of 5) and members on and off each page, in turns, twice.
    const viewers = ['user-0', 'user-7', 'user-12', 'user-7', 'user-39', 'user-3'];
    for (let round = 0; round < 2; round++) {
      for (const pageSize of [5, 3]) {
        for (let page = 1; page <= 5; page++) {
          for (const id of viewers) {
            const viewer = entry.byUser.get(id)!;
            const fresh = tableEntry(league, rows);
            expect(text(pageBody(entry, place(page, pageSize), viewer))).toBe(text(pageBody(fresh, place(page, pageSize), fresh.byUser.get(id)!)));
          }
        }
      }
    }
    // Pages were kept for both kinds of viewer, and each viewer's end once.
    expect(entry.pages.size).toBeGreaterThan(4);
    expect(entry.ends.size).toBe(5);
  });

  test('the creator and a member off the same page get their own league flag', () => {
    const entry = tableEntry(league, rows);
    const member = JSON.parse(text(pageBody(entry, place(5, 5), entry.byUser.get('user-0')!)));
    const creator = JSON.parse(text(pageBody(entry, place(5, 5), entry.byUser.get('user-7')!)));
    expect(member.league.isCreator).toBe(false);
    expect(creator.league.isCreator).toBe(true);
    expect(creator.rows).toEqual(member.rows);
  });

  test('no two places or kinds of viewer share a kept page, up to the largest page size', () => {
    const keys = new Set<number>();
    let places = 0;
    for (let pageSize = 1; pageSize <= TABLE_PAGE_SIZE_MAX; pageSize++) {
      for (const page of [1, 2, 3, 100_000]) {
        for (const isCreator of [false, true]) {
          keys.add(pageKey((page - 1) * pageSize, pageSize, isCreator));
          places++;
        }
      }
    }
    expect(keys.size).toBe(places);
  });
});
