import { describe, expect, test } from 'vitest';
import { liveTablePage, provisionalPoints } from './live-table.js';
import { tableEntry } from './table-cache.js';
import type { LeagueRow, TableRow } from './repository.js';
import type { InPlay } from '../live-matches/in-play.js';
import type { LivePick, LivePicks } from './live-picks.js';

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
  knockoutRule: 'ninety',
  qualifierPoints: 0,
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
const STANDARD = { rule: { exact: 3, difference: 1, outcome: 1 }, bankersAllowed: true };
const none: LivePicks = new Map();
const nothingScored: InPlay = { liveMatches: 1, scored: [], key: '', gameweek: null, seasonComplete: false };

/** Matches in play at these scores and the members' picks on them (player to match to [home, away, banker]). */
function scene(
  scores: Record<string, [number, number]>,
  picks: Record<string, Record<string, [number, number, boolean?]>>,
): { live: InPlay; picks: LivePicks } {
  const scored = Object.entries(scores).map(([fixtureId, [homeScore, awayScore]]) => ({
    fixtureId,
    score: { homeScore, awayScore },
  }));
  const byMember = new Map<string, Map<string, LivePick>>(
    Object.entries(picks).map(([userId, own]) => [
      userId,
      new Map(
        Object.entries(own).map(([f, [homeScore, awayScore, banker]]) => [
          f,
          { homeScore, awayScore, banker: !!banker },
        ]),
      ),
    ]),
  );
  const key = scored.map((m) => `${m.fixtureId}:${m.score.homeScore}-${m.score.awayScore}`).join(',');
  return { live: { liveMatches: scored.length, scored, key, gameweek: null, seasonComplete: false }, picks: byMember };
}

describe('the live table', () => {
  test('with nothing in play scored it is the stored table, in its order, a page at a time', () => {
    const entry = tableEntry(league, stored);
    const first = liveTablePage(entry, nothingScored, none, place(1, 2), 'user-5');
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
    expect(liveTablePage(entry, nothingScored, none, place(3, 2), 'user-1').rows.map((r) => r.name)).toEqual(['Eve']);
    expect(liveTablePage(entry, nothingScored, none, place(4, 2), 'user-1').rows).toEqual([]);
  });

  test('in play it ranks the sums again: level players share a rank and stand in name order', () => {
    const entry = tableEntry(league, stored);
    // f1 is 2-0 and f2 0-0: Eve's exact banker on f1 makes 6, Dee's right difference 1 and exact
    // 0-0 on f2 3, Cy's right outcome 1, bo's wrong pick 0.
    const { live, picks } = scene(
      { f1: [2, 0], f2: [0, 0] },
      {
        'user-5': { f1: [2, 0, true] },
        'user-4': { f1: [3, 1], f2: [0, 0] },
        'user-3': { f1: [1, 0] },
        'user-2': { f1: [0, 1] },
        // Not a member of this league: not in its table.
        'user-9': { f1: [2, 0] },
      },
    );
    const provisional = provisionalPoints(stored, live.scored, picks, STANDARD);
    expect(Object.fromEntries(provisional)).toEqual({ 'user-5': 6, 'user-4': 4, 'user-3': 1, 'user-2': 0 });
    // Without bankers counting, Eve's exact pick is 3.
    expect(
      provisionalPoints([{ userId: 'user-5' }], live.scored, picks, { ...STANDARD, bankersAllowed: false }),
    ).toEqual(new Map([['user-5', 3]]));
    const whole = liveTablePage(entry, live, picks, place(1, 10), 'user-1').rows;
    expect(whole.map((r) => [r.rank, r.name, r.storedPoints, r.provisionalPoints, r.points])).toEqual([
      [1, 'Ana', 9, 0, 9],
      [2, 'Cy', 7, 1, 8],
      [2, 'Dee', 4, 4, 8],
      [4, 'bo', 7, 0, 7],
      [5, 'Eve', 0, 6, 6],
    ]);
    // Each page is its slice of the whole, and the viewer's row is theirs wherever it falls.
    for (const size of [1, 2, 3])
      for (let page = 1; page <= 6; page++) {
        const answer = liveTablePage(entry, live, picks, place(page, size), 'user-4');
        expect(answer.rows).toEqual(whole.slice((page - 1) * size, page * size));
        expect(answer.viewer).toEqual(whole.find((r) => r.userId === 'user-4'));
      }
  });

  test('a tie on the sum is broken by name, case aside, not by the stored points', () => {
    const entry = tableEntry(league, stored);
    // Dee's exact 2-0 (4 + 3) meets bo's and Cy's 7: all three share rank 2, in name order bo, Cy, Dee.
    const { live, picks } = scene({ f1: [2, 0] }, { 'user-4': { f1: [2, 0] } });
    const answer = liveTablePage(entry, live, picks, place(1, 5), 'user-1');
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
    expect(liveTablePage(entry, nothingScored, none, place(1, 2), 'someone-else').viewer).toBeNull();
    const { live, picks } = scene({ f1: [1, 0] }, { 'user-1': { f1: [1, 0] } });
    expect(liveTablePage(entry, live, picks, place(1, 2), 'someone-else').viewer).toBeNull();
  });

  test('one ranking per table and scores: a new score ranks again, the same score does not', () => {
    const entry = tableEntry(league, stored);
    const early = scene({ f1: [2, 0] }, { 'user-5': { f1: [2, 0, true] } });
    const a = liveTablePage(entry, early.live, early.picks, place(1, 5), 'user-1');
    // The same scores again (another member's refresh): the same rows, not worked out again.
    const b = liveTablePage(entry, { ...early.live }, early.picks, place(1, 5), 'user-2');
    expect(b.rows[0]).toBe(a.rows[0]);
    // Another score (1-0 now): ranked again from the stored table.
    const later = scene({ f1: [1, 0] }, { 'user-5': { f1: [2, 0, true] } });
    const c = liveTablePage(entry, later.live, later.picks, place(1, 5), 'user-1');
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
    expect(liveTablePage(moved, early.live, early.picks, place(1, 1), 'user-1').rows[0]).toMatchObject({
      name: 'Eve',
      points: 26,
    });
  });
});
