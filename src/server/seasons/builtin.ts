import { fixtureId } from '../../game/fixture-id.js';
import type { GameweekDefinition } from '../../game/gameweeks.js';
import { deriveGameweeks, type SeasonMatch } from '../../game/season.js';
import { zonedToUtc } from '../../game/time.js';
import type { FixtureFields } from '../db/schema.js';
import {
  BUILTIN_SEASON_KEYS,
  builtinClubs,
  builtinSeason,
  type BuiltinSeasonKey,
} from '../season-files/builtin/index.js';
import { matchesWithClubNames } from '../season-files/season-format.js';
import type { ClubRow } from './repository.js';

/**
 * The seasons the app ships (src/server/season-files/builtin) as rows of our tables: the season,
 * its clubs, its fixtures (club full names, derived ids, UTC kick-offs), its default gameweeks
 * and its real results. The start-up seed and the admin's "Import All PL Fixtures" use them.
 */
export { BUILTIN_SEASON_KEYS, type BuiltinSeasonKey };

export function isBuiltinSeason(id: string): id is BuiltinSeasonKey {
  return (BUILTIN_SEASON_KEYS as readonly string[]).includes(id);
}

/** A season match as a fixture row's fields (ids derived, kick-off converted to UTC); every one has a gameweek. */
export type SeasonFixture = FixtureFields & { id: string; gameweek: number };

export function toSeasonFixture(
  m: SeasonMatch,
  seasonId: string,
  opts: { league?: string; timeZone?: string } = {},
): SeasonFixture {
  const time = m.postponed ? null : m.time;
  return {
    id: fixtureId(m.home, m.away, m.date),
    seasonId,
    homeTeam: m.home,
    awayTeam: m.away,
    kickoffAt: time ? zonedToUtc(m.date, time, opts.timeZone ?? 'Europe/London') : null,
    localDate: m.date,
    localTime: time,
    gameweek: m.round,
    league: opts.league ?? 'Premier League',
    postponed: m.postponed ? 1 : 0,
  };
}

/**
 * Ids are derived, so a list may name the same match twice (the spec's seed had a duplicate);
 * the later entry wins, as setting a document by id would.
 */
export function uniqueById<T extends { id: string }>(fixtures: T[]): T[] {
  return [...new Map(fixtures.map((f) => [f.id, f])).values()];
}

const matchesCache = new Map<BuiltinSeasonKey, SeasonMatch[]>();
/** A built-in season's matches with the clubs' full names (the names fixtures store). */
function builtInMatches(key: BuiltinSeasonKey): SeasonMatch[] {
  let matches = matchesCache.get(key);
  if (!matches) {
    matches = matchesWithClubNames(builtinSeason(key), builtinClubs()).map((m) => ({
      round: m.round,
      date: m.date,
      time: m.time,
      home: m.homeName,
      away: m.awayName,
      ...(m.postponed ? { postponed: true } : {}),
      ...(m.result ? { result: m.result } : {}),
    }));
    matchesCache.set(key, matches);
  }
  return matches;
}

/** Short codes of the competitions the built-in files name (the files carry no code). */
const COMPETITION_CODES: Record<string, string> = { 'premier-league': 'PL' };

/** The season's own description: id, label and its competition. */
export function builtInSeasonInfo(key: BuiltinSeasonKey) {
  const { season, competition } = builtinSeason(key);
  const code = COMPETITION_CODES[competition.key] ?? competition.key.slice(0, 3).toUpperCase();
  return {
    id: season.key,
    label: season.label,
    competition: { id: competition.key, name: competition.name, code, timeZone: competition.timeZone },
  };
}

/** The clubs of a built-in season as club rows (catalogue key as the id). */
export function builtInClubs(key: BuiltinSeasonKey): ClubRow[] {
  const catalogue = new Map(builtinClubs().clubs.map((c) => [c.key, c]));
  return builtinSeason(key).clubs.map((k) => {
    const c = catalogue.get(k)!;
    return {
      id: c.key,
      name: c.name,
      shortName: c.shortName,
      code: c.code,
      primaryColour: c.primary,
      secondaryColour: c.secondary,
      pattern: c.badge,
    };
  });
}

const fixturesCache = new Map<BuiltinSeasonKey, SeasonFixture[]>();
/** A built-in season's fixtures in file order (round, then kick-off). */
export function builtInSeasonFixtures(key: BuiltinSeasonKey = '2025-26'): SeasonFixture[] {
  let rows = fixturesCache.get(key);
  if (!rows) {
    const { competition } = builtinSeason(key);
    rows = uniqueById(
      builtInMatches(key).map((m) =>
        toSeasonFixture(m, key, { league: competition.name, timeZone: competition.timeZone }),
      ),
    );
    fixturesCache.set(key, rows);
  }
  return rows;
}

/** The default gameweek definitions of a built-in season, one per round. */
export function builtInGameweeks(key: BuiltinSeasonKey): GameweekDefinition[] {
  return deriveGameweeks(builtInMatches(key));
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
 * The real full-time scores of a built-in season (all 380 of 2025/26; Matchdays 1–2 of
 * 2026/27), keyed by the fixture ids the import writes, in kick-off order: for the seed, tests,
 * demos and benchmarks.
 */
export function replayableResults(key: BuiltinSeasonKey = '2025-26'): ReplayableResult[] {
  const out: ReplayableResult[] = [];
  for (const m of builtInMatches(key)) {
    if (!m.result) continue;
    const f = toSeasonFixture(m, key, { timeZone: builtinSeason(key).competition.timeZone });
    if (!f.kickoffAt) continue;
    out.push({
      fixtureId: f.id,
      homeTeam: f.homeTeam,
      awayTeam: f.awayTeam,
      gameweek: f.gameweek,
      kickoffAt: f.kickoffAt,
      homeScore: m.result[0],
      awayScore: m.result[1],
    });
  }
  return out.sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.fixtureId.localeCompare(b.fixtureId));
}
