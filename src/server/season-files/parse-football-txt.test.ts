import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseFootballTxt } from './parse-football-txt.js';
import { KNOWN_ROUNDS } from './round-heading.js';
import { SeasonFileError, type ParsedMatch } from './types.js';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const pair = (m: ParsedMatch) => `${m.home} v ${m.away}`;
/** The match fields without where it came from. */
const plain = ({ where: _where, ...m }: ParsedMatch) => m;

describe('the real files, newer syntax (▪ Matchday, Aug 15, 20:00)', () => {
  const s2025 = parseFootballTxt(fixture('seasons/2025-26.txt'));
  const s2026 = parseFootballTxt(fixture('seasons/2026-27.txt'));

  test('2025/26: 380 matches, every one with its final result, 20 clubs', () => {
    expect(s2025.format).toBe('football-txt');
    expect(s2025.name).toBe('English Premier League 2025/26');
    expect(s2025.matches).toHaveLength(380);
    expect(s2025.matches.filter((m) => m.result)).toHaveLength(380);
    expect(s2025.matches.filter((m) => m.postponed)).toHaveLength(0);
    expect(new Set(s2025.matches.flatMap((m) => [m.home, m.away])).size).toBe(20);
    expect(s2025.matches[0]).toEqual({
      round: 1,
      date: '2025-08-15',
      time: '20:00',
      home: 'Liverpool FC',
      away: 'AFC Bournemouth',
      result: [4, 2],
      halfTime: [1, 0],
      where: 'Line 10',
    });
  });

  test('a time is shared by the lines below it on the same day, and names with & are read whole', () => {
    const md1 = s2025.matches.filter((m) => m.round === 1 && m.date === '2025-08-16');
    expect(md1.map((m) => [pair(m), m.time])).toEqual([
      ['Aston Villa FC v Newcastle United FC', '12:30'],
      ['Brighton & Hove Albion FC v Fulham FC', '15:00'],
      ['Sunderland AFC v West Ham United FC', '15:00'],
      ['Tottenham Hotspur FC v Burnley FC', '15:00'],
      ['Wolverhampton Wanderers FC v Manchester City FC', '17:30'],
    ]);
    // A score without half-time, and one with.
    expect(md1[0]).toMatchObject({ result: [0, 0] });
    expect(md1[0]!.halfTime).toBeUndefined();
    expect(md1[1]).toMatchObject({ result: [1, 1], halfTime: [0, 0] });
  });

  test('the year carries on from the last date that gave one, and the 1 January line is 2026', () => {
    const newYear = s2025.matches.filter((m) => m.round === 19).map((m) => m.date);
    expect(newYear.slice(0, 6).every((d) => d === '2025-12-30')).toBe(true);
    expect(newYear.slice(6).every((d) => d === '2026-01-01')).toBe(true);
    expect(s2025.matches.filter((m) => m.round === 20)[0]!.date).toBe('2026-01-03');
    expect(s2025.matches[s2025.matches.length - 1]!.date).toBe('2026-05-24');
  });

  test('a round heading that comes back later (Matchday 31: February, March and a match moved to May)', () => {
    const md31 = s2025.matches.filter((m) => m.round === 31);
    expect(md31).toHaveLength(10);
    expect(md31.map((m) => m.date).sort()).toEqual([
      '2026-02-18',
      '2026-03-20',
      '2026-03-21',
      '2026-03-21',
      '2026-03-21',
      '2026-03-21',
      '2026-03-22',
      '2026-03-22',
      '2026-03-22',
      '2026-05-13',
    ]);
    expect(plain(md31.find((m) => m.date === '2026-05-13')!)).toEqual({
      round: 31,
      date: '2026-05-13',
      time: '20:00',
      home: 'Manchester City FC',
      away: 'Crystal Palace FC',
      result: [3, 0],
      halfTime: [2, 0],
    });
  });

  test('2026/27: 380 fixtures, the 20 results of Matchdays 1–2, and the three new clubs', () => {
    expect(s2026.name).toBe('English Premier League 2026/27');
    expect(s2026.matches).toHaveLength(380);
    const played = s2026.matches.filter((m) => m.result);
    expect(played).toHaveLength(20);
    expect(new Set(played.map((m) => m.round))).toEqual(new Set([1, 2]));
    const clubs = new Set(s2026.matches.flatMap((m) => [m.home, m.away]));
    expect(clubs.size).toBe(20);
    for (const club of ['Coventry City FC', 'Hull City AFC', 'Ipswich Town FC']) expect(clubs.has(club)).toBe(true);
    for (const club of ['Burnley FC', 'West Ham United FC', 'Wolverhampton Wanderers FC'])
      expect(clubs.has(club)).toBe(false);
    expect(s2026.matches.find((m) => m.round === 19)).toMatchObject({
      date: '2027-01-02',
      time: '15:00',
      home: 'AFC Bournemouth',
      away: 'Aston Villa FC',
    });
    expect(s2026.matches.filter((m) => m.round === 12).map((m) => m.date)).toEqual(Array(10).fill('2026-11-28'));
  });
});

describe('the real file, older syntax (» Matchday, Aug/15, 20.00, CRLF)', () => {
  const old = parseFootballTxt(fixture('older/1-premierleague.txt'));

  test('380 matches, 339 results, and the three [postponed] ones without a time', () => {
    expect(old.matches).toHaveLength(380);
    expect(old.matches.filter((m) => m.result)).toHaveLength(339);
    expect(plain(old.matches[0]!)).toEqual({
      round: 1,
      date: '2025-08-15',
      time: '20:00',
      home: 'Liverpool FC',
      away: 'AFC Bournemouth',
      result: [4, 2],
      halfTime: [1, 0],
    });
    const postponed = old.matches.filter((m) => m.postponed);
    expect(postponed.map((m) => [m.round, m.date, m.time, pair(m)])).toEqual([
      [37, '2026-05-17', null, 'AFC Bournemouth v Manchester City FC'],
      [37, '2026-05-17', null, 'Chelsea FC v Tottenham Hotspur FC'],
      [31, '2026-05-22', null, 'Manchester City FC v Crystal Palace FC'],
    ]);
    // The line after the postponed ones has its own time and is not postponed.
    expect(old.matches.find((m) => pair(m) === 'Aston Villa FC v Liverpool FC')).toMatchObject({
      time: '15:00',
      date: '2026-05-17',
    });
    expect(old.matches.find((m) => pair(m) === 'Aston Villa FC v Liverpool FC')!.postponed).toBeUndefined();
  });

  test('the same 380 pairings as the newer file, and the same scores where both have one', () => {
    const final = new Map(parseFootballTxt(fixture('seasons/2025-26.txt')).matches.map((m) => [pair(m), m]));
    expect(new Set(old.matches.map(pair))).toEqual(new Set(final.keys()));
    for (const m of old.matches.filter((x) => x.result))
      expect([pair(m), final.get(pair(m))!.result]).toEqual([pair(m), m.result]);
  });
});

describe('syntax details on small inputs', () => {
  test('either syntax, a year rolling over without a year line, times carried only within a day', () => {
    const txt = [
      '= Test League 2030/31',
      '# comment lines and blank lines are skipped',
      '',
      '» Matchday 19',
      '  Mon Dec/30 2030',
      '    19.30  A FC v B FC  1-0 (0-0)',
      '           C & D FC v E FC  2-2',
      '  Wed Jan/1',
      '           F FC v G FC  [postponed]',
      '    20.00  H FC v I FC',
      '▪ Matchday 20',
      '  Fri Jan 3',
      '           J FC v K FC',
      '    12:30  L FC v M FC',
    ].join('\n');
    expect(parseFootballTxt(txt).matches.map(plain)).toEqual([
      { round: 19, date: '2030-12-30', time: '19:30', home: 'A FC', away: 'B FC', result: [1, 0], halfTime: [0, 0] },
      { round: 19, date: '2030-12-30', time: '19:30', home: 'C & D FC', away: 'E FC', result: [2, 2] },
      { round: 19, date: '2031-01-01', time: null, home: 'F FC', away: 'G FC', postponed: true },
      { round: 19, date: '2031-01-01', time: '20:00', home: 'H FC', away: 'I FC' },
      { round: 20, date: '2031-01-03', time: null, home: 'J FC', away: 'K FC', postponed: true },
      { round: 20, date: '2031-01-03', time: '12:30', home: 'L FC', away: 'M FC' },
    ]);
  });

  test('dates out of order keep the nearest year (a January match listed after February)', () => {
    const txt = [
      '▪ Matchday 24',
      '  Sat Feb 6 2027',
      '    15:00  A v B',
      '▪ Matchday 20',
      '  Wed Jan 6',
      '    20:00  C v D',
      '▪ Matchday 1',
      '  Sat Aug 21 2027',
      '    15:00  E v F',
    ].join('\n');
    expect(parseFootballTxt(txt).matches.map((m) => m.date)).toEqual(['2027-02-06', '2027-01-06', '2027-08-21']);
  });

  test('a [postponed] line between timed ones does not take or break the shared time', () => {
    const txt = [
      '» Matchday 1',
      '  Sat Aug/16 2025',
      '    15.00  A v B',
      '           C v D  [postponed]',
      '           E v F',
    ].join('\n');
    expect(parseFootballTxt(txt).matches.map((m) => [m.home, m.time, m.postponed ?? false])).toEqual([
      ['A', '15:00', false],
      ['C', null, true],
      ['E', '15:00', false],
    ]);
  });

  test('Windows line ends and a byte-order mark are fine', () => {
    const txt = '\uFEFF» Matchday 1\r\n  Fri Aug/15 2025\r\n    20.00  A v B  4-2\r\n';
    expect(parseFootballTxt(txt).matches.map(plain)).toEqual([
      { round: 1, date: '2025-08-15', time: '20:00', home: 'A', away: 'B', result: [4, 2] },
    ]);
  });
});

describe('broken input: a SeasonFileError naming the line', () => {
  const error = (txt: string): SeasonFileError => {
    try {
      parseFootballTxt(txt);
    } catch (err) {
      if (err instanceof SeasonFileError) return err;
      throw err;
    }
    throw new Error('expected a SeasonFileError');
  };
  const head = '» Matchday 1\n  Fri Aug/15 2025\n';

  test.each([
    [`${head}    what is this`, 3, 'Line 3: neither a round, a date nor a match: "what is this"'],
    ['» Matchday 1\n  Sat Aug/15 2025\n', 2, 'Line 2: 2025-08-15 is a Fri, not a Sat: "Sat Aug/15 2025"'],
    ['» Matchday 1\n  Fri Aug 15\n', 2, 'Line 2: a date without a year before any year is given: "Fri Aug 15"'],
    ['» Matchday 1\n  Fri Feb 30 2025\n', 2, 'Line 2: no such date: "Fri Feb 30 2025"'],
    [
      '» Matchday 1\n  Fri Aug/15 2025\n  Fri Aug/15\n    20.00  A v B\n  Sun Aug/31\n    25.00  C v D',
      6,
      'Line 6: "25.00" is not a time of day: "25.00  C v D"',
    ],
    ['  Fri Aug/15 2025\n    20.00  A v B', 2, 'Line 2: a match before any Matchday heading: "20.00  A v B"'],
    ['» Matchday 1\n    20.00  A v B', 2, 'Line 2: a match before any date: "20.00  A v B"'],
    ['» Grand final\n', 1, `Line 1: unknown round (known: ${KNOWN_ROUNDS}): "» Grand final"`],
    [
      `${head}    20.00  A v B  4-2 aet`,
      3,
      'Line 3: unreadable score or note after the away team: "20.00  A v B  4-2 aet"',
    ],
    [
      `${head}    20.00  A v B  [abandoned]`,
      3,
      'Line 3: unknown status [abandoned] (only [postponed] is understood): "20.00  A v B  [abandoned]"',
    ],
    [`${head}    20.00  A v B  100-0`, 3, 'Line 3: a score above 99: "20.00  A v B  100-0"'],
    [`${head}    20.00  A v A`, 3, 'Line 3: a club cannot play itself: "20.00  A v A"'],
    [`${head}    20h00  A v B`, 3, 'Line 3: unreadable home team: "20h00  A v B"'],
    [
      `${head}    20.00  ${'A'.repeat(81)} v B`,
      3,
      `Line 3: a team name longer than 80 characters: "20.00  ${'A'.repeat(53)}…"`,
    ],
  ])('%j', (txt, line, message) => {
    const err = error(txt);
    expect(err.message).toBe(message);
    expect(err.line).toBe(line);
  });

  test('an overlong line is refused before it is read, and an empty file has no matches', () => {
    expect(error(`${head}    20.00  A v B${' '.repeat(10)}${'x'.repeat(400)}`).message).toMatch(
      /^Line 3: longer than 300 characters/,
    );
    expect(error('= Only a title\n# and a comment\n').message).toBe('The file has no matches.');
  });

  test('a typo in the middle of a real file is found on its line', () => {
    const lines = fixture('seasons/2026-27.txt').split('\n');
    const at = lines.findIndex((l) => l.includes('Sat Nov 28'));
    lines[at] = lines[at]!.replace('Sat Nov 28', 'Sun Nov 28');
    const err = error(lines.join('\n'));
    expect(err.line).toBe(at + 1);
    expect(err.message).toBe(`Line ${at + 1}: 2026-11-28 is a Sat, not a Sun: "Sun Nov 28"`);
  });
});

describe('competitions: stages, extra time, penalties, countries and teams not yet known', () => {
  const cl = [
    '= UEFA Champions League 2025/26',
    '» League, Matchday 1',
    '  Tue Sep/16 2025',
    '    18.45  Athletic Club (ESP)     v Arsenal FC (ENG)         0-2 (0-0)',
    '» Playoffs, Matchday 2',
    '  Wed Feb/25 2026',
    '    21.00  Juventus FC (ITA)       v Galatasaray SK (TUR)     3-2 a.e.t. (3-0, 1-0)',
    '» Finals, Round of 16',
    '  Tue Mar/17 2026',
    '    21.00  A FC (ENG)  v B FC (ESP)  5-3 pen. 1-1 a.e.t. (1-1, 0-0)',
    '           C FC  v D FC  1-1 a.e.t. (1-1) 4-2 pen.',
    '» Finals, Final',
    '  Sat May/30 2026',
    '    18.00  N.N. v N.N.',
  ].join('\n');

  test('stage headings, the country suffix dropped, extra time and both shoot-out syntaxes', () => {
    const { matches } = parseFootballTxt(cl);
    expect(matches.map(plain)).toEqual([
      {
        round: 1,
        stage: 'league-phase',
        stageRound: 1,
        date: '2025-09-16',
        time: '18:45',
        home: 'Athletic Club',
        away: 'Arsenal FC',
        result: [0, 2],
        halfTime: [0, 0],
      },
      {
        round: 2,
        stage: 'play-offs',
        stageRound: 2,
        date: '2026-02-25',
        time: '21:00',
        home: 'Juventus FC',
        away: 'Galatasaray SK',
        result: [3, 0],
        halfTime: [1, 0],
        extraTime: [3, 2],
      },
      {
        round: 3,
        stage: 'round-of-16',
        date: '2026-03-17',
        time: '21:00',
        home: 'A FC',
        away: 'B FC',
        result: [1, 1],
        halfTime: [0, 0],
        extraTime: [1, 1],
        penalties: [5, 3],
      },
      {
        round: 3,
        stage: 'round-of-16',
        date: '2026-03-17',
        time: '21:00',
        home: 'C FC',
        away: 'D FC',
        result: [1, 1],
        extraTime: [1, 1],
        penalties: [4, 2],
      },
      {
        round: 4,
        stage: 'final',
        date: '2026-05-30',
        time: '18:00',
        home: 'N.N.',
        away: 'N.N.',
        homeUnknown: true,
        awayUnknown: true,
      },
    ]);
  });

  const error = (txt: string) => {
    try {
      parseFootballTxt(txt);
    } catch (err) {
      if (err instanceof SeasonFileError) return err.message;
    }
    throw new Error('expected a SeasonFileError');
  };
  const ko = '» Finals, Round of 16\n  Tue Mar/17 2026\n';

  test.each([
    [
      `${ko}    21.00  A FC v B FC  4-3 pen. 1-1 (0-0)`,
      'Line 3: a score with penalties but no extra time (write it as "5-3 pen. 1-1 a.e.t. (1-1, 0-0)"): "21.00  A FC v B FC  4-3 pen. 1-1 (0-0)"',
    ],
    [
      `${ko}    21.00  A FC v B FC  3-2 a.e.t.`,
      'Line 3: a score after extra time needs the score after 90 minutes in brackets: "3-2 a.e.t. (3-0, 1-0)": "21.00  A FC v B FC  3-2 a.e.t."',
    ],
    [
      `${ko}    21.00  A FC v B FC  3-2 (3-0, 1-0)`,
      'Line 3: two scores in brackets without a.e.t.: "21.00  A FC v B FC  3-2 (3-0, 1-0)"',
    ],
    [`${ko}    21.00  N.N. v B FC  1-0`, 'Line 3: a result for a team not yet known: "21.00  N.N. v B FC  1-0"'],
    ['» Finals, Grand final\n', `Line 1: unknown round (known: ${KNOWN_ROUNDS}): "» Finals, Grand final"`],
    [`» Matchday 1\n${ko}`, 'Line 2: a stage heading among plain Matchday headings: "» Finals, Round of 16"'],
    [`${ko}» Matchday 2\n`, 'Line 3: a plain Matchday among stage headings: "» Matchday 2"'],
  ])('%j', (txt, message) => {
    expect(error(txt)).toBe(message);
  });

  test('the real Champions League file: 189 matches, 2 after extra time, the final without a result', () => {
    const { name, matches } = parseFootballTxt(fixture('seasons/champions-league-2025-26.txt'));
    expect(name).toBe('UEFA Champions League 2025/26');
    expect(matches).toHaveLength(189);
    expect(matches.filter((m) => m.stage === 'league-phase')).toHaveLength(144);
    expect(matches.filter((m) => m.extraTime).map((m) => [pair(m), m.result, m.extraTime])).toEqual([
      ['Juventus FC v Galatasaray SK', [3, 0], [3, 2]],
      ['Sporting Clube de Portugal v FK Bodø/Glimt', [3, 0], [5, 0]],
    ]);
    expect(matches.filter((m) => !m.result).map(pair)).toEqual(['Paris Saint-Germain FC v Arsenal FC']);
    expect(new Set(matches.flatMap((m) => [m.home, m.away]))).toContain('Qarabağ Ağdam FK');
  });
});
