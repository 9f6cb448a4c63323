import { dayNumber, isClockTime, weekdayOf } from '../../game/dates.js';
import { roundNumber } from './round-number.js';
import { SCORE_MAX, SeasonFileError, TEAM_NAME_MAX, type ParsedMatch, type ParsedSeason } from './types.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Longer lines are refused before any pattern runs on them (a hostile upload costs nothing). */
const LINE_MAX = 300;

// `» Matchday 1` (older) or `▪ Matchday 1` (newer).
const ROUND = /^[»▪]\s*(\S.*)$/;
// `Fri Aug/15 2025` (older) or `Fri Aug 15 2025` (newer); the year only where it changes.
const DATE = /^\s*\[?(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+([A-Z][a-z]{2})[/ ](\d{1,2})(?:\s+(\d{4}))?\]?$/;
// `20.00  Home v Away  4-2 (1-0)`; the time, score and status are optional.
const MATCH = /^\s*(?:(\d{1,2})[.:](\d{2})\s+)?(\S.*?)\s+v\s+(\S.*)$/;
// What may follow the away team: a score with optional half-time, or a status in brackets.
const TAIL = /^(.*?)\s+(?:(\d{1,3})-(\d{1,3})(?:\s+\((\d{1,3})-(\d{1,3})\))?|\[([^\]]*)\])$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Reads a Football.TXT season (openfootball/england), in either syntax:
 *
 *     = English Premier League 2025/26          (title)       # comments are skipped
 *     » Matchday 1        or  ▪ Matchday 1      (a round; a heading may come back later, e.g. for a moved match)
 *       Fri Aug/15 2025   or    Fri Aug 15 2025 (a date; the year only where it changes)
 *         20.00  Liverpool FC  v AFC Bournemouth  4-2 (1-0)     or  20:00 …
 *                Chelsea FC    v Crystal Palace FC               (no time: shares the one above, same day)
 *                AFC Bournemouth v Manchester City FC [postponed]
 *
 * A date without a year takes the year that puts it nearest the previous date (so December →
 * January rolls over, and an out-of-order date does not), and its weekday must be right.
 * A match with no time at all on its day, or marked `[postponed]`, has no slot (`time: null`,
 * `postponed`). Anything else throws a SeasonFileError naming the line.
 */
export function parseFootballTxt(text: string): ParsedSeason {
  const matches: ParsedMatch[] = [];
  let name: string | null = null;
  let round: number | null = null;
  let lastDate: string | null = null;
  let date: string | null = null;
  let time: string | null = null;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);

  for (const [i, rawLine] of lines.entries()) {
    const lineNo = i + 1;
    const line = rawLine.replace(/\s+$/, '');
    const fail = (why: string): never => {
      const shown = line.trim().length > 60 ? `${line.trim().slice(0, 60)}…` : line.trim();
      throw new SeasonFileError(`Line ${lineNo}: ${why}: "${shown}"`, { line: lineNo });
    };
    if (line.length > LINE_MAX) fail(`longer than ${LINE_MAX} characters`);
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('=')) {
      name ??= trimmed.replace(/^=+\s*/, '') || null;
      continue;
    }

    const r = ROUND.exec(trimmed);
    if (r) {
      round = roundNumber(r[1]);
      if (round === null || round < 1) fail('a round heading without a round number');
      date = null;
      time = null;
      continue;
    }

    const d = DATE.exec(line);
    if (d) {
      const [, weekday, monthName, dayText, yearText] = d;
      const month = MONTHS.indexOf(monthName!);
      if (month < 0) fail(`unknown month "${monthName}"`);
      const day = Number(dayText);
      const candidates = yearText ? [Number(yearText)] : lastDate ? nearbyYears(lastDate) : [];
      if (!candidates.length) fail('a date without a year before any year is given');
      const options = candidates.map((y) => `${y}-${pad(month + 1)}-${pad(day)}`);
      const valid = options.filter((o) => new Date(`${o}T00:00:00Z`).getUTCDate() === day);
      if (!valid.length) fail('no such date');
      // Nearest to the previous date line (a given year has exactly one option).
      const previous = lastDate;
      const distance = (o: string) => (previous ? Math.abs(dayNumber(o) - dayNumber(previous)) : 0);
      const chosen: string = valid.reduce((a, b) => (distance(b) < distance(a) ? b : a));
      if (weekdayOf(chosen) !== weekday) fail(`${chosen} is a ${weekdayOf(chosen)}, not a ${weekday}`);
      date = chosen;
      lastDate = chosen;
      time = null;
      continue;
    }

    const m = MATCH.exec(line);
    if (m) {
      if (round === null) fail('a match before any Matchday heading');
      if (date === null) fail('a match before any date');
      const [, hh, mm, homeText, rest] = m;
      if (hh !== undefined) {
        const t = `${pad(Number(hh))}:${mm}`;
        if (!isClockTime(t)) fail(`"${hh}.${mm}" is not a time of day`);
        time = t;
      }
      const tail = TAIL.exec(rest!);
      const away = (tail ? tail[1]! : rest!).trim();
      const home = homeText!.trim();
      // Columns are two or more spaces apart, so a gap inside the away team is an unread score or note.
      if (/\s{2,}/.test(away)) fail('unreadable score or note after the away team');
      if (/\s{2,}/.test(home)) fail('unreadable home team');
      if (home.length > TEAM_NAME_MAX || away.length > TEAM_NAME_MAX) fail(`a team name longer than ${TEAM_NAME_MAX} characters`);
      if (home === away) fail('a club cannot play itself');
      const match: ParsedMatch = { round: round!, date: date!, time, home, away, where: `Line ${lineNo}` };
      if (tail?.[6] !== undefined) {
        if (tail[6].trim().toLowerCase() !== 'postponed') fail(`unknown status [${tail[6]}] (only [postponed] is understood)`);
        match.time = null;
        match.postponed = true;
      } else if (tail) {
        const [h, a] = [Number(tail[2]), Number(tail[3])];
        if (h > SCORE_MAX || a > SCORE_MAX) fail(`a score above ${SCORE_MAX}`);
        match.result = [h, a];
        if (tail[4] !== undefined) match.halfTime = [Number(tail[4]), Number(tail[5])];
      }
      if (match.time === null) match.postponed = true;
      matches.push(match);
      continue;
    }
    fail(/\bv\b/.test(line) ? 'unreadable match' : 'neither a round, a date nor a match');
  }
  if (!matches.length) throw new SeasonFileError('The file has no matches.');
  return { format: 'football-txt', name, matches };
}

/** The previous date's year and the ones either side of it. */
function nearbyYears(previous: string): number[] {
  const y = Number(previous.slice(0, 4));
  return [y - 1, y, y + 1];
}
