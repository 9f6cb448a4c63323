import { leagueExistedIn } from './honours.js';

/**
 * Which seasons a league has a table of (docs/decisions/0109-honours-and-what-can-still-happen.md):
 * only those it existed in (honours.ts `leagueExistedIn`: made before the season's last kick-off).
 * A league made in November 2026 has no 2025/26 table, so nobody can be first in it.
 */
export interface SeasonEnd {
  id: string;
  label: string;
  lastKickoff?: string | null;
  endDate: string | null;
}

const endOf = (s: SeasonEnd) => ({ lastKickoff: s.lastKickoff ?? null, endDate: s.endDate });

/** The seasons of `seasons` the league existed in, in the order given. */
export function seasonsOfLeague<S extends SeasonEnd>(league: { createdAt: string }, seasons: readonly S[]): S[] {
  return seasons.filter((s) => leagueExistedIn(league, endOf(s)));
}

/**
 * The league's first season: the earliest-ending of those it existed in (null when none is
 * known, which cannot happen once a season with no end yet or one still to be played exists).
 */
export function firstSeasonOf<S extends SeasonEnd>(league: { createdAt: string }, seasons: readonly S[]): S | null {
  const ends = (s: S) => s.lastKickoff ?? (s.endDate ? `${s.endDate}T23:59:59.999Z` : '\uffff');
  return (
    [...seasonsOfLeague(league, seasons)].sort((a, b) => (ends(a) < ends(b) ? -1 : ends(a) > ends(b) ? 1 : 0))[0] ??
    null
  );
}

/** What a league's table of a season it did not exist in says instead. */
export function notInSeasonMessage(seasonLabel: string, first: { label: string } | null): string {
  return first
    ? `This league did not exist in ${seasonLabel}: its first season is ${first.label}.`
    : `This league did not exist in ${seasonLabel}, so it has no table for it.`;
}
