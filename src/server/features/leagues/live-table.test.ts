import { describe, expect, test } from 'vitest';
import { liveTablePage, provisionalPoints } from './live-table.js';
import { tableEntry } from './table-cache.js';
import type { LeagueRow, TableRow } from './repository.js';
import type { InPlay, LivePick } from '../live-matches/in-play.js';

/**
 * The live table is the season's stored table (the cached entry) plus what the matches in play
 * would add, a page at a time with the viewer's own row always there: these check the page
 * against the whole table worked out by hand.
 */
const league: LeagueRow = {
  id: 'league-1',
  name: 'Live parts',
  code: 'ABCDEFGH',
  description: null,
  competition: 'premier-league',
  privacy: 'private',
  creatorId: 'user-2',
  createdAt: '2026-08-01T00:00:00.000Z',
  ruleExact: 3,
  ruleDifference: 1,
  ruleOutcome: 1,
  bankersAllowed: 1,
  scoringChangedAt: null,
};
// Stored: Ana 9, bo 7, Cy 7, Dee 4, Eve 0 (bonus points already in `points`, as the cache keeps them).
const stored: TableRow[] = [
  { userId: 'user-1', displayName: 'Ana', points: 9, exact: 2, bonus: 2, rank: 1, position: 1 },
  { userId: 'user-2', displayName: 'bo', points: 7, exact: 1, bonus: 0, rank: 2, position: 2 },
  { userId: 'user-3', displayName: 'Cy', points: 7, exact: 1, bonus: 0, rank: 2, position: 3 },
  { userId: 'user-4', displayName: 'Dee', points: 4, exact: 0, bonus: 0, rank: 4, position: 4 },
  { userId: 'user-5', displayName: 'Eve', points: 0, exact: 0, bonus: 0, rank: 5, position: 5 },
];
const place = (page: number, pageSize: number) => ({ season: '2026-27', page, pageSize });
const nothingScored: InPlay = { liveMatches: 1, scored: [], key: '' };
/** One match in play at 2-0, with these picks (player id to [home, away, banker]). */
function twoNil(picks: Record<string, [number, number, boolean?]>): InPlay {
  const map = new Map<string, LivePick>(
    Object.entries(picks).map(([id, [homeScore, awayScore, banker]]) => [
      id,
      { homeScore, awayScore, banker: !!banker },
    ]),
  );
  const key = `f1:2-0:${Object.keys(picks).join('+')}`;
  return { liveMatches: 1, scored: [{ fixtureId: 'f1', score: { homeScore: 2, awayScore: 0 }, picks: map }], key };
}

describe('the live table', () => {
  test('with nothing in play it is the stored table, in its order, a page at a time', () => {
    const entry = tableEntry(league, stored);
    const first = liveTablePage(entry, nothingScored, place(1, 2), 'user-5');
    expect(first).toMatchObject({
      leagueId: 'league-1',
      season: '2026-27',
      liveMatches: 1,
      page: 1,
      pageSize: 2,
      total: 5,
    });
    expect(first.rows.map((r) => [r.rank, r.name, r.points, r.provisionalPoints])).toEqual([
      [1, 'Ana', 9, 0],
      [2, 'bo', 7, 0],
    ]);
    expect(first.rows[1]!.isCreator).toBe(true);
    // The viewer (off this page) comes with their own row.
    expect(first.viewer).toEqual({
      rank: 5,
      userId: 'user-5',
      name: 'Eve',
      isCreator: false,
      storedPoints: 0,
      provisionalPoints: 0,
      points: 0,
    });
    expect(liveTablePage(entry, nothingScored, place(3, 2), 'user-1').rows.map((r) => r.name)).toEqual(['Eve']);
    expect(liveTablePage(entry, nothingScored, place(4, 2), 'user-1').rows).toEqual([]);
  });

  test('in play it ranks the sums again: level players share a rank and stand in name order', () => {
    const entry = tableEntry(league, stored);
    // The match is 2-0: Eve's exact banker makes 6, Dee's right difference 1, Cy's right outcome 1, bo wrong.
    const live = twoNil({ 'user-5': [2, 0, true], 'user-4': [3, 1], 'user-3': [1, 0], 'user-2': [0, 1] });
    const provisional = provisionalPoints(stored, live.scored, {
      rule: { exact: 3, difference: 1, outcome: 1 },
      bankersAllowed: true,
    });
    expect(Object.fromEntries(provisional)).toEqual({ 'user-5': 6, 'user-4': 1, 'user-3': 1, 'user-2': 0 });
    // Only the members asked about: a pick of someone outside the league adds nothing to it.
    expect(
      provisionalPoints([{ userId: 'user-5' }], live.scored, {
        rule: { exact: 3, difference: 1, outcome: 1 },
        bankersAllowed: false,
      }),
    ).toEqual(new Map([['user-5', 3]]));
    const whole = liveTablePage(entry, live, place(1, 10), 'user-1').rows;
    expect(whole.map((r) => [r.rank, r.name, r.storedPoints, r.provisionalPoints, r.points])).toEqual([
      [1, 'Ana', 9, 0, 9],
      [2, 'Cy', 7, 1, 8],
      [3, 'bo', 7, 0, 7],
      [4, 'Eve', 0, 6, 6],
      [5, 'Dee', 4, 1, 5],
    ]);
    // Each page is its slice of the whole, and the viewer's row is theirs wherever it falls.
    for (const size of [1, 2, 3])
      for (let page = 1; page <= 6; page++) {
        const answer = liveTablePage(entry, live, place(page, size), 'user-4');
        expect(answer.rows).toEqual(whole.slice((page - 1) * size, page * size));
        expect(answer.viewer).toEqual(whole[4]);
      }
  });

  test('a tie on the sum is broken by name, case aside, not by the stored points', () => {
    const entry = tableEntry(league, stored);
    // Dee's exact 2-0 (4 + 3) meets bo's and Cy's 7: all three share rank 2, in name order bo, Cy, Dee.
    const answer = liveTablePage(entry, twoNil({ 'user-4': [2, 0] }), place(1, 5), 'user-1');
    expect(answer.rows.map((r) => [r.rank, r.name, r.points])).toEqual([
      [1, 'Ana', 9],
      [2, 'bo', 7],
      [2, 'Cy', 7],
      [2, 'Dee', 7],
      [5, 'Eve', 0],
    ]);
  });

  test('a viewer the table does not hold has no row of their own', () => {
    const entry = tableEntry(league, stored);
    expect(liveTablePage(entry, nothingScored, place(1, 2), 'someone-else').viewer).toBeNull();
    expect(liveTablePage(entry, twoNil({ 'user-1': [1, 0] }), place(1, 2), 'someone-else').viewer).toBeNull();
  });

  test('one ranking per table and scores: a new score ranks again, the same score does not', () => {
    const entry = tableEntry(league, stored);
    const early = twoNil({ 'user-5': [2, 0, true] });
    const a = liveTablePage(entry, early, place(1, 5), 'user-1');
    // The same scores again (another member's refresh): the same rows, not worked out again.
    const b = liveTablePage(entry, { ...early }, place(1, 5), 'user-2');
    expect(b.rows[0]).toBe(a.rows[0]);
    // Another score (1-0 now): ranked again from the stored table.
    const later: InPlay = {
      liveMatches: 1,
      scored: [{ ...early.scored[0]!, score: { homeScore: 1, awayScore: 0 } }],
      key: 'f1:1-0',
    };
    const c = liveTablePage(entry, later, place(1, 5), 'user-1');
    expect(c.rows.map((r) => [r.name, r.points])).toEqual([
      ['Ana', 9],
      ['bo', 7],
      ['Cy', 7],
      ['Dee', 4],
      ['Eve', 2],
    ]);
    // Another table (the cache replaced it after a change) is ranked on its own.
    const moved = tableEntry(
      league,
      stored.map((r) => (r.userId === 'user-5' ? { ...r, points: 20 } : r)),
    );
    expect(liveTablePage(moved, early, place(1, 1), 'user-1').rows[0]).toMatchObject({ name: 'Eve', points: 26 });
  });
});
