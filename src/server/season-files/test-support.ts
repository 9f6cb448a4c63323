import { fixtureId } from '../../game/fixture-id.js';
import type { SeasonMatch } from '../../game/season.js';
import { londonToUtc } from '../../game/time.js';
import { builtinClubs, builtinSeason, type BuiltinSeasonKey } from './builtin/index.js';
import { matchesWithClubNames } from './season-format.js';
import type { ExistingFixture } from './sync-types.js';

// For tests only: the built-in seasons as a file's matches and as the database would hold them.

/** A built-in season's matches with the clubs' full names, as a parsed file gives them. */
export function builtinMatches(key: BuiltinSeasonKey): SeasonMatch[] {
  return matchesWithClubNames(builtinSeason(key), builtinClubs()).map((m) => ({
    round: m.round,
    date: m.date,
    time: m.time,
    home: m.homeName,
    away: m.awayName,
    ...(m.postponed ? { postponed: true } : {}),
    ...(m.result ? { result: [m.result[0], m.result[1]] as [number, number] } : {}),
  }));
}

/** The season as the database would hold it after importing these matches (written independently of the planner). */
export function storedFrom(matches: SeasonMatch[]): ExistingFixture[] {
  return matches.map((m) => ({
    id: fixtureId(m.home, m.away, m.date),
    homeTeam: m.home,
    awayTeam: m.away,
    kickoffAt: m.time && !m.postponed ? londonToUtc(m.date, m.time) : null,
    localDate: m.date,
    localTime: m.postponed ? null : m.time,
    gameweek: m.round,
    postponed: m.postponed ? 1 : 0,
    predictionsLockedAt: null,
    result: m.result ? { homeScore: m.result[0], awayScore: m.result[1], final: 1, source: 'file' } : null,
  }));
}
