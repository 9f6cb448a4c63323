/**
 * Converts openfootball's Football.TXT season (../shared/data/1-premierleague.txt, CC0) into the
 * project's own compact season file, src/server/features/season/season-2025-26.json.
 *
 *   npm run season:convert [-- <input.txt> [<output.json>]]
 *
 * Fails loudly (non-zero exit) unless the result is a full season: 380 matches in 38 rounds of 10,
 * every club playing once per round.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFootballTxt } from '../src/game/football-txt.js';
import { checkFullSeason, type SeasonFile } from '../src/game/season.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const input = path.resolve(process.argv[2] ?? path.join(root, '../shared/data/1-premierleague.txt'));
const output = path.resolve(process.argv[3] ?? path.join(root, 'src/server/features/season/season-2025-26.json'));

const text = fs.readFileSync(input, 'utf8');
const title = /^=\s*(.+)$/m.exec(text)?.[1]?.trim() ?? 'English Premier League 2025/26';
const matches = parseFootballTxt(text).sort(
  (a, b) => a.round - b.round || a.date.localeCompare(b.date) || (a.time ?? '99:99').localeCompare(b.time ?? '99:99'),
);
const problems = checkFullSeason(matches);
if (problems.length) {
  console.error(`Not a full season:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const season: SeasonFile = {
  name: title,
  league: 'Premier League',
  timeZone: 'Europe/London',
  source: 'openfootball/england 2025-26/1-premierleague.txt (CC0 1.0), converted by scripts/convert-season.ts',
  matches,
};
// One match per line keeps the file small and its diffs readable.
const body = matches.map((m) => `    ${JSON.stringify(m)}`).join(',\n');
const header = JSON.stringify({ ...season, matches: [] }, null, 2).replace(/"matches": \[\]\n}$/, '');
fs.writeFileSync(output, `${header}"matches": [\n${body}\n  ]\n}\n`);
const played = matches.filter((m) => m.result).length;
const postponed = matches.filter((m) => m.postponed).length;
console.log(`Wrote ${path.relative(process.cwd(), output)}: ${matches.length} matches, ${played} results, ${postponed} postponed.`);
