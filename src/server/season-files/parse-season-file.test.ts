import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { detectSeasonFormat, parseSeasonFile } from './parse-season-file.js';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('format detection', () => {
  test('by the file name, else by the content', () => {
    expect(detectSeasonFormat('» Matchday 1', 'x.JSON')).toBe('openfootball-json');
    expect(detectSeasonFormat('{', 'season.txt')).toBe('football-txt');
    expect(detectSeasonFormat('\uFEFF  {"matches": []}')).toBe('openfootball-json');
    expect(detectSeasonFormat('= English Premier League')).toBe('football-txt');
  });
});

describe('every real file reads as a structurally sound, full season', () => {
  test.each([
    ['seasons/2025-26.txt', 'football-txt', 380],
    ['seasons/2026-27.txt', 'football-txt', 20],
    ['older/1-premierleague.txt', 'football-txt', 339],
    ['older/en.1.json', 'openfootball-json', 291],
  ])('%s', (name, format, results) => {
    const parsed = parseSeasonFile(fixture(name), name.split('/').pop());
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.format).toBe(format);
    expect(parsed.matches).toHaveLength(380);
    expect(parsed.matches.filter((m) => m.result)).toHaveLength(results);
    expect(parsed.warnings).toEqual([]);
  });
});

describe('checked whole', () => {
  const txt = (...lines: string[]) => ['= Test 2030/31', '▪ Matchday 1', '  Sat Aug 3 2030', ...lines].join('\n');

  test('a club twice in one round fails, naming both lines', () => {
    const parsed = parseSeasonFile(txt('    15:00  A v B', '           C v A'));
    expect(parsed).toEqual({
      ok: false,
      format: 'football-txt',
      message: 'Line 5: A plays twice in Matchday 1 (A v B, line 4, and C v A).',
    });
  });

  test('the same pairing twice fails; several problems say how many more there are', () => {
    const parsed = parseSeasonFile(
      txt(
        '    15:00  A v B',
        '▪ Matchday 2',
        '  Sat Aug 10',
        '    15:00  A v B',
        '▪ Matchday 3',
        '  Sat Aug 17',
        '    15:00  A v B',
      ),
    );
    expect(parsed).toMatchObject({
      ok: false,
      message: 'Line 7: A v B appears twice (also Matchday 1, line 4), and 1 more problem.',
    });
  });

  test('a JSON problem carries its match number, a TXT one its line', () => {
    expect(parseSeasonFile('{"matches":[{"round":1,"date":"x","team1":"A","team2":"B"}]}')).toEqual({
      ok: false,
      format: 'openfootball-json',
      message: 'Match 1 (A v B): "date" must be a date as YYYY-MM-DD.',
      match: 1,
    });
    expect(parseSeasonFile(txt('    15:00  A v B', '  nonsense'))).toEqual({
      ok: false,
      format: 'football-txt',
      message: 'Line 5: neither a round, a date nor a match: "nonsense"',
      line: 5,
    });
  });

  test('a partial season is accepted with warnings; a title is kept, or a fallback given', () => {
    const parsed = parseSeasonFile(txt('    15:00  A v B', '           C v D  1-0'));
    expect(parsed).toMatchObject({
      ok: true,
      name: 'Test 2030/31',
      warnings: ['2 matches; a full season of 4 clubs has 12', '1 rounds; a full season of 4 clubs has 6'],
    });
    expect(parseSeasonFile('{"matches":[{"round":1,"date":"2030-08-03","team1":"A","team2":"B"}]}')).toMatchObject({
      ok: true,
      name: 'Imported season',
    });
  });

  test('a highest round applies to both formats', () => {
    expect(
      parseSeasonFile(txt('    15:00  A v B').replace('Matchday 1', 'Matchday 39'), undefined, { maxRound: 38 }),
    ).toEqual({
      ok: false,
      format: 'football-txt',
      message: 'Line 4: Matchday 39 is after the last round (38).',
    });
  });
});
