import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { builtinClubs, builtinSeason } from './builtin/index.js';
import { countingScore, matchScoreOf, tieQualifier } from '../../game/knockout.js';
import {
  competitionOfSeasonKey,
  formatSeasonFile,
  PREMIER_LEAGUE,
  seasonKeyFromFileName,
  seasonLabel,
  toOwnSeason,
  upstreamSource,
} from './convert.js';
import { parseFootballTxt } from './parse-football-txt.js';
import { parseOpenfootballJson } from './parse-openfootball-json.js';

const read = (path: string) => fs.readFileSync(new URL(path, import.meta.url), 'utf8');
const convert = (text: string, seasonKey: string, parse = parseFootballTxt) =>
  toOwnSeason(parse(text), { seasonKey, competition: PREMIER_LEAGUE, catalogue: builtinClubs(), source: 'test' });

describe('the committed built-in files are exactly what the converter makes of the upstream files', () => {
  test.each([
    ['2025-26', '2025-26.txt'],
    ['2026-27', '2026-27.txt'],
    ['champions-league-2025-26', 'champions-league-2025-26.txt'],
    ['world-cup-2026', 'world-cup-2026.json'],
  ])('%s', (key, file) => {
    const parse = file.endsWith('.json') ? parseOpenfootballJson : parseFootballTxt;
    const parsed = parse(read(`./fixtures/seasons/${file}`));
    const options = { seasonKey: key, competition: competitionOfSeasonKey(key)!, catalogue: builtinClubs() };
    const text = formatSeasonFile(toOwnSeason(parsed, { ...options, source: upstreamSource(key, parsed.format) }));
    expect(text).toBe(read(`./builtin/${key}.json`));
    // Deterministic: converting again gives the same text.
    expect(
      formatSeasonFile(toOwnSeason(parse(read(`./fixtures/seasons/${file}`)), { ...options, source: 'test' })),
    ).toBe(text.replace(JSON.stringify(upstreamSource(key, parsed.format)), '"test"'));
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
    expect(seasonKeyFromFileName('champions-league-2025-26.txt')).toBe('champions-league-2025-26');
    expect(seasonKeyFromFileName('/x/world-cup-2026.json')).toBe('world-cup-2026');
    expect(seasonKeyFromFileName('world-cup-2026-teams.json')).toBeNull();
    expect(seasonLabel('champions-league-2025-26')).toBe('2025/26');
    expect(seasonLabel('world-cup-2026')).toBe('2026');
    expect(competitionOfSeasonKey('2026-27')?.key).toBe('premier-league');
    expect(competitionOfSeasonKey('champions-league-2025-26')?.key).toBe('champions-league');
    expect(competitionOfSeasonKey('world-cup-2026')?.timeZone).toBeNull();
    expect(competitionOfSeasonKey('euros-2028')).toBeNull();
  });
});

describe('the Champions League 2025/26 as converted', () => {
  const cl = builtinSeason('champions-league-2025-26');
  const round = (n: number) => cl.rounds.find((r) => r.round === n)!;

  test('189 matches in 17 rounds: 8 matchdays of the league phase, then two legs of each knockout stage, then the final', () => {
    expect(cl.matches).toHaveLength(189);
    expect(cl.competition).toEqual({
      key: 'champions-league',
      name: 'UEFA Champions League',
      timeZone: 'Europe/Paris',
    });
    expect(cl.season).toMatchObject({ key: 'champions-league-2025-26', label: '2025/26' });
    expect(cl.rounds.map((r) => r.name)).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `Matchday ${i + 1}`),
      'Play-offs, first leg',
      'Play-offs, second leg',
      'Round of 16, first leg',
      'Round of 16, second leg',
      'Quarter-finals, first leg',
      'Quarter-finals, second leg',
      'Semi-finals, first leg',
      'Semi-finals, second leg',
      'Final',
    ]);
    expect(cl.matches.filter((m) => !round(m.round).knockout)).toHaveLength(144);
    expect(cl.matches.filter((m) => m.leg === 1)).toHaveLength(22);
    expect(cl.matches.filter((m) => m.leg === 2)).toHaveLength(22);
  });

  test('the final, Saturday 30 May 2026, PSG v Arsenal: the Premier League’s Arsenal, no result yet', () => {
    const final = cl.matches.filter((m) => round(m.round).stage === 'final');
    expect(final).toEqual([
      {
        round: 17,
        date: '2026-05-30',
        time: '18:00',
        kickoffAt: '2026-05-30T16:00:00.000Z',
        home: 'paris-saint-germain',
        away: 'arsenal',
      },
    ]);
    expect(cl.matches.filter((m) => !m.result)).toEqual(final);
  });

  test('Central European time: CET in winter, CEST from 29 March 2026', () => {
    const at = (home: string, away: string, leg?: number) =>
      cl.matches.find((m) => m.home === home && m.away === away && (leg === undefined || m.leg === leg))!;
    expect(at('juventus', 'galatasaray')).toMatchObject({ time: '21:00', kickoffAt: '2026-02-25T20:00:00.000Z' });
    expect(at('arsenal', 'sporting-cp')).toMatchObject({ time: '21:00', kickoffAt: '2026-04-15T19:00:00.000Z' });
  });

  test('extra time in two second legs, and who went through', () => {
    const extra = cl.matches.filter((m) => m.extraTime);
    expect(extra.map((m) => [m.home, m.away, m.leg, m.result, m.extraTime])).toEqual([
      ['juventus', 'galatasaray', 2, [3, 0], [3, 2]],
      ['sporting-cp', 'bodo-glimt', 2, [3, 0], [5, 0]],
    ]);
    const tie = (a: string, b: string) =>
      cl.matches
        .filter((m) => m.leg && [a, b].includes(m.home!) && [a, b].includes(m.away!))
        .sort((x, y) => x.leg! - y.leg!)
        .map((m) => ({
          home: m.home,
          away: m.away,
          score: m.result ? matchScoreOf({ ...m, result: m.result }) : null,
        }));
    expect(tieQualifier(tie('galatasaray', 'juventus'))).toBe('galatasaray');
    expect(tieQualifier(tie('bodo-glimt', 'sporting-cp'))).toBe('sporting-cp');
    expect(tieQualifier(tie('arsenal', 'atletico-madrid'))).toBe('arsenal');
  });
});

describe('the World Cup 2026 as converted', () => {
  const wc = builtinSeason('world-cup-2026');
  const round = (n: number) => wc.rounds.find((r) => r.round === n)!;

  test('104 matches, 72 in twelve groups, no single time zone: every kick-off with its own offset', () => {
    expect(wc.matches).toHaveLength(104);
    expect(wc.competition).toEqual({ key: 'world-cup', name: 'FIFA World Cup', timeZone: null });
    expect(wc.season).toMatchObject({ key: 'world-cup-2026', label: '2026' });
    expect(new Set(wc.matches.flatMap((m) => (m.group ? [m.group] : [])))).toHaveLength(12);
    expect(wc.matches.filter((m) => round(m.round).stage === 'group')).toHaveLength(72);
    expect(wc.matches.every((m) => m.utcOffset !== undefined)).toBe(true);
    expect(wc.matches.find((m) => m.home === 'mexico' && m.away === 'south-africa')).toMatchObject({
      date: '2026-06-11',
      time: '13:00',
      utcOffset: '-06:00',
      kickoffAt: '2026-06-11T19:00:00.000Z',
      home: 'mexico',
      away: 'south-africa',
      group: 'Group A',
    });
  });

  test('9 matches to extra time, 4 to penalties; the final 0-0 after 90 minutes, 1-0 after extra time', () => {
    expect(wc.matches.filter((m) => m.extraTime)).toHaveLength(9);
    expect(wc.matches.filter((m) => m.penalties)).toHaveLength(4);
    const final = wc.matches.find((m) => round(m.round).stage === 'final')!;
    expect(final).toMatchObject({ number: 104, home: 'spain', away: 'argentina', result: [0, 0], extraTime: [1, 0] });
    const score = matchScoreOf({ ...final, result: final.result! });
    expect(countingScore(score, 'ninety')).toEqual({ homeScore: 0, awayScore: 0 });
    expect(countingScore(score, 'extra-time')).toEqual({ homeScore: 1, awayScore: 0 });
    expect(tieQualifier([{ home: final.home, away: final.away, score }])).toBe('spain');
    const germany = wc.matches.find((m) => m.home === 'germany' && m.away === 'paraguay')!;
    expect(germany).toMatchObject({ result: [1, 1], extraTime: [1, 1], penalties: [3, 4] });
    expect(
      tieQualifier([
        { home: 'germany', away: 'paraguay', score: matchScoreOf({ ...germany, result: germany.result! }) },
      ]),
    ).toBe('paraguay');
  });
});

describe('converting a competition', () => {
  const txt = [
    '= Test Cup 2030/31',
    '» Finals, Semifinals',
    '  Tue Apr/29 2031',
    '    21.00  Arsenal FC (ENG) v FC Barcelona (ESP)  1-0',
    '  Tue May/6 2031',
    '    21.00  FC Barcelona (ESP) v Arsenal FC (ENG)  1-1',
    '» Finals, Final',
    '  Sat May/31 2031',
    '    18.00  N.N. v N.N.',
  ].join('\n');
  const convertCl = (text: string, competition = competitionOfSeasonKey('champions-league-2030-31')!) =>
    toOwnSeason(parseFootballTxt(text), {
      seasonKey: 'champions-league-2030-31',
      competition,
      catalogue: builtinClubs(),
      source: 'test',
    });

  test('both legs under one heading get their leg from their block of dates; teams not yet known keep their label', () => {
    const season = convertCl(txt);
    expect(season.rounds).toEqual([
      { round: 1, name: 'Semi-finals, first leg', stage: 'semi-finals', knockout: true },
      { round: 2, name: 'Semi-finals, second leg', stage: 'semi-finals', knockout: true },
      { round: 3, name: 'Final', stage: 'final', knockout: true },
    ]);
    expect(season.matches.map((m) => [m.round, m.leg, m.home, m.away, m.homeLabel, m.awayLabel])).toEqual([
      [1, 1, 'arsenal', 'barcelona', undefined, undefined],
      [2, 2, 'barcelona', 'arsenal', undefined, undefined],
      [3, undefined, null, null, 'N.N.', 'N.N.'],
    ]);
  });

  test('a second leg that does not swap home and away is refused', () => {
    expect(() =>
      convertCl(txt.replace('FC Barcelona (ESP) v Arsenal FC (ENG)  1-1', 'Arsenal FC (ENG) v Chelsea FC (ENG)  1-1')),
    ).toThrow(/Chelsea|tie/);
  });

  test('a kick-off without a zone where one is required', () => {
    expect(() => convertCl(txt, { key: 'world-cup', name: 'FIFA World Cup', timeZone: null })).toThrow(
      'Line 4 (Arsenal FC v FC Barcelona): the kick-off 2031-04-29 21:00 has no zone: the FIFA World Cup has no single time zone, so each kick-off needs its UTC offset ("13:00 UTC-6")',
    );
  });
});
