import { fixtureId } from '../../../game/fixture-id.js';
import type { GameweekDefinition } from '../../../game/gameweeks.js';
import { deriveGameweeks, type SeasonMatch } from '../../../game/season.js';
import { londonToUtc } from '../../../game/time.js';
import type { FixtureFields } from '../../db/schema.js';
import { builtinClubs, builtinSeason } from '../../season-files/builtin/index.js';
import { matchesWithClubNames } from '../../season-files/season-format.js';

/** The season the app seeds and the admin's "Import All PL Fixtures" imports (one season until the season model). */
export const BUILT_IN_SEASON = '2025-26' as const;

/** A season match as a fixture row's fields (ids derived, kick-off converted to UTC); every one has a gameweek. */
export type SeasonFixture = FixtureFields & { id: string; gameweek: number };

export function toSeasonFixture(m: SeasonMatch, league = 'Premier League'): SeasonFixture {
  const time = m.postponed ? null : m.time;
  return {
    id: fixtureId(m.home, m.away, m.date),
    homeTeam: m.home,
    awayTeam: m.away,
    kickoffAt: time ? londonToUtc(m.date, time) : null,
    localDate: m.date,
    localTime: time,
    gameweek: m.round,
    league,
    postponed: m.postponed ? 1 : 0,
  };
}

/**
 * Ids are derived, so a list may name the same match twice (the spec's seed had a duplicate);
 * the later entry wins, as setting a document by id would.
 */
export function uniqueById(fixtures: SeasonFixture[]): SeasonFixture[] {
  return [...new Map(fixtures.map((f) => [f.id, f])).values()];
}

let cachedMatches: SeasonMatch[] | null = null;
/** The built-in season's matches with the clubs' full names (the names fixtures store). */
function builtInMatches(): SeasonMatch[] {
  cachedMatches ??= matchesWithClubNames(builtinSeason(BUILT_IN_SEASON), builtinClubs()).map((m) => ({
    round: m.round,
    date: m.date,
    time: m.time,
    home: m.homeName,
    away: m.awayName,
    ...(m.postponed ? { postponed: true } : {}),
    ...(m.result ? { result: m.result } : {}),
  }));
  return cachedMatches;
}

let cached: SeasonFixture[] | null = null;
/** The built-in 2025/26 season: 380 fixtures in file order (round, then kick-off). */
export function builtInSeasonFixtures(): SeasonFixture[] {
  cached ??= uniqueById(builtInMatches().map((m) => toSeasonFixture(m, builtinSeason(BUILT_IN_SEASON).competition.name)));
  return cached;
}

/** The default gameweek definitions, one per round of the built-in season. */
export function defaultGameweeks(): GameweekDefinition[] {
  return deriveGameweeks(builtInMatches());
}

export interface ReplayableResult {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  gameweek: number;
  kickoffAt: string;
  homeScore: number;
  awayScore: number;
}

/**
 * The real full-time scores of the built-in season (all 380 of 2025/26), keyed by the fixture
 * ids the import writes, in kick-off order: for the seed, tests, demos and benchmarks.
 */
export function replayableResults(): ReplayableResult[] {
  const out: ReplayableResult[] = [];
  for (const m of builtInMatches()) {
    if (!m.result) continue;
    const f = toSeasonFixture(m);
    if (!f.kickoffAt) continue;
    out.push({ fixtureId: f.id, homeTeam: f.homeTeam, awayTeam: f.awayTeam, gameweek: f.gameweek, kickoffAt: f.kickoffAt, homeScore: m.result[0], awayScore: m.result[1] });
  }
  return out.sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.fixtureId.localeCompare(b.fixtureId));
}
