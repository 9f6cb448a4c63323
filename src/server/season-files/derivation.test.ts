import { describe, expect, test } from 'vitest';
import { currentGameweek, calendarOpeningGameweek } from '../../game/gameweeks.js';
import { deriveGameweeks } from '../../game/season.js';
import { builtinSeason } from './builtin/index.js';

// The pure season rules (src/game) on both real seasons.

describe.each(['2025-26', '2026-27'] as const)('%s: default gameweeks from the rounds', (key) => {
  const season = builtinSeason(key);
  const defs = deriveGameweeks(season.matches);

  test('one per round, in order, never overlapping, each inside the season', () => {
    expect(defs.map((d) => d.gameweek)).toEqual(season.rounds.map((r) => r.round));
    const dates = season.matches.map((m) => m.date).sort();
    for (const [i, d] of defs.entries()) {
      expect(d.startDate <= d.endDate).toBe(true);
      expect(d.startDate >= dates[0]! && d.endDate <= dates[dates.length - 1]!).toBe(true);
      if (i > 0) expect(d.startDate > defs[i - 1]!.endDate).toBe(true);
    }
  });

  test('every match of a round falls in its window, except the ones moved far away', () => {
    const outside = season.matches.filter((m) => {
      const d = defs.find((x) => x.gameweek === m.round)!;
      return m.date < d.startDate || m.date > d.endDate;
    });
    expect(outside.map((m) => `${m.round} ${m.date}`)).toEqual(
      key === '2025-26' ? ['31 2026-02-18', '31 2026-05-13'] : [],
    );
  });
});

describe('2025/26', () => {
  const defs = deriveGameweeks(builtinSeason('2025-26').matches);

  test('windows from each round’s first to last match date', () => {
    expect(defs[0]).toEqual({ gameweek: 1, startDate: '2025-08-15', endDate: '2025-08-18' });
    expect(defs[1]).toEqual({ gameweek: 2, startDate: '2025-08-22', endDate: '2025-08-25' });
    expect(defs[18]).toEqual({ gameweek: 19, startDate: '2025-12-30', endDate: '2026-01-01' });
    // Matchday 31 keeps its main block (20–22 March), not February to May.
    expect(defs[30]).toEqual({ gameweek: 31, startDate: '2026-03-20', endDate: '2026-03-22' });
    expect(defs[37]).toEqual({ gameweek: 38, startDate: '2026-05-24', endDate: '2026-05-24' });
  });

  test('the current gameweek by date', () => {
    expect(currentGameweek(defs, '2025-07-01')).toBe(1);
    expect(currentGameweek(defs, '2025-08-18')).toBe(1);
    expect(currentGameweek(defs, '2025-08-19')).toBe(2);
    expect(currentGameweek(defs, '2025-10-18')).toBe(8);
    expect(currentGameweek(defs, '2026-03-14')).toBe(30);
    expect(currentGameweek(defs, '2026-05-24')).toBe(38);
    // The season is over: it stays on its last gameweek.
    expect(currentGameweek(defs, '2026-11-23')).toBe(38);
  });
});

describe('2026/27', () => {
  const season = builtinSeason('2026-27');
  const defs = deriveGameweeks(season.matches);
  const withFixtures = season.rounds.map((r) => r.round);

  test('late November 2026: Matchday 12 is on Saturday 28 November, so the current gameweek is 12', () => {
    expect(defs[10]).toEqual({ gameweek: 11, startDate: '2026-11-21', endDate: '2026-11-21' });
    expect(defs[11]).toEqual({ gameweek: 12, startDate: '2026-11-28', endDate: '2026-11-28' });
    expect(currentGameweek(defs, '2026-11-21')).toBe(11);
    expect(currentGameweek(defs, '2026-11-22')).toBe(12);
    expect(currentGameweek(defs, '2026-11-23')).toBe(12);
    expect(currentGameweek(defs, '2026-11-28')).toBe(12);
    expect(currentGameweek(defs, '2026-11-29')).toBe(13);
    expect(calendarOpeningGameweek(defs, '2026-11-23', withFixtures)).toBe(12);
  });

  test('the start, the turn of the year and the end', () => {
    expect(defs[0]).toEqual({ gameweek: 1, startDate: '2026-08-21', endDate: '2026-08-24' });
    expect(currentGameweek(defs, '2026-06-01')).toBe(1);
    expect(currentGameweek(defs, '2026-12-31')).toBe(19);
    expect(defs[18]).toEqual({ gameweek: 19, startDate: '2027-01-02', endDate: '2027-01-02' });
    expect(defs[37]).toEqual({ gameweek: 38, startDate: '2027-05-30', endDate: '2027-05-30' });
    expect(currentGameweek(defs, '2027-06-30')).toBe(38);
  });
});
