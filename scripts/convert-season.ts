/**
 * Converts openfootball season files (Football.TXT in either syntax, or football.json; CC0) into
 * the project's own format (src/server/season-files/season-format.ts):
 *
 *   npm run season:convert                       # every ../shared/data/seasons/*.txt, and the
 *                                                # competitions in ../shared/data/competitions
 *   npm run season:convert -- <file> [<file>…]   # files named after their season: 2026-27.txt,
 *                                                # champions-league-2025-26.txt, world-cup-2026.json
 *   npm run season:convert -- --check            # fail if the committed files are not what the inputs give
 *
 * The name says the competition: a bare season (`2026-27`) is the Premier League, in UK time;
 * `champions-league-…` the Champions League, in Central European time; `world-cup-…` the World
 * Cup, whose kick-offs carry their own UTC offsets.
 * For each input it writes src/server/season-files/builtin/<season>.json and copies the input,
 * byte for byte, to src/server/season-files/fixtures/seasons/ (the parser tests and the
 * "built-in files match their source" test read that copy; tests never read ../shared).
 * Clubs are looked up in builtin/clubs.json, which is edited by hand. Deterministic: the same
 * inputs always give the same files. Fails (non-zero exit) on any unreadable line, structural
 * error or unknown club; "not a full season" is printed as a warning.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  competitionOfSeasonKey,
  formatSeasonFile,
  seasonKeyFromFileName,
  toOwnSeason,
  upstreamSource,
} from '../src/server/season-files/convert.js';
import { parseSeasonFile } from '../src/server/season-files/parse-season-file.js';
import { loadClubCatalogue } from '../src/server/season-files/season-format.js';
import type { ParsedMatch } from '../src/server/season-files/types.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filesDir = path.join(root, 'src/server/season-files');
const builtinDir = path.join(filesDir, 'builtin');
const fixturesDir = path.join(filesDir, 'fixtures/seasons');
const defaultInputs = path.join(root, '../shared/data/seasons');
const competitionInputs = path.join(root, '../shared/data/competitions');
const SEASON_FILE = /^(?:[a-z]+(?:-[a-z]+)*-)?\d{4}(?:-\d{2})?\.(txt|json)$/;

const args = process.argv.slice(2);
const check = args.includes('--check');
let inputs = args.filter((a) => a !== '--check').map((a) => path.resolve(a));
if (!inputs.length) {
  if (!fs.existsSync(defaultInputs)) {
    console.error(`No input files given and ${defaultInputs} does not exist.`);
    process.exit(1);
  }
  inputs = [defaultInputs, competitionInputs]
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((f) => SEASON_FILE.test(f))
        .sort()
        .map((f) => path.join(dir, f)),
    );
}

const catalogue = loadClubCatalogue(
  JSON.parse(fs.readFileSync(path.join(builtinDir, 'clubs.json'), 'utf8')),
  'builtin/clubs.json',
);
let failed = false;
for (const input of inputs) {
  const fileName = path.basename(input);
  const seasonKey = seasonKeyFromFileName(fileName);
  const competition = seasonKey ? competitionOfSeasonKey(seasonKey) : null;
  if (!seasonKey || !competition) {
    console.error(`${fileName}: name the file after its season, like 2026-27.txt or champions-league-2025-26.txt`);
    failed = true;
    continue;
  }
  const raw = fs.readFileSync(input);
  const parsed = parseSeasonFile(raw.toString('utf8'), fileName);
  if (!parsed.ok) {
    console.error(`${fileName}: ${parsed.message}`);
    failed = true;
    continue;
  }
  for (const w of parsed.warnings) console.warn(`${fileName}: warning: ${w}`);
  let text: string;
  try {
    const season = toOwnSeason(
      { format: parsed.format, name: parsed.name, matches: parsed.matches },
      {
        seasonKey,
        competition,
        catalogue,
        source: upstreamSource(seasonKey, parsed.format),
      },
    );
    text = formatSeasonFile(season);
  } catch (err) {
    console.error(`${fileName}: ${(err as Error).message}`);
    failed = true;
    continue;
  }
  const output = path.join(builtinDir, `${seasonKey}.json`);
  const fixture = path.join(fixturesDir, fileName);
  if (check) {
    const same =
      fs.existsSync(output) &&
      fs.readFileSync(output, 'utf8') === text &&
      fs.existsSync(fixture) &&
      fs.readFileSync(fixture).equals(raw);
    console.log(`${fileName}: ${same ? 'up to date' : 'OUT OF DATE (run npm run season:convert)'}`);
    if (!same) failed = true;
    continue;
  }
  fs.mkdirSync(fixturesDir, { recursive: true });
  fs.writeFileSync(output, text);
  fs.writeFileSync(fixture, raw);
  const matches = parsed.matches;
  const count = (f: (m: ParsedMatch) => unknown) => matches.filter(f).length;
  const knockout = count((m) => m.extraTime)
    ? `, ${count((m) => m.extraTime)} to extra time, ${count((m) => m.penalties)} to penalties`
    : '';
  console.log(
    `${fileName} → ${path.relative(root, output)}: ${parsed.matches.length} matches, ${count((m) => m.result)} results, ${count((m) => m.postponed)} postponed${knockout}.`,
  );
}
process.exit(failed ? 1 : 0);
