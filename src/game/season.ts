import type { GameweekDefinition } from './gameweeks.js';
import { isClockTime, isIsoDate } from './time.js';

/** Rounds in a Premier League season. */
export const SEASON_ROUNDS = 38;
export const MATCHES_PER_ROUND = 10;

/**
 * One match of a season as the project stores it (src/server/features/season/season-2025-26.json):
 * the round (gameweek), the Europe/London date and time as published (time null while a
 * postponed match has no new slot), the teams, and the full-time score once played.
 */
export interface SeasonMatch {
  round: number;
  date: string;
  time: string | null;
  home: string;
  away: string;
  postponed?: boolean;
  result?: [number, number];
}

export interface SeasonFile {
  name: string;
  league: string;
  timeZone: string;
  source: string;
  matches: SeasonMatch[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * Default gameweek definitions from the season's rounds: each round runs from its first to its
 * last match date. A round whose matches were moved far away (Matchday 31 has one match played
 * in February and one rescheduled to May) is measured by its main block of dates only: dates
 * closer than four days belong together, and the block with the most matches wins.
 */
export function deriveGameweeks(matches: readonly Pick<SeasonMatch, 'round' | 'date'>[]): GameweekDefinition[] {
  const byRound = new Map<number, string[]>();
  for (const m of matches) {
    const dates = byRound.get(m.round) ?? [];
    dates.push(m.date);
    byRound.set(m.round, dates);
  }
  return [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([gameweek, dates]) => {
      const sorted = [...dates].sort();
      const blocks: string[][] = [];
      for (const d of sorted) {
        const block = blocks[blocks.length - 1];
        const last = block?.[block.length - 1];
        if (block && last !== undefined && dayNumber(d) - dayNumber(last) < 4) block.push(d);
        else blocks.push([d]);
      }
      const main = blocks.reduce((best, b) => (b.length > best.length ? b : best));
      return { gameweek, startDate: main[0]!, endDate: main[main.length - 1]! };
    });
}

/** "Matchday 12", "Round 12", "12" or 12 → 12; anything else → null. */
export function roundNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(?:matchday|round|gameweek|week)?\s*(\d{1,3})\s*$/i.exec(value);
  return m ? Number(m[1]) : null;
}

export type SeasonParse = { ok: true; name: string; matches: SeasonMatch[] } | { ok: false; message: string };

/** 1-based line of a character offset in a text. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Reads an openfootball season file (football.json format: `{ name, matches: [{ round, date,
 * time?, team1, team2, score?, status? }] }`). Everything is checked before anything is used:
 * the first problem is reported with its line (bad JSON) or its match number and field.
 */
export function parseOpenfootballJson(text: string): SeasonParse {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const msg = (err as Error).message;
    const pos = /position (\d+)/.exec(msg);
    const lineCol = /line (\d+)/.exec(msg);
    const line = lineCol ? Number(lineCol[1]) : pos ? lineOf(text, Number(pos[1])) : null;
    return { ok: false, message: line ? `The file is not valid JSON (line ${line}).` : 'The file is not valid JSON.' };
  }
  return validateOpenfootballSeason(data);
}

export function validateOpenfootballSeason(data: unknown): SeasonParse {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: 'The file must be a JSON object with a "matches" list.' };
  }
  const root = data as Record<string, unknown>;
  if (!Array.isArray(root.matches)) return { ok: false, message: 'The file must have a "matches" list.' };
  if (root.matches.length === 0) return { ok: false, message: 'The file has no matches.' };
  const name = typeof root.name === 'string' && root.name.trim() ? root.name.trim() : 'Imported season';
  const matches: SeasonMatch[] = [];
  for (const [i, raw] of root.matches.entries()) {
    const where = `Match ${i + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, message: `${where}: must be an object.` };
    const m = raw as Record<string, unknown>;
    const label = typeof m.team1 === 'string' && typeof m.team2 === 'string' ? ` (${m.team1} v ${m.team2})` : '';
    const fail = (field: string, problem: string): SeasonParse => ({ ok: false, message: `${where}${label}: "${field}" ${problem}.` });
    const round = roundNumber(m.round);
    if (round === null || round < 1 || round > SEASON_ROUNDS) return fail('round', `must be Matchday 1 to ${SEASON_ROUNDS}`);
    if (typeof m.date !== 'string' || !isIsoDate(m.date)) return fail('date', 'must be a date as YYYY-MM-DD');
    if (m.time !== undefined && m.time !== null && (typeof m.time !== 'string' || !isClockTime(m.time))) return fail('time', 'must be a time as HH:MM');
    if (typeof m.team1 !== 'string' || !m.team1.trim()) return fail('team1', 'must name the home team');
    if (typeof m.team2 !== 'string' || !m.team2.trim()) return fail('team2', 'must name the away team');
    if (m.team1.trim().length > 80) return fail('team1', 'is too long');
    if (m.team2.trim().length > 80) return fail('team2', 'is too long');
    if (m.team1.trim() === m.team2.trim()) return fail('team2', 'must differ from the home team');
    if (m.status !== undefined && typeof m.status !== 'string') return fail('status', 'must be text');
    let result: [number, number] | undefined;
    if (m.score !== undefined) {
      if (typeof m.score !== 'object' || m.score === null || Array.isArray(m.score)) return fail('score', 'must be an object');
      const ft = (m.score as Record<string, unknown>).ft;
      if (ft !== undefined) {
        const ok = Array.isArray(ft) && ft.length === 2 && ft.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 99);
        if (!ok) return fail('score.ft', 'must be two whole numbers from 0 to 99');
        result = [ft[0] as number, ft[1] as number];
      }
    }
    const time = typeof m.time === 'string' ? m.time : null;
    const postponed = m.status === 'postponed' || time === null;
    matches.push({
      round,
      date: m.date,
      time: postponed && m.status === 'postponed' ? null : time,
      home: m.team1.trim(),
      away: m.team2.trim(),
      ...(postponed ? { postponed: true } : {}),
      ...(result ? { result } : {}),
    });
  }
  return { ok: true, name, matches };
}

/**
 * What stops a list of matches from being a full Premier League season: the problems found
 * (empty when it is one). 38 rounds of 10, 20 clubs, each playing once per round.
 */
export function checkFullSeason(matches: readonly SeasonMatch[]): string[] {
  const problems: string[] = [];
  if (matches.length !== SEASON_ROUNDS * MATCHES_PER_ROUND) problems.push(`${matches.length} matches, expected ${SEASON_ROUNDS * MATCHES_PER_ROUND}`);
  const clubs = new Set(matches.flatMap((m) => [m.home, m.away]));
  if (clubs.size !== 20) problems.push(`${clubs.size} clubs, expected 20`);
  for (let round = 1; round <= SEASON_ROUNDS; round++) {
    const inRound = matches.filter((m) => m.round === round);
    if (inRound.length !== MATCHES_PER_ROUND) problems.push(`Matchday ${round} has ${inRound.length} matches`);
    const playing = new Set(inRound.flatMap((m) => [m.home, m.away]));
    if (playing.size !== inRound.length * 2) problems.push(`Matchday ${round} has a club playing twice`);
  }
  return problems;
}
