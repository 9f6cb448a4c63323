import type { SeasonMatch } from './season.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const ROUND = /^»\s*Matchday\s+(\d+)\s*$/;
const DATE = /^\s+(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+([A-Z][a-z]{2})\/(\d{1,2})(?:\s+(\d{4}))?\s*$/;
const MATCH = /^\s+(?:(\d{1,2})\.(\d{2})\s+)?(\S.*?)\s+v\s+(\S.*?)(?:\s{2,}(\S.*))?$/;
const SCORE = /^(\d+)-(\d+)(?:\s+\(\d+-\d+\))?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Parses a Football.TXT season (openfootball/england): `» Matchday N` headings, date lines
 * (`Fri Aug/15 2025`; the year carries on and rolls over in January), and match lines
 * (`20.00  Home v Away  4-2 (1-0)`; a line without a time shares the previous one of that day;
 * `[postponed]` marks a match with no time yet). Throws with the line number on anything else.
 */
export function parseFootballTxt(text: string): SeasonMatch[] {
  const matches: SeasonMatch[] = [];
  let round: number | null = null;
  let year: number | null = null;
  let lastMonth = -1;
  let date: string | null = null;
  let time: string | null = null;
  const lines = text.split(/\r?\n/);
  for (const [i, rawLine] of lines.entries()) {
    const line = rawLine.replace(/\s+$/, '');
    const fail = (why: string) => new Error(`Line ${i + 1}: ${why}: "${line.trim()}"`);
    if (!line.trim() || line.startsWith('#') || line.startsWith('=')) continue;
    const r = ROUND.exec(line);
    if (r) {
      round = Number(r[1]);
      date = null;
      time = null;
      continue;
    }
    const d = DATE.exec(line);
    if (d) {
      const month = MONTHS.indexOf(d[2]!);
      if (month < 0) throw fail('unknown month');
      if (d[4]) year = Number(d[4]);
      else if (year !== null && month < lastMonth) year += 1;
      if (year === null) throw fail('a date before any year');
      lastMonth = month;
      date = `${year}-${pad(month + 1)}-${pad(Number(d[3]))}`;
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (WEEKDAYS[weekday] !== d[1]) throw fail(`${date} is not a ${d[1]}`);
      time = null;
      continue;
    }
    const m = MATCH.exec(line);
    if (m) {
      if (round === null) throw fail('a match before any Matchday heading');
      if (date === null) throw fail('a match before any date');
      if (m[1] !== undefined) time = `${pad(Number(m[1]))}:${m[2]}`;
      const rest = m[5]?.trim();
      const match: SeasonMatch = { round, date, time, home: m[3]!.trim(), away: m[4]!.trim() };
      if (rest === '[postponed]') {
        match.time = null;
        match.postponed = true;
      } else if (rest) {
        const s = SCORE.exec(rest);
        if (!s) throw fail('unreadable score');
        match.result = [Number(s[1]), Number(s[2])];
      }
      if (match.time === null) match.postponed = true;
      matches.push(match);
      continue;
    }
    throw fail('unreadable line');
  }
  return matches;
}
