import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseOpenfootballJson } from './parse-openfootball-json.js';
import { isPlaceholderTeam } from './placeholder-team.js';
import { KNOWN_ROUNDS, readRoundHeading } from './round-heading.js';
import { roundNumber } from './round-number.js';
import { SeasonFileError } from './types.js';

const realJson = fs.readFileSync(new URL('./fixtures/older/en.1.json', import.meta.url), 'utf8');
const ok = {
  name: 'S',
  matches: [
    {
      round: 'Matchday 1',
      date: '2025-08-15',
      time: '20:00',
      team1: 'Liverpool FC',
      team2: 'AFC Bournemouth',
      score: { ht: [1, 0], ft: [4, 2] },
    },
  ],
};

/** The error a broken file gives (the test fails if it parses). */
function errorOf(text: string, opts = {}): SeasonFileError {
  try {
    parseOpenfootballJson(text, opts);
  } catch (err) {
    if (err instanceof SeasonFileError) return err;
    throw err;
  }
  throw new Error('expected a SeasonFileError');
}

describe('the real upstream en.1.json', () => {
  const season = parseOpenfootballJson(realJson);

  test('380 matches, 291 full-time scores, the one postponed match without a time', () => {
    expect(season.format).toBe('openfootball-json');
    expect(season.name).toBe('English Premier League 2025/26');
    expect(season.matches).toHaveLength(380);
    expect(season.matches.filter((m) => m.result)).toHaveLength(291);
    expect(season.matches.filter((m) => m.postponed).map((m) => [m.round, m.date, m.time, m.home, m.away])).toEqual([
      [31, '2026-03-21', null, 'Manchester City FC', 'Crystal Palace FC'],
    ]);
    expect(season.matches[0]).toEqual({
      round: 1,
      date: '2025-08-15',
      time: '20:00',
      home: 'Liverpool FC',
      away: 'AFC Bournemouth',
      result: [4, 2],
      halfTime: [1, 0],
      where: 'Match 1',
    });
  });
});

describe('small files', () => {
  test('reads results, half-times, postponed matches and any round number', () => {
    const file = {
      ...ok,
      matches: [
        ...ok.matches,
        {
          round: 'Matchday 31',
          date: '2026-04-11',
          team1: 'Manchester City FC',
          team2: 'Crystal Palace FC',
          status: 'postponed',
        },
        {
          round: 'Round 46',
          date: '2027-05-08',
          time: '12:30',
          team1: 'Hull City AFC',
          team2: 'Ipswich Town FC',
          score: {},
        },
      ],
    };
    expect(parseOpenfootballJson(JSON.stringify(file)).matches).toEqual([
      {
        round: 1,
        date: '2025-08-15',
        time: '20:00',
        home: 'Liverpool FC',
        away: 'AFC Bournemouth',
        result: [4, 2],
        halfTime: [1, 0],
        where: 'Match 1',
      },
      {
        round: 31,
        date: '2026-04-11',
        time: null,
        home: 'Manchester City FC',
        away: 'Crystal Palace FC',
        postponed: true,
        where: 'Match 2',
      },
      {
        round: 46,
        date: '2027-05-08',
        time: '12:30',
        home: 'Hull City AFC',
        away: 'Ipswich Town FC',
        where: 'Match 3',
      },
    ]);
  });

  test('a file without a name has none (the caller picks a fallback)', () => {
    expect(parseOpenfootballJson(JSON.stringify({ matches: ok.matches })).name).toBeNull();
  });
});

describe('broken files: the JSON line, or the match number, teams and field', () => {
  test('bad JSON names the line', () => {
    const err = errorOf('{\n  "matches": [\n    {,}\n  ]\n}');
    expect(err.message).toBe('The file is not valid JSON (line 3).');
    expect(err.line).toBe(3);
  });

  test.each([
    [
      { round: 'Matchday 1', date: '2025-13-45', time: '15:00', team1: 'Arsenal FC', team2: 'Chelsea FC' },
      'Match 2 (Arsenal FC v Chelsea FC): "date" must be a date as YYYY-MM-DD.',
    ],
    [{ ...ok.matches[0], time: '8pm' }, 'Match 2 (Liverpool FC v AFC Bournemouth): "time" must be a time as HH:MM.'],
    [
      { ...ok.matches[0], round: 'Grand final' },
      `Match 2 (Liverpool FC v AFC Bournemouth): "round" must be a round such as ${KNOWN_ROUNDS}.`,
    ],
    [
      { ...ok.matches[0], team2: 'Liverpool FC' },
      'Match 2 (Liverpool FC v Liverpool FC): "team2" must differ from the home team.',
    ],
    [{ ...ok.matches[0], team1: '' }, 'Match 2 ( v AFC Bournemouth): "team1" must name the home team.'],
    [
      { ...ok.matches[0], score: { ft: [4] } },
      'Match 2 (Liverpool FC v AFC Bournemouth): "score.ft" must be two whole numbers from 0 to 99.',
    ],
    [
      { ...ok.matches[0], score: { ft: [4, 2], ht: [-1, 0] } },
      'Match 2 (Liverpool FC v AFC Bournemouth): "score.ht" must be two whole numbers from 0 to 99.',
    ],
    [{ ...ok.matches[0], status: 7 }, 'Match 2 (Liverpool FC v AFC Bournemouth): "status" must be text.'],
    ['a string', 'Match 2: must be an object.'],
  ])('%j', (second, message) => {
    const err = errorOf(JSON.stringify({ matches: [ok.matches[0], second] }));
    expect(err.message).toBe(message);
    expect(err.match).toBe(2);
  });

  test('the file as a whole', () => {
    expect(errorOf(JSON.stringify({ fixtures: [] })).message).toBe('The file must have a "matches" list.');
    expect(errorOf(JSON.stringify([1, 2])).message).toBe('The file must be a JSON object with a "matches" list.');
    expect(errorOf(JSON.stringify({ matches: [] })).message).toBe('The file has no matches.');
  });

  test('a highest round, when the caller has one', () => {
    const file = JSON.stringify({ matches: [{ ...ok.matches[0], round: 'Matchday 39' }] });
    expect(errorOf(file, { maxRound: 38 }).message).toBe(
      'Match 1 (Liverpool FC v AFC Bournemouth): "round" must be Matchday 1 to 38.',
    );
    expect(parseOpenfootballJson(file).matches[0]!.round).toBe(39);
  });
});

test('round names', () => {
  expect(roundNumber('Matchday 12')).toBe(12);
  expect(roundNumber('Round 3')).toBe(3);
  expect(roundNumber('gameweek 7')).toBe(7);
  expect(roundNumber(7)).toBe(7);
  expect(roundNumber(7.5)).toBeNull();
  expect(roundNumber('Final')).toBeNull();
  expect(roundNumber('Matchday 1000')).toBeNull();
});

describe('competitions: offsets, groups, knockout rounds, extra time and penalties', () => {
  const wc = {
    name: 'World Cup 2026',
    matches: [
      {
        round: 'Matchday 1',
        num: 1,
        date: '2026-06-11',
        time: '13:00 UTC-6',
        team1: 'Mexico',
        team2: 'South Africa',
        score: { ft: [2, 0], ht: [1, 0] },
        group: 'Group A',
      },
      {
        round: 'Round of 32',
        num: 74,
        date: '2026-06-29',
        time: '16:30 UTC-4',
        team1: 'Germany',
        team2: 'Paraguay',
        score: { p: [3, 4], et: [1, 1], ft: [1, 1], ht: [0, 1] },
      },
      { round: 'Final', num: 104, date: '2026-07-19', time: '15:00 UTC-4', team1: 'W101', team2: 'W102' },
    ],
  };

  test('the offset, group, match number, extra time, shoot-out; knockout rounds after the last matchday', () => {
    const { matches } = parseOpenfootballJson(JSON.stringify(wc));
    expect(matches.map(({ where: _w, ...m }) => m)).toEqual([
      {
        round: 1,
        stage: 'group',
        stageRound: 1,
        group: 'Group A',
        number: 1,
        date: '2026-06-11',
        time: '13:00',
        utcOffset: '-06:00',
        home: 'Mexico',
        away: 'South Africa',
        result: [2, 0],
        halfTime: [1, 0],
      },
      {
        round: 2,
        stage: 'round-of-32',
        number: 74,
        date: '2026-06-29',
        time: '16:30',
        utcOffset: '-04:00',
        home: 'Germany',
        away: 'Paraguay',
        result: [1, 1],
        halfTime: [0, 1],
        extraTime: [1, 1],
        penalties: [3, 4],
      },
      {
        round: 3,
        stage: 'final',
        number: 104,
        date: '2026-07-19',
        time: '15:00',
        utcOffset: '-04:00',
        home: 'W101',
        away: 'W102',
        homeUnknown: true,
        awayUnknown: true,
      },
    ]);
  });

  const withSecond = (second: Record<string, unknown>) =>
    errorOf(JSON.stringify({ matches: [wc.matches[0], { ...wc.matches[1], ...second }] })).message;

  test.each([
    [
      { score: { p: [3, 4], ft: [1, 1] } },
      'Match 2 (Germany v Paraguay): "score.p" is a penalty shoot-out without extra time: a shoot-out comes after extra time ("et").',
    ],
    [
      { score: { et: [2, 1] } },
      'Match 2 (Germany v Paraguay): "score.et" needs the score after 90 minutes ("ft") as well.',
    ],
    [
      { time: '16:30' },
      'Match 2 (Germany v Paraguay): "time" has no UTC offset, though other kick-offs in the file have one: write it as "13:00 UTC-6".',
    ],
    [
      { time: '16:30 EDT' },
      'Match 2 (Germany v Paraguay): "time" must be a time as HH:MM, with its offset from UTC written as "13:00 UTC-6".',
    ],
    [{ round: 'Round of 64' }, `Match 2 (Germany v Paraguay): "round" must be a round such as ${KNOWN_ROUNDS}.`],
    [{ team1: 'W73', team2: 'W75' }, 'Match 2 (W73 v W75): "score" is given for a team not yet known.'],
  ])('%j', (second, message) => {
    expect(withSecond(second)).toBe(message);
  });

  test('the real World Cup file: 104 matches, 9 to extra time, 4 to penalties, the final 0-0 then 1-0', () => {
    const text = fs.readFileSync(new URL('./fixtures/seasons/world-cup-2026.json', import.meta.url), 'utf8');
    const { matches } = parseOpenfootballJson(text);
    expect(matches).toHaveLength(104);
    expect(matches.filter((m) => m.extraTime)).toHaveLength(9);
    expect(matches.filter((m) => m.penalties)).toHaveLength(4);
    expect(matches.every((m) => m.utcOffset !== undefined)).toBe(true);
    expect(matches.filter((m) => m.group)).toHaveLength(72);
    expect(matches.at(-1)).toMatchObject({
      stage: 'final',
      home: 'Spain',
      away: 'Argentina',
      result: [0, 0],
      extraTime: [1, 0],
    });
  });
});

test('stage names and placeholders, as upstream files write them', () => {
  expect(readRoundHeading('Matchday 3')).toEqual({ number: 3 });
  expect(readRoundHeading('League, Matchday 8')).toEqual({ stage: 'league-phase', number: 8 });
  expect(readRoundHeading('Playoffs, Matchday 2')).toEqual({ stage: 'play-offs', number: 2 });
  expect(readRoundHeading('Finals, Round of 16')).toEqual({ stage: 'round-of-16' });
  expect(readRoundHeading('Quarter-final')).toEqual({ stage: 'quarter-finals' });
  expect(readRoundHeading('Semifinals')).toEqual({ stage: 'semi-finals' });
  expect(readRoundHeading('Match for third place')).toEqual({ stage: 'third-place' });
  expect(readRoundHeading('Final')).toEqual({ stage: 'final' });
  for (const unknown of ['Grand final', 'League', 'Round of 64', 'Finals, Matchday 1', 'x'.repeat(100)])
    expect(readRoundHeading(unknown), unknown).toBeNull();
  for (const name of ['N.N.', 'W74', 'L101', 'Winner of match 74', '1A', '3A/B/C/D/F', 'Winner Group A'])
    expect(isPlaceholderTeam(name), name).toBe(true);
  for (const name of ['Arsenal FC', 'USA', 'FK Bodø/Glimt', 'Bayer 04 Leverkusen'])
    expect(isPlaceholderTeam(name), name).toBe(false);
});
