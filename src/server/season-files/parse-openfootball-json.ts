import { isClockTime, isIsoDate } from '../../game/dates.js';
import { exec, step } from './bounded.js';
import { roundNumber } from './round-number.js';
import {
  MATCHES_MAX,
  SCORE_MAX,
  SEASON_NAME_MAX,
  SeasonFileError,
  TEAM_NAME_MAX,
  type ParsedMatch,
  type ParsedSeason,
} from './types.js';

export interface JsonParseOptions {
  /** The highest round number accepted (none by default: any round from 1). */
  maxRound?: number;
}

/** 1-based line of a character offset in a text. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  step(Math.min(offset, text.length));
  return line;
}

/** Where JSON.parse says it stopped (V8: "… at position 12 (line 2 column 3)"); the message is cut first. */
const POSITION = /position (\d{1,9})/;
const LINE = /line (\d{1,9})/;

/** The longest text read from a date or time field (a date is 10 characters). */
const SHORT_FIELD_MAX = 20;

/**
 * Reads an openfootball season file (football.json: `{ name, matches: [{ round, date, time?,
 * team1, team2, score?: { ht?, ft? }, status? }] }`). Everything is checked before anything is
 * used: bad JSON names its line, a bad match its number, teams and field (SeasonFileError).
 */
export function parseOpenfootballJson(text: string, opts: JsonParseOptions = {}): ParsedSeason {
  let data: unknown;
  step(text.length);
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    // Only the end of V8's message says where; its start may quote the file.
    const msg = (err as Error).message.slice(-120);
    const pos = exec(POSITION, msg);
    const lineCol = exec(LINE, msg);
    const line = lineCol ? Number(lineCol[1]) : pos ? lineOf(text, Number(pos[1])) : undefined;
    throw new SeasonFileError(line ? `The file is not valid JSON (line ${line}).` : 'The file is not valid JSON.', {
      line,
    });
  }
  return readOpenfootballSeason(data, opts);
}

/** The same checks on an already parsed value (e.g. a feed's response). */
export function readOpenfootballSeason(data: unknown, opts: JsonParseOptions = {}): ParsedSeason {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new SeasonFileError('The file must be a JSON object with a "matches" list.');
  const root = data as Record<string, unknown>;
  if (!Array.isArray(root.matches)) throw new SeasonFileError('The file must have a "matches" list.');
  if (root.matches.length === 0) throw new SeasonFileError('The file has no matches.');
  if (root.matches.length > MATCHES_MAX) throw new SeasonFileError(`The file has more than ${MATCHES_MAX} matches.`);
  const name = typeof root.name === 'string' && root.name.trim() ? root.name.trim() : null;
  if (name !== null && name.length > SEASON_NAME_MAX)
    throw new SeasonFileError(`The file's "name" is longer than ${SEASON_NAME_MAX} characters.`);
  step(root.matches.length);
  const matches = root.matches.map((raw, i) => readMatch(raw, i + 1, opts));
  return { format: 'openfootball-json', name, matches };
}

const isScore = (v: unknown): v is [number, number] =>
  Array.isArray(v) &&
  v.length === 2 &&
  v.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= SCORE_MAX);

function readMatch(raw: unknown, n: number, opts: JsonParseOptions): ParsedMatch {
  const where = `Match ${n}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new SeasonFileError(`${where}: must be an object.`, { match: n });
  const m = raw as Record<string, unknown>;
  const label =
    typeof m.team1 === 'string' && typeof m.team2 === 'string'
      ? ` (${m.team1.slice(0, TEAM_NAME_MAX)} v ${m.team2.slice(0, TEAM_NAME_MAX)})`
      : '';
  const fail = (field: string, problem: string): never => {
    throw new SeasonFileError(`${where}${label}: "${field}" ${problem}.`, { match: n });
  };
  const round = roundNumber(m.round);
  const roundRule = opts.maxRound ? `must be Matchday 1 to ${opts.maxRound}` : 'must be a round such as "Matchday 1"';
  if (round === null || round < 1 || (opts.maxRound !== undefined && round > opts.maxRound)) fail('round', roundRule);
  // Every field is measured before a pattern reads it (docs/decisions/0052).
  if (typeof m.date !== 'string' || m.date.length > SHORT_FIELD_MAX || !isIsoDate(m.date))
    fail('date', 'must be a date as YYYY-MM-DD');
  if (
    m.time !== undefined &&
    m.time !== null &&
    (typeof m.time !== 'string' || m.time.length > SHORT_FIELD_MAX || !isClockTime(m.time))
  )
    fail('time', 'must be a time as HH:MM');
  if (typeof m.team1 !== 'string' || !m.team1.trim()) fail('team1', 'must name the home team');
  if (typeof m.team2 !== 'string' || !m.team2.trim()) fail('team2', 'must name the away team');
  const home = (m.team1 as string).trim();
  const away = (m.team2 as string).trim();
  if (home.length > TEAM_NAME_MAX) fail('team1', 'is too long');
  if (away.length > TEAM_NAME_MAX) fail('team2', 'is too long');
  if (home === away) fail('team2', 'must differ from the home team');
  if (m.status !== undefined && typeof m.status !== 'string') fail('status', 'must be text');
  let result: [number, number] | undefined;
  let halfTime: [number, number] | undefined;
  if (m.score !== undefined) {
    if (typeof m.score !== 'object' || m.score === null || Array.isArray(m.score)) fail('score', 'must be an object');
    const { ft, ht } = m.score as Record<string, unknown>;
    if (ft !== undefined) {
      if (!isScore(ft)) fail('score.ft', `must be two whole numbers from 0 to ${SCORE_MAX}`);
      result = ft as [number, number];
    }
    if (ht !== undefined) {
      if (!isScore(ht)) fail('score.ht', `must be two whole numbers from 0 to ${SCORE_MAX}`);
      halfTime = ht as [number, number];
    }
  }
  const postponed = m.status === 'postponed';
  const time = !postponed && typeof m.time === 'string' ? m.time : null;
  return {
    round: round!,
    date: m.date as string,
    time,
    home,
    away,
    ...(time === null ? { postponed: true } : {}),
    ...(result ? { result: [result[0], result[1]] } : {}),
    ...(halfTime ? { halfTime: [halfTime[0], halfTime[1]] } : {}),
    where,
  };
}
