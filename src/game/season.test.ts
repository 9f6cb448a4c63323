import { describe, expect, test } from 'vitest';
import { checkSeasonStructure, deriveGameweeks, type CheckedMatch } from './season.js';
import { currentGameweek, calendarOpeningGameweek } from './gameweeks.js';

// Pure rules on made-up seasons; the real seasons are tested in src/server/season-files.

/** A complete double round-robin of `clubs` (circle method): 2(n−1) rounds of n/2. */
function roundRobin(clubs: string[]): CheckedMatch[] {
  const n = clubs.length;
  const out: CheckedMatch[] = [];
  const ring = [...clubs];
  for (let r = 0; r < n - 1; r++) {
    for (let i = 0; i < n / 2; i++) {
      const [a, b] = [ring[i]!, ring[n - 1 - i]!];
      out.push({ round: r + 1, home: a, away: b });
      out.push({ round: r + n, home: b, away: a });
    }
    ring.splice(1, 0, ring.pop()!);
  }
  return out;
}

describe('checkSeasonStructure: any league size', () => {
  test.each([4, 6, 18, 20, 24])('a full double round-robin of %i clubs has no errors and no warnings', (n) => {
    const matches = roundRobin(Array.from({ length: n }, (_, i) => `Club ${i + 1}`));
    expect(matches).toHaveLength(n * (n - 1));
    expect(checkSeasonStructure(matches)).toEqual({ errors: [], warnings: [] });
  });

  test('a club playing twice in a round is an error naming both matches and where they are', () => {
    const matches: CheckedMatch[] = [
      { round: 1, home: 'A', away: 'B', where: 'Line 10' },
      { round: 1, home: 'C', away: 'A', where: 'Line 12' },
    ];
    expect(checkSeasonStructure(matches).errors).toEqual([
      'Line 12: A plays twice in Matchday 1 (A v B, line 10, and C v A)',
    ]);
  });

  test('the same home/away pairing twice is an error; the return fixture is not', () => {
    const matches: CheckedMatch[] = [
      { round: 1, home: 'A', away: 'B', where: 'Match 1' },
      { round: 2, home: 'B', away: 'A', where: 'Match 2' },
      { round: 3, home: 'A', away: 'B', where: 'Match 3' },
    ];
    expect(checkSeasonStructure(matches).errors).toEqual(['Match 3: A v B appears twice (also Matchday 1, match 1)']);
  });

  test('a club cannot play itself; a round must be a positive whole number', () => {
    expect(checkSeasonStructure([{ round: 1, home: 'A', away: 'A' }]).errors).toEqual([
      'A v A: a club cannot play itself',
    ]);
    expect(checkSeasonStructure([{ round: 0, home: 'A', away: 'B' }]).errors).toEqual(['A v B has no valid round (0)']);
  });

  test('a partial season is only warned about, in terms of its own size', () => {
    const full = roundRobin(['A', 'B', 'C', 'D']);
    const { errors, warnings } = checkSeasonStructure(full.slice(0, 8));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      '8 matches; a full season of 4 clubs has 12',
      '4 rounds; a full season of 4 clubs has 6',
    ]);
    const missingOne = checkSeasonStructure(full.filter((_, i) => i !== 0));
    expect(missingOne.warnings).toContain('Rounds without 2 matches: Matchday 1 (1)');
  });

  test('an odd number of clubs is a warning (one rests each round)', () => {
    const { warnings } = checkSeasonStructure([
      { round: 1, home: 'A', away: 'B' },
      { round: 2, home: 'B', away: 'C' },
      { round: 3, home: 'C', away: 'A' },
    ]);
    expect(warnings[0]).toBe('3 clubs: an odd number, so one club rests each round');
  });
});

describe('deriveGameweeks', () => {
  test('each round from its first to its last match date, in round order, whatever the file order', () => {
    const defs = deriveGameweeks([
      { round: 2, date: '2030-01-12' },
      { round: 1, date: '2030-01-06' },
      { round: 1, date: '2030-01-04' },
      { round: 2, date: '2030-01-11' },
    ]);
    expect(defs).toEqual([
      { gameweek: 1, startDate: '2030-01-04', endDate: '2030-01-06' },
      { gameweek: 2, startDate: '2030-01-11', endDate: '2030-01-12' },
    ]);
  });

  test('a match moved far away does not stretch its round: the main block of dates wins', () => {
    const defs = deriveGameweeks([
      { round: 5, date: '2030-02-01' },
      { round: 5, date: '2030-03-20' },
      { round: 5, date: '2030-03-21' },
      { round: 5, date: '2030-03-22' },
      { round: 5, date: '2030-05-13' },
    ]);
    expect(defs).toEqual([{ gameweek: 5, startDate: '2030-03-20', endDate: '2030-03-22' }]);
  });

  test('any number of rounds (not 38)', () => {
    const matches = roundRobin(['A', 'B', 'C', 'D', 'E', 'F']).map((m) => ({
      round: m.round,
      date: `2030-${String(m.round).padStart(2, '0')}-01`,
    }));
    expect(deriveGameweeks(matches)).toHaveLength(10);
  });
});

describe('the current gameweek', () => {
  const defs = [
    { gameweek: 1, startDate: '2030-08-02', endDate: '2030-08-04' },
    { gameweek: 2, startDate: '2030-08-09', endDate: '2030-08-11' },
    { gameweek: 3, startDate: '2030-08-16', endDate: '2030-08-18' },
  ];

  test('by date: the one containing today, else the next to start; the last after the season', () => {
    expect(currentGameweek(defs, '2030-07-01')).toBe(1);
    expect(currentGameweek(defs, '2030-08-04')).toBe(1);
    expect(currentGameweek(defs, '2030-08-05')).toBe(2);
    expect(currentGameweek(defs, '2030-08-18')).toBe(3);
    expect(currentGameweek(defs, '2031-01-01')).toBe(3);
    expect(currentGameweek([], '2030-08-10')).toBe(1);
  });

  test('opening gameweek: the date’s gameweek if it has fixtures, else the next with some, else the last with some', () => {
    expect(calendarOpeningGameweek(defs, '2030-08-10', [1, 2, 3])).toBe(2);
    expect(calendarOpeningGameweek(defs, '2030-08-10', [1, 3])).toBe(3);
    expect(calendarOpeningGameweek(defs, '2030-08-10', [3, 1])).toBe(3);
    expect(calendarOpeningGameweek(defs, '2030-08-17', [1, 2])).toBe(2);
    expect(calendarOpeningGameweek(defs, '2030-08-10', [])).toBe(2);
    expect(calendarOpeningGameweek([], '2030-08-10', [8, 9])).toBe(8);
  });
});
