import { dayNumber, isClockTime, isIsoDate } from '../../game/dates.js';
import { RESULT_SCORE_MAX } from '../../game/limits.js';
import { checkSeasonStructure, type SeasonMatch } from '../../game/season.js';
import { isKnockoutStage, isStage } from '../../game/stages.js';
import type { SyncRefusal } from './sync-types.js';

/**
 * The checks that decide whether an incoming file is this season, whole and sound, before a
 * single change is planned. Each returns a refusal (reason and message) or null.
 */

export interface Refusal {
  reason: SyncRefusal;
  message: string;
}

const NOTHING = 'Nothing was changed.';
const pct = (x: number) => `${Math.floor(x * 100)}%`;
const list = (names: string[], max = 5) =>
  names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');

/** Every match readable (dates, times, scores in range) and the league structure sound. */
export function checkIncoming(incoming: readonly (SeasonMatch & { where?: string })[]): Refusal | null {
  return checkReadable(incoming) ?? structureRefusal(checkSeasonStructure(incoming).errors);
}

/** A competition's file (stages, knockouts), whose matches carry their stage and which sides are not known yet. */
type StagedMatch = SeasonMatch & { where?: string; stage?: string; homeUnknown?: true; awayUnknown?: true };

/**
 * `checkIncoming` for a competition's file: the league checks hold stage by stage (a pair may meet
 * in the league phase and again in a knockout round), as the file was checked when it was read
 * (parse-season-file.ts): both legs of a knockout stage may sit under one heading, so there only a
 * pairing twice the same way round is wrong; a match whose team is not known yet is not checked.
 */
export function checkIncomingByStage(incoming: readonly StagedMatch[]): Refusal | null {
  const readable = checkReadable(incoming);
  if (readable) return readable;
  const byStage = new Map<string, StagedMatch[]>();
  for (const m of incoming) {
    if (m.homeUnknown || m.awayUnknown) continue;
    const list = byStage.get(m.stage ?? '');
    if (list) list.push(m);
    else byStage.set(m.stage ?? '', [m]);
  }
  const errors = [...byStage.entries()].flatMap(
    ([stage, ms]) =>
      checkSeasonStructure(isStage(stage) && isKnockoutStage(stage) ? ms.map((m, i) => ({ ...m, round: i + 1 })) : ms)
        .errors,
  );
  return structureRefusal(errors, 'season of its competition');
}

function structureRefusal(errors: readonly string[], what = 'league season'): Refusal | null {
  if (!errors.length) return null;
  const more = errors.length > 1 ? `, and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''}` : '';
  return { reason: 'structure', message: `The file is not a sound ${what}: ${errors[0]}${more}. ${NOTHING}` };
}

/** Every match readable: a date, a time (or none), scores in range. */
function checkReadable(incoming: readonly (SeasonMatch & { where?: string })[]): Refusal | null {
  if (incoming.length === 0) return { reason: 'empty', message: `The file has no matches. ${NOTHING}` };
  for (const [i, m] of incoming.entries()) {
    const at = `${m.where ?? `Match ${i + 1}`} (${m.home} v ${m.away})`;
    const bad = (why: string): Refusal => ({ reason: 'structure', message: `${at}: ${why}. ${NOTHING}` });
    if (!isIsoDate(m.date)) return bad('no valid date');
    if (m.time !== null && !isClockTime(m.time)) return bad('no valid time');
    if (m.result && !m.result.every((n) => Number.isInteger(n) && n >= 0 && n <= RESULT_SCORE_MAX))
      return bad(`a score outside 0 to ${RESULT_SCORE_MAX}`);
  }
  return null;
}

/** Every club of the file is one of the season's (a league season's clubs do not change). */
export function checkClubs(fileClubs: readonly string[], unknownClubs: readonly string[]): Refusal | null {
  if (unknownClubs.length === 0) return null;
  const unknown = [...unknownClubs].sort((a, b) => a.localeCompare(b, 'en'));
  if (unknown.length * 2 > fileClubs.length) {
    return {
      reason: 'unknown_clubs',
      message: `${unknown.length} of the ${fileClubs.length} clubs in the file are not in this season (${list(unknown)}): it looks like another competition. ${NOTHING}`,
    };
  }
  const clubs = unknown.length === 1 ? `1 club that is` : `${unknown.length} clubs that are`;
  return {
    reason: 'unknown_clubs',
    message: `The file names ${clubs} not in this season: ${list(unknown)}. ${NOTHING}`,
  };
}

export interface CoverageInput {
  /** Distinct club pairs stored for the season, and how many of them the file has. */
  existingPairs: number;
  matchedPairs: number;
  incoming: number;
  minMatchedShare: number;
  /** Per matched fixture: file date minus stored date, in days. */
  shifts: number[];
  maxMedianShiftDays: number;
}

/**
 * The file covers the season (a feed cut short covers half of it) and is the same year (the
 * same clubs a year apart pair up exactly, but every date is a year off).
 */
export function checkCoverage(c: CoverageInput): Refusal | null {
  if (c.existingPairs === 0) return null;
  const share = c.matchedPairs / c.existingPairs;
  if (share < c.minMatchedShare) {
    const needed = `at least ${pct(c.minMatchedShare)} needed`;
    if (c.incoming < c.existingPairs * c.minMatchedShare) {
      return {
        reason: 'partial',
        message: `The file has only ${c.matchedPairs} of this season's ${c.existingPairs} fixtures (${pct(share)}; ${needed}): it looks cut short. ${NOTHING}`,
      };
    }
    return {
      reason: 'different_season',
      message: `Only ${c.matchedPairs} of this season's ${c.existingPairs} fixtures are in the file (${pct(share)}; ${needed}), although it has ${c.incoming} matches: it looks like another season. ${NOTHING}`,
    };
  }
  const shift = median(c.shifts);
  if (Math.abs(shift) > c.maxMedianShiftDays) {
    return {
      reason: 'different_season',
      message: `The file's dates are typically ${Math.abs(shift)} days ${shift > 0 ? 'after' : 'before'} this season's: it looks like another season of the same clubs. ${NOTHING}`,
    };
  }
  return null;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

/** Whole days from one local date to another. */
export const daysBetween = (from: string, to: string) => Math.round(dayNumber(to) - dayNumber(from));
