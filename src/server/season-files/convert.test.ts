import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { builtinClubs, builtinSeason } from './builtin/index.js';
import { formatSeasonFile, PREMIER_LEAGUE, seasonKeyFromFileName, seasonLabel, toOwnSeason } from './convert.js';
import { parseFootballTxt } from './parse-football-txt.js';
import { parseOpenfootballJson } from './parse-openfootball-json.js';

const read = (path: string) => fs.readFileSync(new URL(path, import.meta.url), 'utf8');
const convert = (text: string, seasonKey: string, parse = parseFootballTxt) =>
  toOwnSeason(parse(text), { seasonKey, competition: PREMIER_LEAGUE, catalogue: builtinClubs(), source: 'test' });
const source = (key: string) =>
  `openfootball/england ${key}/1-premierleague.txt (CC0 1.0), converted by scripts/convert-season.ts`;

describe('the committed built-in files are exactly what the converter makes of the upstream files', () => {
  test.each(['2025-26', '2026-27'])('%s', (key) => {
    const season = toOwnSeason(parseFootballTxt(read(`./fixtures/seasons/${key}.txt`)), {
      seasonKey: key,
      competition: PREMIER_LEAGUE,
      catalogue: builtinClubs(),
      source: source(key),
    });
    const text = formatSeasonFile(season);
    expect(text).toBe(read(`./builtin/${key}.json`));
    // Deterministic: converting again gives the same text.
    expect(formatSeasonFile(convert(read(`./fixtures/seasons/${key}.txt`), key))).toBe(
      text.replace(JSON.stringify(source(key)), '"test"'),
    );
  });
});

describe('what the built-in files hold', () => {
  const s2025 = builtinSeason('2025-26');
  const s2026 = builtinSeason('2026-27');
  const parsed2025 = parseFootballTxt(read('./fixtures/seasons/2025-26.txt')).matches;
  const parsed2026 = parseFootballTxt(read('./fixtures/seasons/2026-27.txt')).matches;
  const keyOf = new Map(builtinClubs().clubs.map((c) => [c.name, c.key]));

  test('2025/26: 380 matches, 380 results, none postponed; 2026/27: 380 matches, 20 results', () => {
    expect(s2025.matches).toHaveLength(380);
    expect(s2025.matches.filter((m) => m.result)).toHaveLength(380);
    expect(s2025.matches.filter((m) => m.postponed)).toHaveLength(0);
    expect(s2026.matches).toHaveLength(380);
    expect(s2026.matches.filter((m) => m.result)).toHaveLength(20);
    expect(s2026.season.label).toBe('2026/27');
  });

  test.each([
    ['2025/26', () => [s2025, parsed2025] as const],
    ['2026/27', () => [s2026, parsed2026] as const],
  ])('%s: every parsed match is in the file with the same round, date, time and result', (_, get) => {
    const [own, parsed] = get();
    const ownKey = (m: {
      round: number;
      date: string;
      time: string | null;
      home: string | null;
      away: string | null;
      result?: [number, number];
    }) => JSON.stringify([m.round, m.date, m.time, m.home, m.away, m.result ?? null]);
    const expected = parsed.map((m) => ownKey({ ...m, home: keyOf.get(m.home)!, away: keyOf.get(m.away)! }));
    expect(own.matches.map(ownKey).sort()).toEqual(expected.sort());
  });

  test('ordered by round, then date and time', () => {
    for (const s of [s2025, s2026]) {
      const keys = s.matches.map((m) => `${String(m.round).padStart(3, '0')}|${m.date}|${m.time ?? '99:99'}`);
      expect(keys).toEqual([...keys].sort());
    }
  });

  test('UTC kick-offs across the clock changes (BST until the last Sunday of October, GMT after)', () => {
    const at = (s: typeof s2025, home: string, away: string) =>
      s.matches.find((m) => m.home === home && m.away === away)!;
    expect(at(s2025, 'chelsea', 'sunderland')).toMatchObject({
      date: '2025-10-25',
      time: '15:00',
      kickoffAt: '2025-10-25T14:00:00.000Z',
    });
    expect(at(s2025, 'everton', 'tottenham-hotspur')).toMatchObject({
      date: '2025-10-26',
      time: '16:30',
      kickoffAt: '2025-10-26T16:30:00.000Z',
    });
    expect(at(s2026, 'aston-villa', 'manchester-city')).toMatchObject({
      date: '2026-10-24',
      time: '12:30',
      kickoffAt: '2026-10-24T11:30:00.000Z',
    });
    expect(at(s2026, 'hull-city', 'brentford')).toMatchObject({
      date: '2026-10-25',
      time: '14:00',
      kickoffAt: '2026-10-25T14:00:00.000Z',
    });
  });
});

describe('converting other files', () => {
  test('the older syntax: postponed matches have no time and no kick-off', () => {
    const season = convert(read('./fixtures/older/1-premierleague.txt'), '2025-26');
    const postponed = season.matches.filter((m) => m.postponed);
    expect(postponed.map((m) => [m.round, m.home, m.away, m.time, m.kickoffAt])).toEqual([
      [31, 'manchester-city', 'crystal-palace', null, null],
      [37, 'bournemouth', 'manchester-city', null, null],
      [37, 'chelsea', 'tottenham-hotspur', null, null],
    ]);
    // No time sorts last within its round.
    expect(
      season.matches
        .filter((m) => m.round === 37)
        .slice(-2)
        .every((m) => m.time === null),
    ).toBe(true);
    expect(season.matches.filter((m) => m.result)).toHaveLength(339);
  });

  test('openfootball JSON converts the same way', () => {
    const season = convert(read('./fixtures/older/en.1.json'), '2025-26', parseOpenfootballJson);
    expect(season.matches).toHaveLength(380);
    expect(season.matches.filter((m) => m.result)).toHaveLength(291);
  });

  test('unknown clubs are all listed; a title naming another season is refused', () => {
    const txt =
      '= Test 2030/31\n▪ Matchday 1\n  Sat Aug 3 2030\n    15:00  Arsenal FC v Luton Town FC\n           Wrexham AFC v Chelsea FC';
    expect(() => convert(txt, '2030-31')).toThrow(
      'Clubs not in the catalogue (add them to builtin/clubs.json): Luton Town FC, Wrexham AFC',
    );
    expect(() =>
      convert(txt.replace('Luton Town FC', 'Burnley FC').replace('Wrexham AFC', 'Fulham FC'), '2031-32'),
    ).toThrow('does not name the season 2031/32');
  });

  test('season keys and labels from file names', () => {
    expect(seasonKeyFromFileName('2026-27.txt')).toBe('2026-27');
    expect(seasonKeyFromFileName('/data/seasons/1999-00.json')).toBe('1999-00');
    expect(seasonKeyFromFileName('2026-28.txt')).toBeNull();
    expect(seasonKeyFromFileName('premierleague.txt')).toBeNull();
    expect(seasonLabel('2026-27')).toBe('2026/27');
  });
});
