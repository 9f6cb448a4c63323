import { describe, expect, test } from 'vitest';
import { tablePageDto } from '../../../contract/leagues.js';
import { jsonText } from '../../plugins/json-text.js';
import { tableEntry, tablePage, type PagePlace } from './table-cache.js';
import { tablePageText } from './table-text.js';
import type { TableRow } from './repository.js';
import { leagueRowOf } from '../../test/factories-league.js';

/**
 * A table page's text is made from texts kept with the entry (decision 0104): it must be, byte for
 * byte, what the route's serializer made of the page (the schema's encoding, stringified), for
 * every viewer and page, whoever asked before, names with quotes, backslashes and any script.
 */
const league = leagueRowOf({ name: 'Kept "texts" \\ ü', description: 'Line one\nline two </script>' });
const rows: TableRow[] = Array.from({ length: 23 }, (_, i) => ({
  userId: `user-${i}`,
  displayName: `Player "${i}" \\ ü 😀 \u2028`,
  points: 100 - i,
  exact: i % 5,
  bonus: i % 2,
  // Two players share rank 3.
  rank: i === 3 ? 3 : i + 1,
  position: i + 1,
}));

describe('a table page as text', () => {
  test('is what the serializer makes of the page, for every viewer and page, twice over', () => {
    const entry = tableEntry(league, rows);
    const viewers = ['user-0', 'user-7', 'user-12', 'user-7', 'user-22', 'user-3'];
    for (let round = 0; round < 2; round++) {
      for (const pageSize of [5, 3, 25]) {
        for (const page of [1, 2, 3, 5, 9]) {
          for (const id of viewers) {
            for (const season of ['2026-27', 'all']) {
              const place: PagePlace = { season, gameweek: season === 'all' ? null : 12, page, pageSize };
              const viewer = entry.byUser.get(id)!;
              expect(tablePageText(entry, place, viewer)).toBe(jsonText(tablePageDto, tablePage(entry, place, viewer)));
            }
          }
        }
      }
    }
  });

  test('a new entry (the table read again) shows its own rows, not the texts of the one before', () => {
    const place: PagePlace = { season: '2026-27', gameweek: null, page: 1, pageSize: 5 };
    const before = tableEntry(league, rows);
    tablePageText(before, place, before.byUser.get('user-9')!);
    const moved = rows.map((r) => ({ ...r, points: r.points + 3, displayName: `${r.displayName}!` }));
    const after = tableEntry(league, moved);
    const page = JSON.parse(tablePageText(after, place, after.byUser.get('user-9')!)) as ReturnType<typeof tablePage>;
    expect(page.rows.map((r) => r.points)).toEqual([103, 102, 101, 100, 99]);
    expect(page.rows[0]!.displayName.endsWith('!')).toBe(true);
  });
});
