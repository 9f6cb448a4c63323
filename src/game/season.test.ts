import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseFootballTxt } from './football-txt.js';
import { checkFullSeason, deriveGameweeks, parseOpenfootballJson, roundNumber, type SeasonFile } from './season.js';
import { currentGameweek } from './gameweeks.js';

const SEASON_JSON = path.resolve('src/server/features/season/season-2025-26.json');
const UPSTREAM_TXT = path.resolve('../shared/data/1-premierleague.txt');
const season = JSON.parse(fs.readFileSync(SEASON_JSON, 'utf8')) as SeasonFile;

describe('the built-in 2025/26 season file', () => {
  test('380 matches, 38 rounds of 10, every club once per round', () => {
    expect(season.matches).toHaveLength(380);
    for (let r = 1; r <= 38; r++) expect(season.matches.filter((m) => m.round === r)).toHaveLength(10);
    expect(checkFullSeason(season.matches)).toEqual([]);
  });

  test('real UK kick-offs, 339 full-time scores and the three postponed matches without a time', () => {
    expect(season.matches[0]).toEqual({ round: 1, date: '2025-08-15', time: '20:00', home: 'Liverpool FC', away: 'AFC Bournemouth', result: [4, 2] });
    expect(season.matches.filter((m) => m.result)).toHaveLength(339);
    const postponed = season.matches.filter((m) => m.postponed);
    expect(postponed.map((m) => `${m.home} v ${m.away}`).sort()).toEqual([
      'AFC Bournemouth v Manchester City FC',
      'Chelsea FC v Tottenham Hotspur FC',
      'Manchester City FC v Crystal Palace FC',
    ]);
    expect(postponed.every((m) => m.time === null)).toBe(true);
    expect(season.matches.filter((m) => !m.postponed).every((m) => /^\d{2}:\d{2}$/.test(m.time ?? ''))).toBe(true);
  });
});

describe.skipIf(!fs.existsSync(UPSTREAM_TXT))('Football.TXT parser on the real upstream file', () => {
  test('gives 380 matches in 38 rounds of 10, the same as the committed file', () => {
    const matches = parseFootballTxt(fs.readFileSync(UPSTREAM_TXT, 'utf8'));
    expect(matches).toHaveLength(380);
    expect(checkFullSeason(matches)).toEqual([]);
    const key = (m: { round: number; home: string; away: string; date: string; time: string | null }) => `${m.round}|${m.home}|${m.away}|${m.date}|${m.time}`;
    expect(new Set(matches.map(key))).toEqual(new Set(season.matches.map(key)));
  });
});

describe('Football.TXT parser', () => {
  test('carries the time and year, rolls the year over and reads scores and postponements', () => {
    const txt = [
      '= Test', '', '» Matchday 19', '  Tue Dec/30 2025', '    19.30  A FC v B FC  1-0 (0-0)', '           C FC v D FC  2-2',
      '  Thu Jan/1', '           E FC v F FC  [postponed]', '    20.00  G FC v H FC',
    ].join('\n');
    expect(parseFootballTxt(txt)).toEqual([
      { round: 19, date: '2025-12-30', time: '19:30', home: 'A FC', away: 'B FC', result: [1, 0] },
      { round: 19, date: '2025-12-30', time: '19:30', home: 'C FC', away: 'D FC', result: [2, 2] },
      { round: 19, date: '2026-01-01', time: null, home: 'E FC', away: 'F FC', postponed: true },
      { round: 19, date: '2026-01-01', time: '20:00', home: 'G FC', away: 'H FC' },
    ]);
  });

  test('names the line it cannot read, and a weekday that does not match the date', () => {
    expect(() => parseFootballTxt('» Matchday 1\n  Fri Aug/15 2025\n    what is this')).toThrow(/Line 3/);
    expect(() => parseFootballTxt('» Matchday 1\n  Sat Aug/15 2025\n')).toThrow(/Line 2: 2025-08-15 is not a Sat/);
  });
});

describe('default gameweeks from the rounds', () => {
  const defs = deriveGameweeks(season.matches);
  test('38 definitions from each round’s first to last match date', () => {
    expect(defs).toHaveLength(38);
    expect(defs[0]).toEqual({ gameweek: 1, startDate: '2025-08-15', endDate: '2025-08-18' });
    expect(defs[1]).toEqual({ gameweek: 2, startDate: '2025-08-22', endDate: '2025-08-25' });
    expect(defs[37]).toEqual({ gameweek: 38, startDate: '2026-05-24', endDate: '2026-05-24' });
  });

  test('a round with matches moved far away keeps its main block (Matchday 31: 20–22 March)', () => {
    expect(defs[30]).toEqual({ gameweek: 31, startDate: '2026-03-20', endDate: '2026-03-22' });
  });

  test('definitions are in order and never overlap', () => {
    for (let i = 1; i < defs.length; i++) expect(defs[i]!.startDate > defs[i - 1]!.endDate).toBe(true);
  });

  test('current gameweek at the boundaries', () => {
    expect(currentGameweek(defs, '2025-07-01')).toBe(1);
    expect(currentGameweek(defs, '2025-08-18')).toBe(1);
    expect(currentGameweek(defs, '2025-08-19')).toBe(2);
    expect(currentGameweek(defs, '2025-08-22')).toBe(2);
    expect(currentGameweek(defs, '2026-05-24')).toBe(38);
    expect(currentGameweek(defs, '2026-07-01')).toBe(38);
    expect(currentGameweek([], '2025-08-20')).toBe(1);
  });
});

describe('openfootball JSON upload', () => {
  const ok = { name: 'S', matches: [{ round: 'Matchday 1', date: '2025-08-15', time: '20:00', team1: 'Liverpool FC', team2: 'AFC Bournemouth', score: { ft: [4, 2] } }] };

  test('reads a valid file, with results and postponed matches', () => {
    const withPostponed = { ...ok, matches: [...ok.matches, { round: 'Matchday 31', date: '2026-04-11', team1: 'Manchester City FC', team2: 'Crystal Palace FC', status: 'postponed' }] };
    const parsed = parseOpenfootballJson(JSON.stringify(withPostponed));
    expect(parsed).toEqual({
      ok: true,
      name: 'S',
      matches: [
        { round: 1, date: '2025-08-15', time: '20:00', home: 'Liverpool FC', away: 'AFC Bournemouth', result: [4, 2] },
        { round: 31, date: '2026-04-11', time: null, home: 'Manchester City FC', away: 'Crystal Palace FC', postponed: true },
      ],
    });
  });

  test('the real upstream en.1.json is accepted', () => {
    const file = path.resolve('../shared/data/en.1.json');
    if (!fs.existsSync(file)) return;
    const parsed = parseOpenfootballJson(fs.readFileSync(file, 'utf8'));
    expect(parsed.ok && parsed.matches.length).toBe(380);
  });

  test('bad JSON names the line', () => {
    expect(parseOpenfootballJson('{\n  "matches": [\n    {,}\n  ]\n}')).toEqual({ ok: false, message: 'The file is not valid JSON (line 3).' });
  });

  test('a bad match names its number, teams and field', () => {
    const bad = { matches: [ok.matches[0], { round: 'Matchday 1', date: '2025-13-45', time: '15:00', team1: 'Arsenal FC', team2: 'Chelsea FC' }] };
    expect(parseOpenfootballJson(JSON.stringify(bad))).toEqual({ ok: false, message: 'Match 2 (Arsenal FC v Chelsea FC): "date" must be a date as YYYY-MM-DD.' });
    const badTime = { matches: [{ ...ok.matches[0], time: '8pm' }] };
    expect(parseOpenfootballJson(JSON.stringify(badTime))).toMatchObject({ ok: false, message: expect.stringContaining('Match 1 (Liverpool FC v AFC Bournemouth): "time"') });
    expect(parseOpenfootballJson(JSON.stringify({ matches: [{ ...ok.matches[0], round: 'Matchday 39' }] }))).toMatchObject({ ok: false, message: expect.stringContaining('"round"') });
    expect(parseOpenfootballJson(JSON.stringify({ matches: [{ ...ok.matches[0], team2: 'Liverpool FC' }] }))).toMatchObject({ ok: false, message: expect.stringContaining('"team2"') });
    expect(parseOpenfootballJson(JSON.stringify({ fixtures: [] }))).toEqual({ ok: false, message: 'The file must have a "matches" list.' });
  });

  test('round names', () => {
    expect(roundNumber('Matchday 12')).toBe(12);
    expect(roundNumber(7)).toBe(7);
    expect(roundNumber('Final')).toBeNull();
  });
});
