import seasonFile from './season-2025-26.json' with { type: 'json' };
import { fixtureId } from '../../../game/fixture-id.js';
import type { GameweekDefinition } from '../../../game/gameweeks.js';
import { deriveGameweeks, type SeasonFile, type SeasonMatch } from '../../../game/season.js';
import { londonToUtc } from '../../../game/time.js';
import type { FixtureFields } from '../../db/schema.js';

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

const season = seasonFile as SeasonFile;
let cached: SeasonFixture[] | null = null;

/** The built-in 2025/26 season: 380 fixtures in file order (round, then kick-off). */
export function builtInSeasonFixtures(): SeasonFixture[] {
  cached ??= uniqueById(season.matches.map((m) => toSeasonFixture(m, season.league)));
  return cached;
}

/** The 38 default gameweek definitions, from the season's rounds. */
export function defaultGameweeks(): GameweekDefinition[] {
  return deriveGameweeks(season.matches);
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
 * The 339 real full-time scores of the built-in season, keyed by the fixture ids the import
 * writes, in kick-off order: for tests, demos and benchmarks that replay the real season.
 */
export function replayableResults(): ReplayableResult[] {
  const out: ReplayableResult[] = [];
  for (const m of season.matches) {
    if (!m.result) continue;
    const f = toSeasonFixture(m, season.league);
    if (!f.kickoffAt) continue;
    out.push({ fixtureId: f.id, homeTeam: f.homeTeam, awayTeam: f.awayTeam, gameweek: f.gameweek, kickoffAt: f.kickoffAt, homeScore: m.result[0], awayScore: m.result[1] });
  }
  return out.sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.fixtureId.localeCompare(b.fixtureId));
}
