import { describe, expect, test } from 'vitest';
import { rankPage } from './ranking-page.js';
import { rankRows } from './ranking.js';

const players = [9, 7, 7, 7, 5, 5, 3, 0, 0, 0, 0].map((points, i) => ({
  userId: `u${String(i).padStart(2, '0')}`,
  name: `Player ${i}`,
  points,
}));

describe('rankPage', () => {
  test('every page of a list gets the ranks the whole table gives (ties across a page break too)', () => {
    const whole = rankRows(players);
    for (const size of [1, 2, 3, 4, 5]) {
      for (let offset = 0; offset < whole.length; offset += size) {
        const page = whole.slice(offset, offset + size).map(({ rank: _rank, ...r }) => r);
        const above = whole.filter((r) => r.points > page[0]!.points).length;
        expect(rankPage(page, offset, above).map((r) => r.rank)).toEqual(
          whole.slice(offset, offset + size).map((r) => r.rank),
        );
        expect(rankPage(page, offset, above).map((r) => r.position)).toEqual(page.map((_, i) => offset + i + 1));
      }
    }
  });

  test('an empty page is empty', () => {
    expect(rankPage([], 100, 0)).toEqual([]);
  });
});
