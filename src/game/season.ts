import { dayNumber } from './dates.js';
import type { GameweekDefinition } from './gameweeks.js';

/**
 * One match of a league season, whatever file it came from: the round (gameweek), the date and
 * time in the competition's own zone as published (time null while a match has no slot, e.g.
 * postponed), the two clubs, and the full-time score once played. Nothing here knows how many
 * clubs, rounds or matches a season has.
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

/**
 * Default gameweek definitions from the season's rounds: each round runs from its first to its
 * last match date. A round whose matches were moved far away (2025/26 Matchday 31 had one match
 * played in February and one rescheduled to May) is measured by its main block of dates only:
 * dates closer than four days belong together, and the block with the most matches wins (the
 * earlier one on a tie).
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

/** A match as the structure check sees it; `where` says where it came from ("Line 57", "Match 12"). */
export type CheckedMatch = Pick<SeasonMatch, 'round' | 'home' | 'away'> & { where?: string };

export interface SeasonStructure {
  /** What no league season can have: the file is wrong. */
  errors: string[];
  /** What a full double round-robin would not have (a partial or odd season is still loadable). */
  warnings: string[];
}

/**
 * Checks that hold for any league season, whatever its size: a club never plays itself, plays at
 * most once per round, and each home/away pairing happens at most once. Dates need not be in
 * order. Separately, as warnings, whether it looks like a complete double round-robin for the
 * number of clubs it has (n clubs: 2(n−1) rounds of n/2 matches, each pairing home and away).
 */
export function checkSeasonStructure(matches: readonly CheckedMatch[]): SeasonStructure {
  const errors: string[] = [];
  const at = (m: CheckedMatch) => (m.where ? `${m.where}: ` : '');
  const inRound = new Map<string, CheckedMatch>();
  const pairs = new Map<string, CheckedMatch>();
  for (const m of matches) {
    const label = `${m.home} v ${m.away}`;
    if (!Number.isInteger(m.round) || m.round < 1) errors.push(`${at(m)}${label} has no valid round (${m.round})`);
    if (m.home === m.away) {
      errors.push(`${at(m)}${label}: a club cannot play itself`);
      continue;
    }
    for (const club of [m.home, m.away]) {
      const key = `${m.round}|${club}`;
      const earlier = inRound.get(key);
      if (earlier)
        errors.push(
          `${at(m)}${club} plays twice in Matchday ${m.round} (${earlier.home} v ${earlier.away}${earlier.where ? `, ${earlier.where.toLowerCase()}` : ''}, and ${label})`,
        );
      else inRound.set(key, m);
    }
    const pair = `${m.home}|${m.away}`;
    const before = pairs.get(pair);
    if (before)
      errors.push(
        `${at(m)}${label} appears twice (also Matchday ${before.round}${before.where ? `, ${before.where.toLowerCase()}` : ''})`,
      );
    else pairs.set(pair, m);
  }
  return { errors, warnings: errors.length ? [] : roundRobinWarnings(matches) };
}

function roundRobinWarnings(matches: readonly CheckedMatch[]): string[] {
  const warnings: string[] = [];
  const clubs = [...new Set(matches.flatMap((m) => [m.home, m.away]))].sort();
  const n = clubs.length;
  if (n < 2) return [`${n} club${n === 1 ? '' : 's'}: not a league season`];
  if (n % 2 === 1) warnings.push(`${n} clubs: an odd number, so one club rests each round`);
  const perRound = Math.floor(n / 2);
  const expectedRounds = n % 2 === 0 ? 2 * (n - 1) : 2 * n;
  const expectedMatches = n * (n - 1);
  if (matches.length !== expectedMatches)
    warnings.push(`${matches.length} matches; a full season of ${n} clubs has ${expectedMatches}`);
  const rounds = new Map<number, number>();
  for (const m of matches) rounds.set(m.round, (rounds.get(m.round) ?? 0) + 1);
  if (rounds.size !== expectedRounds)
    warnings.push(`${rounds.size} rounds; a full season of ${n} clubs has ${expectedRounds}`);
  const short = [...rounds.entries()].filter(([, count]) => count !== perRound).sort(([a], [b]) => a - b);
  if (short.length)
    warnings.push(`Rounds without ${perRound} matches: ${short.map(([r, c]) => `Matchday ${r} (${c})`).join(', ')}`);
  return warnings;
}
