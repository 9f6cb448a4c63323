import { describe, expect, test } from 'vitest';
import { tableEntry, tablePage, type PagePlace } from './table-cache.js';
import { presentLeague, presentTableRow } from './presenter.js';
import type { TableRow } from './repository.js';
import { leagueRowOf } from '../../test/factories-league.js';

/**
 * A cached table presents its rows and league once and answers every page from them: each page
 * must be what the presenter makes of the rows alone, for every viewer, whoever asked before (a
 * viewer's mark left on a shared row would show on the next viewer's page).
 * table-page.test.ts checks the same through the route.
 */
const league = leagueRowOf();
const rows: TableRow[] = Array.from({ length: 40 }, (_, i) => ({
  userId: `user-${i}`,
  displayName: `Player "${i}" ü`,
  points: 100 - i,
  exact: i % 5,
  bonus: i % 2,
  rank: i + 1,
  position: i + 1,
}));
const place = (page: number, pageSize: number): PagePlace => ({ season: '2026-27', gameweek: null, page, pageSize });

/** The page as the presenter makes it from the rows alone. */
function presented(viewerId: string, page: number, pageSize: number) {
  const present = (r: TableRow) => presentTableRow(r, league.creatorId, viewerId);
  return {
    league: presentLeague({ ...league, memberCount: rows.length, isMember: 1 }, viewerId),
    ...place(page, pageSize),
    total: rows.length,
    rows: rows.slice((page - 1) * pageSize, page * pageSize).map(present),
    viewer: present(rows.find((r) => r.userId === viewerId)!),
  };
}

describe('a cached table', () => {
  test('answers every viewer and page as the presenter makes it from the rows, whoever asked before', () => {
    const entry = tableEntry(league, rows);
    // The creator (user-7, on page 2 of pages of 5) and members on and off each page, in turns, twice; page 9 is past the end.
    const viewers = ['user-0', 'user-7', 'user-12', 'user-7', 'user-39', 'user-3'];
    for (let round = 0; round < 2; round++) {
      for (const pageSize of [5, 3]) {
        for (const page of [1, 2, 3, 4, 5, 9, 14]) {
          for (const id of viewers) {
            const answer = tablePage(entry, place(page, pageSize), entry.byUser.get(id)!);
            expect(answer).toEqual(presented(id, page, pageSize));
            expect(answer.rows.filter((r) => r.isViewer).length).toBeLessThanOrEqual(1);
          }
        }
      }
    }
    // No viewer's mark was left on the rows the table keeps for everyone.
    expect(entry.shownRows.filter((r) => r.isViewer)).toEqual([]);
  });

  test('the creator and a member off the same page get their own league flag', () => {
    const entry = tableEntry(league, rows);
    const member = tablePage(entry, place(5, 5), entry.byUser.get('user-0')!);
    const creator = tablePage(entry, place(5, 5), entry.byUser.get('user-7')!);
    expect(member.league.isCreator).toBe(false);
    expect(creator.league.isCreator).toBe(true);
    expect(creator.rows).toEqual(member.rows);
  });
});
