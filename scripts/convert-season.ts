/**
 * Converts openfootball season files (Football.TXT in either syntax, or football.json; CC0) into
 * the project's own format (src/server/season-files/season-format.ts):
 *
 *   npm run season:convert                       # every ../shared/data/seasons/*.txt
 *   npm run season:convert -- <file> [<file>…]   # files named like 2026-27.txt or 2026-27.json
 *   npm run season:convert -- --check            # fail if the committed files are not what the inputs give
 *
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
  formatSeasonFile,
  PREMIER_LEAGUE,
  seasonKeyFromFileName,
  toOwnSeason,
} from '../src/server/season-files/convert.js';
import { parseSeasonFile } from '../src/server/season-files/parse-season-file.js';
import { loadClubCatalogue } from '../src/server/season-files/season-format.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filesDir = path.join(root, 'src/server/season-files');
const builtinDir = path.join(filesDir, 'builtin');
const fixturesDir = path.join(filesDir, 'fixtures/seasons');
const defaultInputs = path.join(root, '../shared/data/seasons');

const args = process.argv.slice(2);
const check = args.includes('--check');
let inputs = args.filter((a) => a !== '--check').map((a) => path.resolve(a));
if (!inputs.length) {
  if (!fs.existsSync(defaultInputs)) {
    console.error(`No input files given and ${defaultInputs} does not exist.`);
    process.exit(1);
  }
  inputs = fs
    .readdirSync(defaultInputs)
    .filter((f) => /^\d{4}-\d{2}\.(txt|json)$/.test(f))
    .sort()
    .map((f) => path.join(defaultInputs, f));
}

const catalogue = loadClubCatalogue(
  JSON.parse(fs.readFileSync(path.join(builtinDir, 'clubs.json'), 'utf8')),
  'builtin/clubs.json',
);
let failed = false;
for (const input of inputs) {
  const fileName = path.basename(input);
  const seasonKey = seasonKeyFromFileName(fileName);
  if (!seasonKey) {
    console.error(`${fileName}: name the file after its season, like 2026-27.txt`);
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
  const repo = parsed.format === 'football-txt' ? 'openfootball/england' : 'openfootball/football.json';
  const upstreamPath = parsed.format === 'football-txt' ? `${seasonKey}/1-premierleague.txt` : `${seasonKey}/en.1.json`;
  let text: string;
  try {
    const season = toOwnSeason(
      { format: parsed.format, name: parsed.name, matches: parsed.matches },
      {
        seasonKey,
        competition: PREMIER_LEAGUE,
        catalogue,
        source: `${repo} ${upstreamPath} (CC0 1.0), converted by scripts/convert-season.ts`,
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
  const played = parsed.matches.filter((m) => m.result).length;
  const postponed = parsed.matches.filter((m) => m.postponed).length;
  console.log(
    `${fileName} → ${path.relative(root, output)}: ${parsed.matches.length} matches, ${played} results, ${postponed} postponed.`,
  );
}
process.exit(failed ? 1 : 0);
