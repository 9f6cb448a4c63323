import { isClockTime, isIsoDate } from '../../game/dates.js';
import { isUtcOffset } from '../../game/kickoff-time.js';
import { exec, step } from './bounded.js';
import { isPlaceholderTeam } from './placeholder-team.js';
import { KNOWN_ROUNDS, readRoundHeading } from './round-heading.js';
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

// `UTC-6`, `UTC+5:30`, `UTC`: the offset a kick-off time is published with.
const UTC_OFFSET = /^UTC(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/;

/** `UTC-6`, `UTC+5:30`, `UTC` → `-06:00`, `+05:30`, `+00:00`; null for anything else. */
function readUtcOffset(text: string): string | null {
  const m = exec(UTC_OFFSET, text);
  if (!m) return null;
  if (!m[1]) return '+00:00';
  const offset = `${m[1]}${m[2]!.padStart(2, '0')}:${m[3] ?? '00'}`;
  return isUtcOffset(offset) ? offset : null;
}

/** The longest text read from a date or time field (a date is 10 characters). */
const SHORT_FIELD_MAX = 20;

/**
 * Reads an openfootball season file (football.json: `{ name, matches: [{ round, date, time?,
 * team1, team2, score?: { ht?, ft?, et?, p? }, status?, group?, num? }] }`). A competition's file
 * (worldcup.json) gives each time with its offset (`"13:00 UTC-6"`: all of them, or none), names
 * knockout rounds ("Round of 32", "Final": numbered after the last matchday) and scores after
 * extra time (`et`, cumulative) and penalties (`p`, only with `et`). Everything is checked before
 * anything is used: bad JSON names its line, a bad match its number, teams and field
 * (SeasonFileError).
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
  // Kick-offs carry their own offsets ("13:00 UTC-6") in every match or in none: one without would be read in a zone nobody named.
  const timed = matches.filter((m) => m.time !== null);
  const bare = timed.find((m) => m.utcOffset === undefined);
  if (bare && timed.some((m) => m.utcOffset !== undefined))
    throw new SeasonFileError(
      `${bare.where} (${bare.home} v ${bare.away}): "time" has no UTC offset, though other kick-offs in the file have one: write it as "13:00 UTC-6".`,
      { match: Number(bare.where.slice(6)) },
    );
  numberStageRounds(matches);
  return { format: 'openfootball-json', name, matches };
}

/**
 * Knockout rounds ("Round of 32", "Final") carry no number: they come after the highest numbered
 * round, in the order their stages first appear. Group matchdays keep their numbers.
 */
function numberStageRounds(matches: ParsedMatch[]): void {
  const last = matches.reduce((max, m) => (m.round > max ? m.round : max), 0);
  const order = new Map<string, number>();
  for (const m of matches) {
    if (m.round !== 0 || !m.stage) continue;
    const key = `${m.stage} ${m.stageRound ?? ''}`;
    if (!order.has(key)) order.set(key, last + order.size + 1);
    m.round = order.get(key)!;
  }
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
  const heading =
    typeof m.round === 'number'
      ? { number: roundNumber(m.round) ?? 0 }
      : typeof m.round === 'string'
        ? readRoundHeading(m.round)
        : null;
  const round = heading?.number ?? null;
  const roundRule = opts.maxRound
    ? `must be Matchday 1 to ${opts.maxRound}`
    : `must be a round such as ${KNOWN_ROUNDS}`;
  if (heading === null || (heading.stage === undefined && (round === null || round < 1))) fail('round', roundRule);
  if (round !== null && opts.maxRound !== undefined && round > opts.maxRound) fail('round', roundRule);
  // Every field is measured before a pattern reads it (docs/decisions/0052).
  if (typeof m.date !== 'string' || m.date.length > SHORT_FIELD_MAX || !isIsoDate(m.date))
    fail('date', 'must be a date as YYYY-MM-DD');
  let clock: string | null = null;
  let utcOffset: string | null = null;
  if (m.time !== undefined && m.time !== null) {
    if (typeof m.time !== 'string' || m.time.length > SHORT_FIELD_MAX) fail('time', 'must be a time as HH:MM');
    const text = (m.time as string).trim();
    const space = text.indexOf(' ');
    const hhmm = space === -1 ? text : text.slice(0, space);
    if (!isClockTime(hhmm)) fail('time', 'must be a time as HH:MM');
    if (space !== -1) {
      utcOffset = readUtcOffset(text.slice(space + 1).trim());
      if (utcOffset === null)
        fail('time', 'must be a time as HH:MM, with its offset from UTC written as "13:00 UTC-6"');
    }
    clock = hhmm;
  }
  if (typeof m.team1 !== 'string' || !m.team1.trim()) fail('team1', 'must name the home team');
  if (typeof m.team2 !== 'string' || !m.team2.trim()) fail('team2', 'must name the away team');
  const home = (m.team1 as string).trim();
  const away = (m.team2 as string).trim();
  if (home.length > TEAM_NAME_MAX) fail('team1', 'is too long');
  if (away.length > TEAM_NAME_MAX) fail('team2', 'is too long');
  const homeUnknown = isPlaceholderTeam(home);
  const awayUnknown = isPlaceholderTeam(away);
  if (home === away && !homeUnknown) fail('team2', 'must differ from the home team');
  if (m.group !== undefined && (typeof m.group !== 'string' || !m.group.trim() || m.group.length > 40))
    fail('group', 'must be a group name such as "Group A"');
  if (m.num !== undefined && (!Number.isInteger(m.num) || (m.num as number) < 1 || (m.num as number) > 10_000))
    fail('num', 'must be a match number');
  if (m.status !== undefined && typeof m.status !== 'string') fail('status', 'must be text');
  let result: [number, number] | undefined;
  let halfTime: [number, number] | undefined;
  let extraTime: [number, number] | undefined;
  let penalties: [number, number] | undefined;
  if (m.score !== undefined) {
    if (typeof m.score !== 'object' || m.score === null || Array.isArray(m.score)) fail('score', 'must be an object');
    const { ft, ht, et, p } = m.score as Record<string, unknown>;
    for (const [field, value] of [
      ['ft', ft],
      ['ht', ht],
      ['et', et],
      ['p', p],
    ] as const)
      if (value !== undefined && !isScore(value))
        fail(`score.${field}`, `must be two whole numbers from 0 to ${SCORE_MAX}`);
    if (ft !== undefined) result = ft as [number, number];
    if (ht !== undefined) halfTime = ht as [number, number];
    if (et !== undefined) extraTime = et as [number, number];
    if (p !== undefined) penalties = p as [number, number];
    if (penalties && !extraTime)
      fail('score.p', 'is a penalty shoot-out without extra time: a shoot-out comes after extra time ("et")');
    if (extraTime && !result) fail('score.et', 'needs the score after 90 minutes ("ft") as well');
    if (result && (homeUnknown || awayUnknown)) fail('score', 'is given for a team not yet known');
  }
  const postponed = m.status === 'postponed';
  const time = !postponed ? clock : null;
  const pair = (s: [number, number]): [number, number] => [s[0], s[1]];
  const stage = heading!.stage ?? (typeof m.group === 'string' ? 'group' : undefined);
  return {
    // A knockout round's number comes once the whole file is read (numberStageRounds).
    round: heading!.stage === undefined ? round! : 0,
    date: m.date as string,
    time,
    home,
    away,
    ...(time === null ? { postponed: true } : {}),
    ...(result ? { result: pair(result) } : {}),
    ...(halfTime ? { halfTime: pair(halfTime) } : {}),
    ...(extraTime ? { extraTime: pair(extraTime) } : {}),
    ...(penalties ? { penalties: pair(penalties) } : {}),
    ...(stage ? { stage } : {}),
    ...(stage && heading!.number !== undefined ? { stageRound: heading!.number } : {}),
    ...(typeof m.group === 'string' ? { group: m.group.trim() } : {}),
    ...(time !== null && utcOffset !== null ? { utcOffset } : {}),
    ...(typeof m.num === 'number' ? { number: m.num } : {}),
    ...(homeUnknown ? { homeUnknown: true as const } : {}),
    ...(awayUnknown ? { awayUnknown: true as const } : {}),
    where,
  };
}
