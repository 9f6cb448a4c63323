import { dayNumber, isClockTime, weekdayOf } from '../../game/dates.js';
import { exec, FIELD_MAX, isSpace, step } from './bounded.js';
import { isPlaceholderTeam } from './placeholder-team.js';
import { KNOWN_ROUNDS, readRoundHeading, type RoundHeading } from './round-heading.js';
import {
  MATCHES_MAX,
  SCORE_MAX,
  SEASON_NAME_MAX,
  SeasonFileError,
  TEAM_NAME_MAX,
  type ParsedMatch,
  type ParsedSeason,
} from './types.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Longer lines (trailing spaces included) are refused before anything else is done with them. */
const LINE_MAX = FIELD_MAX;

// `Fri Aug/15 2025` (older) or `Fri Aug 15 2025` (newer); the year only where it changes. Every
// quantifier is followed by something it cannot match, so the pattern never backtracks.
const DATE = /^\[?(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+([A-Z][a-z]{2})[/ ](\d{1,2})(?:\s+(\d{4}))?\]?$/;
// Single words of a match line.
const TIME = /^(\d{1,2})[.:](\d{2})$/;
const SCORE = /^(\d{1,3})-(\d{1,3})$/;
const HALF_TIME = /^\((\d{1,3})-(\d{1,3})\)$/;
const BRACKET_OPEN = /^\((\d{1,3})-(\d{1,3}),$/;
const BRACKET_CLOSE = /^(\d{1,3})-(\d{1,3})\)$/;
// `Arsenal FC (ENG)`: the country a club comes from, which names no other club.
const COUNTRY = / \([A-Z]{3}\)$/;
const V_WORD = /\bv\b/;

const pad = (n: number) => String(n).padStart(2, '0');

/** A word of a line: where it starts and ends, and how many spaces come before it. */
interface Word {
  start: number;
  end: number;
  gap: number;
}

/** The words of a (bounded, trimmed) line, in one pass. */
function wordsOf(line: string): Word[] {
  const words: Word[] = [];
  let gap = 0;
  for (let i = 0; i < line.length;) {
    if (isSpace(line.charCodeAt(i))) {
      gap++;
      i++;
      continue;
    }
    const start = i;
    while (i < line.length && !isSpace(line.charCodeAt(i))) i++;
    words.push({ start, end: i, gap });
    gap = 0;
  }
  step(line.length);
  return words;
}

/** What a match line says, read word by word (no pattern spans more than a word). */
interface MatchLine {
  hh?: string;
  mm?: string;
  home: string;
  homeHasGap: boolean;
  away: string;
  awayHasGap: boolean;
  score?: [number, number];
  halfTime?: [number, number];
  extraTime?: [number, number];
  penalties?: [number, number];
  status?: string;
  /** Why the score after the away team cannot be read (the line is then refused with it). */
  scoreProblem?: string;
}

/**
 * `[time]  Home v Away  [score [(half-time)] | [status]]`: the home team runs up to the first
 * word `v`; after the away team may come a score `4-2`, a half-time `(1-0)` after it, or a status
 * in brackets at the end of the line. Null when the line has no ` v ` between two teams.
 */
function readMatchLine(line: string): MatchLine | null {
  const words = wordsOf(line);
  const text = (w: Word) => line.slice(w.start, w.end);
  const span = (from: number, to: number) => line.slice(words[from]!.start, words[to]!.end);
  const gapInside = (from: number, to: number) => words.slice(from + 1, to + 1).some((w) => w.gap > 1);
  /** The first word `v` after at least one home word and before at least one away word. */
  const vAfter = (first: number) => {
    for (let k = first + 1; k < words.length - 1; k++) if (text(words[k]!) === 'v') return k;
    return -1;
  };
  if (words.length < 3) return null;
  const time = exec(TIME, text(words[0]!));
  // A leading time counts only when a home team still comes before the `v`.
  const timed = time !== null && vAfter(1) !== -1;
  const homeFrom = timed ? 1 : 0;
  const v = vAfter(homeFrom);
  if (v === -1) return null;
  const out: MatchLine = {
    ...(timed ? { hh: time[1]!, mm: time[2]! } : {}),
    home: span(homeFrom, v - 1),
    homeHasGap: gapInside(homeFrom, v - 1),
    away: '',
    awayHasGap: false,
  };
  const awayFrom = v + 1;
  let awayTo = words.length - 1;
  const status = statusAtEnd(line, words[awayFrom]!.start);
  if (status) {
    out.status = status.text;
    while (awayTo > awayFrom && words[awayTo]!.start >= status.open) awayTo--;
  } else {
    // The score starts at the first score-like word after the away team's first word.
    let first = -1;
    for (let k = awayFrom + 1; k <= awayTo && first === -1; k++) if (exec(SCORE, text(words[k]!))) first = k;
    if (first !== -1) {
      Object.assign(out, readScore(words.slice(first).map(text)));
      awayTo = first - 1;
    }
  }
  out.away = span(awayFrom, awayTo);
  out.awayHasGap = gapInside(awayFrom, awayTo);
  return out;
}

const pairOf = (m: RegExpExecArray): [number, number] => [Number(m[1]), Number(m[2])];

/**
 * The score words after the away team, in the forms openfootball writes:
 *
 *     4-2 | 4-2 (1-0)                                  after 90 minutes [half time]
 *     3-2 a.e.t. (3-0, 1-0)                            after extra time (after 90, half time)
 *     5-3 pen. 1-1 a.e.t. (1-1, 0-0) | 1-1 a.e.t. (1-1) 4-3 pen.   with a shoot-out, before or after
 *
 * A shoot-out needs extra time, and extra time the score after 90 minutes in brackets.
 */
function readScore(
  tokens: string[],
): Pick<MatchLine, 'score' | 'halfTime' | 'extraTime' | 'penalties' | 'scoreProblem'> {
  let i = 0;
  let penalties: [number, number] | undefined;
  const pen = () => {
    const p = tokens[i] !== undefined && tokens[i + 1] === 'pen.' ? exec(SCORE, tokens[i]!) : null;
    if (p && !penalties) {
      penalties = pairOf(p);
      i += 2;
    }
  };
  pen();
  const main = tokens[i] !== undefined ? exec(SCORE, tokens[i]!) : null;
  if (!main) return { scoreProblem: 'unreadable score or note after the away team' };
  i++;
  const aet = tokens[i] === 'a.e.t.';
  if (aet) i++;
  let bracket: [number, number][] = [];
  const one = tokens[i] !== undefined ? exec(HALF_TIME, tokens[i]!) : null;
  const open = tokens[i] !== undefined ? exec(BRACKET_OPEN, tokens[i]!) : null;
  const close = open && tokens[i + 1] !== undefined ? exec(BRACKET_CLOSE, tokens[i + 1]!) : null;
  if (one) {
    bracket = [pairOf(one)];
    i++;
  } else if (open && close) {
    bracket = [pairOf(open), pairOf(close)];
    i += 2;
  }
  pen();
  if (i !== tokens.length) return { scoreProblem: 'unreadable score or note after the away team' };
  if (penalties && !aet)
    return { scoreProblem: 'a score with penalties but no extra time (write it as "5-3 pen. 1-1 a.e.t. (1-1, 0-0)")' };
  if (!aet) {
    if (bracket.length === 2) return { scoreProblem: 'two scores in brackets without a.e.t.' };
    return { score: pairOf(main), ...(bracket[0] ? { halfTime: bracket[0] } : {}) };
  }
  if (!bracket[0])
    return {
      scoreProblem: 'a score after extra time needs the score after 90 minutes in brackets: "3-2 a.e.t. (3-0, 1-0)"',
    };
  return {
    score: bracket[0],
    extraTime: pairOf(main),
    ...(bracket[1] ? { halfTime: bracket[1] } : {}),
    ...(penalties ? { penalties } : {}),
  };
}

/**
 * A status in brackets that ends the line (`[postponed]`): the first `[` that begins a word after
 * the away team's first word and is followed by no `]` before the last character.
 */
function statusAtEnd(line: string, awayStart: number): { open: number; text: string } | null {
  const last = line.length - 1;
  if (line[last] !== ']') return null;
  const from = Math.max(awayStart + 1, line.lastIndexOf(']', last - 1) + 1);
  for (let i = from; i < last; i++) {
    if (line[i] === '[' && isSpace(line.charCodeAt(i - 1))) {
      step(i - from);
      return { open: i, text: line.slice(i + 1, last) };
    }
  }
  step(last - from);
  return null;
}

/** The text after a run of leading `=` and spaces (a title line). */
function titleOf(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === '=' || isSpace(line.charCodeAt(i)))) i++;
  step(i);
  return line.slice(i);
}

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
 * A competition's file names stages instead (openfootball/champions-league), and its scores may
 * go beyond 90 minutes; a club's country in brackets is dropped (one club in every competition):
 *
 *     » League, Matchday 1     » Playoffs, Matchday 2     » Finals, Round of 16     » Finals, Final
 *         21.00  Juventus FC (ITA) v Galatasaray SK (TUR)  3-2 a.e.t. (3-0, 1-0)
 *         21.00  A FC v B FC  5-3 pen. 1-1 a.e.t. (1-1, 0-0)       (or `1-1 a.e.t. (1-1) 5-3 pen.`)
 *         18.00  N.N. v N.N.                                        (teams not yet known)
 *
 * Stage headings are numbered in the order they first appear (`round`), with their `stage` and
 * matchday; the converter orders the stages. An unknown round name, penalties without extra
 * time, or extra time without the 90-minute score in brackets is refused, naming the line.
 *
 * A date without a year takes the year that puts it nearest the previous date (so December →
 * January rolls over, and an out-of-order date does not), and its weekday must be right.
 * A match with no time at all on its day, or marked `[postponed]`, has no slot (`time: null`,
 * `postponed`). Anything else throws a SeasonFileError naming the line.
 *
 * Every line is measured before anything else reads it, and then read word by word, so the
 * work grows with the file's length and no line can make it slow (docs/decisions/0052).
 */
export function parseFootballTxt(text: string): ParsedSeason {
  const matches: ParsedMatch[] = [];
  let name: string | null = null;
  let round: number | null = null;
  /** The current heading when it names a stage ("League, Matchday 3"), else null. */
  let stage: RoundHeading | null = null;
  const stageHeadings = new Map<string, number>();
  let lastDate: string | null = null;
  let date: string | null = null;
  let time: string | null = null;
  let lineNo = 0;

  for (let at = text.charCodeAt(0) === 0xfeff ? 1 : 0; at <= text.length;) {
    lineNo++;
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? text.length : newline;
    step(end - at + 1);
    const next = end + 1;
    const length = end - at - (text.charCodeAt(end - 1) === 13 && end > at ? 1 : 0);
    const raw = text.slice(at, at + Math.min(length, LINE_MAX));
    at = next;
    const trimmed = raw.trim();
    // No closure per line: a file may have millions of blank or comment lines.
    if (length > LINE_MAX) throw lineError(lineNo, trimmed, `longer than ${LINE_MAX} characters`);
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('=')) {
      const title = titleOf(trimmed);
      if (title.length > SEASON_NAME_MAX)
        throw lineError(lineNo, trimmed, `a title longer than ${SEASON_NAME_MAX} characters`);
      name ??= title || null;
      continue;
    }

    if (trimmed.startsWith('»') || trimmed.startsWith('▪')) {
      const heading = readRoundHeading(trimmed.slice(1));
      if (!heading) throw lineError(lineNo, trimmed, `unknown round (known: ${KNOWN_ROUNDS})`);
      if (heading.stage === undefined) {
        if (stageHeadings.size) throw lineError(lineNo, trimmed, 'a plain Matchday among stage headings');
        round = heading.number;
        stage = null;
      } else {
        if (round !== null && stage === null)
          throw lineError(lineNo, trimmed, 'a stage heading among plain Matchday headings');
        // Stage headings are numbered in the order they first appear; the converter orders stages itself.
        const key = `${heading.stage} ${heading.number ?? ''}`;
        if (!stageHeadings.has(key)) stageHeadings.set(key, stageHeadings.size + 1);
        round = stageHeadings.get(key)!;
        stage = heading;
      }
      date = null;
      time = null;
      continue;
    }

    const d = exec(DATE, trimmed);
    if (d) {
      const [, weekday, monthName, dayText, yearText] = d;
      const month = MONTHS.indexOf(monthName!);
      if (month < 0) throw lineError(lineNo, trimmed, `unknown month "${monthName}"`);
      const day = Number(dayText);
      const candidates = yearText ? [Number(yearText)] : lastDate ? nearbyYears(lastDate) : [];
      if (!candidates.length) throw lineError(lineNo, trimmed, 'a date without a year before any year is given');
      const options = candidates.map((y) => `${y}-${pad(month + 1)}-${pad(day)}`);
      const valid = options.filter((o) => new Date(`${o}T00:00:00Z`).getUTCDate() === day);
      if (!valid.length) throw lineError(lineNo, trimmed, 'no such date');
      // Nearest to the previous date line (a given year has exactly one option).
      const previous = lastDate;
      const distance = (o: string) => (previous ? Math.abs(dayNumber(o) - dayNumber(previous)) : 0);
      const chosen: string = valid.reduce((a, b) => (distance(b) < distance(a) ? b : a));
      if (weekdayOf(chosen) !== weekday)
        throw lineError(lineNo, trimmed, `${chosen} is a ${weekdayOf(chosen)}, not a ${weekday}`);
      date = chosen;
      lastDate = chosen;
      time = null;
      continue;
    }

    const m = readMatchLine(trimmed);
    if (m) {
      if (round === null) throw lineError(lineNo, trimmed, 'a match before any Matchday heading');
      if (date === null) throw lineError(lineNo, trimmed, 'a match before any date');
      if (m.hh !== undefined) {
        const t = `${pad(Number(m.hh))}:${m.mm}`;
        if (!isClockTime(t)) throw lineError(lineNo, trimmed, `"${m.hh}.${m.mm}" is not a time of day`);
        time = t;
      }
      if (m.scoreProblem) throw lineError(lineNo, trimmed, m.scoreProblem);
      // Columns are two or more spaces apart, so a gap inside the away team is an unread score or note.
      if (m.awayHasGap) throw lineError(lineNo, trimmed, 'unreadable score or note after the away team');
      if (m.homeHasGap) throw lineError(lineNo, trimmed, 'unreadable home team');
      if (m.home.length > TEAM_NAME_MAX || m.away.length > TEAM_NAME_MAX)
        throw lineError(lineNo, trimmed, `a team name longer than ${TEAM_NAME_MAX} characters`);
      const home = withoutCountry(m.home);
      const away = withoutCountry(m.away);
      const homeUnknown = isPlaceholderTeam(home);
      const awayUnknown = isPlaceholderTeam(away);
      if (home === away && !homeUnknown) throw lineError(lineNo, trimmed, 'a club cannot play itself');
      const match: ParsedMatch = { round: round!, date: date!, time, home, away, where: `Line ${lineNo}` };
      if (stage) {
        match.stage = stage.stage!;
        if (stage.number !== undefined) match.stageRound = stage.number;
      }
      if (homeUnknown) match.homeUnknown = true;
      if (awayUnknown) match.awayUnknown = true;
      if (m.status !== undefined) {
        if (m.status.trim().toLowerCase() !== 'postponed')
          throw lineError(lineNo, trimmed, `unknown status [${m.status}] (only [postponed] is understood)`);
        match.time = null;
        match.postponed = true;
      } else if (m.score) {
        const [h, a] = m.score;
        if (h > SCORE_MAX || a > SCORE_MAX) throw lineError(lineNo, trimmed, `a score above ${SCORE_MAX}`);
        match.result = [h, a];
        if (m.halfTime) match.halfTime = m.halfTime;
        for (const extra of [m.extraTime, m.penalties])
          if (extra && (extra[0] > SCORE_MAX || extra[1] > SCORE_MAX))
            throw lineError(lineNo, trimmed, `a score above ${SCORE_MAX}`);
        if (m.extraTime) match.extraTime = m.extraTime;
        if (m.penalties) match.penalties = m.penalties;
        if (homeUnknown || awayUnknown) throw lineError(lineNo, trimmed, 'a result for a team not yet known');
      }
      if (match.time === null) match.postponed = true;
      if (matches.length >= MATCHES_MAX)
        throw lineError(lineNo, trimmed, `more than ${MATCHES_MAX} matches in one file`);
      matches.push(match);
      continue;
    }
    throw lineError(
      lineNo,
      trimmed,
      exec(V_WORD, trimmed) ? 'unreadable match' : 'neither a round, a date nor a match',
    );
  }
  if (!matches.length) throw new SeasonFileError('The file has no matches.');
  return { format: 'football-txt', name, matches };
}

/** A SeasonFileError naming the line and showing its start. */
function lineError(lineNo: number, line: string, why: string): SeasonFileError {
  const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
  return new SeasonFileError(`Line ${lineNo}: ${why}${shown ? `: "${shown}"` : ''}`, { line: lineNo });
}

/** `Arsenal FC (ENG)` → `Arsenal FC`: one club is one club in every competition. */
function withoutCountry(name: string): string {
  return exec(COUNTRY, name) ? name.slice(0, -6) : name;
}

/** The previous date's year and the ones either side of it. */
function nearbyYears(previous: string): number[] {
  const y = Number(previous.slice(0, 4));
  return [y - 1, y, y + 1];
}
