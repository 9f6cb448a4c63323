import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { exec, FIELD_MAX, measureSteps } from './bounded.js';
import { endParseWorkers, parseSeasonFileOffThread } from './parse-off-thread.js';
import { parseSeasonFile } from './parse-season-file.js';

/**
 * Hostile season files (an admin's upload, or a feed anyone on its path can rewrite) cost work
 * in proportion to their length and never stop the server: decision 0052. Two measures, never a
 * clock in the test: the parsers' step meter (every character a scan examines and every text
 * handed to a pattern), and the worker's own time limit, which stops a read that runs long.
 */

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Steps allowed per character of the file, plus a little per file (the real seasons take about 3). */
const STEPS_PER_CHAR = 8;
const STEPS_PER_FILE = 64;
const withinSteps = (text: string, steps: number) => steps <= STEPS_PER_CHAR * text.length + STEPS_PER_FILE;

// Long runs of the characters every pattern and scan cares about.
const RUN_CHARS = [
  ' ',
  '\t',
  '\u00a0',
  '\r',
  '0',
  '9',
  '-',
  '.',
  ':',
  'v',
  'V',
  '[',
  ']',
  '(',
  ')',
  '»',
  '▪',
  '=',
  '#',
  'a',
  '{',
  '"',
  ',',
];
const run = (max: number) =>
  fc.tuple(fc.constantFrom(...RUN_CHARS), fc.integer({ min: 1, max })).map(([c, n]) => c.repeat(n));
// Pieces of real lines, so that runs land inside dates, match lines, scores and statuses.
const piece = fc.constantFrom(
  '» Matchday 1',
  '▪ Matchday 12',
  '  Fri Aug/15 2025',
  '  Sat Aug 16',
  '    20.00  ',
  '12:30',
  'Liverpool FC',
  ' v ',
  'v',
  '  4-2 (1-0)',
  ' 1-0',
  '(0-0)',
  ' [postponed]',
  '[',
  ']',
  '= English Premier League 2025/26',
  '# note',
  '\n',
  '\r\n',
);
const noise = fc.string({ unit: 'binary', maxLength: 30 });
const txtFile = (maxRun: number) =>
  fc
    .tuple(fc.boolean(), fc.array(fc.oneof(run(maxRun), piece, piece, noise), { maxLength: 40 }))
    .map(([header, parts]) => (header ? '» Matchday 1\n  Fri Aug/15 2025\n' : '') + parts.join(''));

// openfootball JSON with hostile values where the parser reads fields.
const hostileValue = fc.oneof(
  run(20_000),
  noise,
  fc.integer(),
  fc.constant(null),
  fc.constantFrom('Matchday 1', '2025-08-15', '20:00', 'postponed'),
  fc.array(fc.integer(), { maxLength: 3 }),
);
const jsonMatch = fc.record(
  {
    round: hostileValue,
    date: hostileValue,
    time: hostileValue,
    team1: hostileValue,
    team2: hostileValue,
    score: fc.oneof(hostileValue, fc.record({ ft: hostileValue, ht: hostileValue })),
    status: hostileValue,
  },
  { requiredKeys: [] },
);
const jsonFile = fc
  .tuple(fc.option(hostileValue), fc.array(jsonMatch, { maxLength: 30 }), fc.integer({ min: 0, max: 200 }))
  .map(([name, matches, depth]) => JSON.stringify({ name, matches: [...matches, { round: `${'['.repeat(depth)}` }] }));

describe('the parsers take a bounded number of steps per character, whatever the file', () => {
  it('no pattern runs on text that was not bounded first (only bounded.ts calls a pattern)', () => {
    for (const file of [
      'parse-football-txt.ts',
      'parse-openfootball-json.ts',
      'parse-season-file.ts',
      'round-number.ts',
      'round-heading.ts',
      'placeholder-team.ts',
    ]) {
      const source = fs.readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      // A pattern method on anything but the helper: .exec( .test( .match( .matchAll( .replace( .split( .search(
      const direct = [...source.matchAll(/\.(exec|test|match|matchAll|replace|replaceAll|split|search)\(/g)].map(
        (m) => m[0],
      );
      expect(direct, file).toEqual([]);
    }
  });

  it('Football.TXT: random and adversarial files (long runs of spaces, tabs, digits, dashes, brackets)', () => {
    fc.assert(
      fc.property(txtFile(20_000), (text) => {
        const { result, steps } = measureSteps(() => parseSeasonFile(text, 'feed.txt'));
        expect(typeof result.ok).toBe('boolean');
        expect(withinSteps(text, steps), `${steps} steps for ${text.length} characters`).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('openfootball JSON: hostile values in every field the parser reads, and deep nesting', () => {
    fc.assert(
      fc.property(jsonFile, (text) => {
        const { result, steps } = measureSteps(() => parseSeasonFile(text, 'feed.json'));
        expect(typeof result.ok).toBe('boolean');
        expect(withinSteps(text, steps), `${steps} steps for ${text.length} characters`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the real seasons read in a few steps per character', () => {
    for (const [name, text] of [
      ['2025-26.txt', fixture('seasons/2025-26.txt')],
      ['1-premierleague.txt', fixture('older/1-premierleague.txt')],
      ['en.1.json', fixture('older/en.1.json')],
    ] as const) {
      const { result, steps } = measureSteps(() => parseSeasonFile(text, name));
      expect(result.ok, name).toBe(true);
      expect(withinSteps(text, steps), name).toBe(true);
    }
  });

  it('the meter sees the work: a file takes at least a step per character, and no pattern runs on more than FIELD_MAX', () => {
    const text = fixture('seasons/2025-26.txt');
    expect(measureSteps(() => parseSeasonFile(text, 'x.txt')).steps).toBeGreaterThan(text.length);
    expect(() => exec(/x/, 'x'.repeat(FIELD_MAX + 1))).toThrow(/bound the field first/);
  });
});

describe('in the worker, within its time limit', () => {
  afterAll(() => endParseWorkers());

  // The attacks as reported, and the largest files the server accepts (a feed may be 5 MB).
  const MB = 1024 * 1024;
  const examples: string[] = [
    `» Matchday 1\n  Fri Aug/15 2025\n${' '.repeat(200_000)}x\n`,
    `${' '.repeat(120_000)}\n`,
    JSON.stringify({ matches: [{ round: `${' '.repeat(80_000)}x`, date: '2025-08-15', team1: 'A', team2: 'B' }] }),
    `${' '.repeat(5 * MB - 2)}x`,
    '\n'.repeat(5 * MB),
    '#\n'.repeat(2.5 * MB),
    `${'['.repeat(2 * MB)}${']'.repeat(2 * MB)}`,
    JSON.stringify({
      matches: Array.from({ length: 6_000 }, (_, i) => ({
        round: `Matchday ${(i % 999) + 1}`,
        date: '2025-08-15',
        time: '15:00',
        team1: `Club ${i}`,
        team2: `Club ${i + 1}`,
      })),
    }),
    `» Matchday 1\n  Fri Aug/15 2025\n${'    20.00  A v B  4-2 (1-0)\n'.repeat(200_000)}`,
    `» Matchday 1\n  Fri Aug/15 2025\n    20.00  A ${'v '.repeat(140)}B\n`,
  ];

  it('every hostile file is read (or refused) before the limit stops it', async () => {
    const big = fc
      .tuple(fc.constantFrom(...RUN_CHARS), fc.integer({ min: 100_000, max: 2 * MB }), fc.boolean(), piece)
      .map(([c, n, header, tail]) => `${header ? '» Matchday 1\n  Fri Aug/15 2025\n' : ''}${c.repeat(n)}${tail}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof(big, txtFile(200_000)), fc.boolean(), async (text, asJson) => {
        const result = await parseSeasonFileOffThread(text, asJson ? 'feed.json' : 'feed.txt');
        expect('stopped' in result ? result.message : 'read').toBe('read');
      }),
      { numRuns: 20, examples: examples.map((text) => [text, text.trimStart().startsWith('{')]) },
    );
  }, 120_000);
});
