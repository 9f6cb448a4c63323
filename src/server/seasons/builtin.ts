import { fixtureId } from '../../game/fixture-id.js';
import type { GameweekDefinition } from '../../game/gameweeks.js';
import { deriveGameweeks, type SeasonMatch } from '../../game/season.js';
import { zonedToUtc } from '../../game/time.js';
import type { Scoreline } from '../../game/scoring.js';
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

/** A built-in match as the seed reads it: a season match with its kick-off as the file gives it and its knockout facts. */
interface BuiltInMatch extends SeasonMatch {
  /** The UTC instant the file gives (null while postponed). */
  kickoffAt: string | null;
  stage: string;
  group: string | null;
  leg: number | null;
  /** The placeholder of a side whose team is not known yet (then `home`/`away` hold it too). */
  homeLabel: string | null;
  awayLabel: string | null;
  /** Cumulative score after extra time, and the shoot-out, when the match had them. */
  extraTime: [number, number] | null;
  penalties: [number, number] | null;
}

const matchesCache = new Map<BuiltinSeasonKey, BuiltInMatch[]>();
/** A built-in season's matches with the clubs' full names (the names fixtures store; a team not known yet: its placeholder). */
function builtInMatches(key: BuiltinSeasonKey): BuiltInMatch[] {
  let matches = matchesCache.get(key);
  if (!matches) {
    const season = builtinSeason(key);
    const stageOf = new Map(season.rounds.map((r) => [r.round, r.stage]));
    matches = matchesWithClubNames(season, builtinClubs()).map((m) => ({
      round: m.round,
      date: m.date,
      time: m.time,
      kickoffAt: m.postponed ? null : m.kickoffAt,
      home: m.homeName,
      away: m.awayName,
      ...(m.postponed ? { postponed: true } : {}),
      ...(m.result ? { result: m.result } : {}),
      stage: stageOf.get(m.round) ?? 'league',
      group: m.group ?? null,
      leg: m.leg ?? null,
      homeLabel: m.home === null ? m.homeName : null,
      awayLabel: m.away === null ? m.awayName : null,
      extraTime: m.extraTime ?? null,
      penalties: m.penalties ?? null,
    }));
    matchesCache.set(key, matches);
  }
  return matches;
}

/** Whether a built-in season is a league season (every round of the `league` stage): its fixtures are matched by club pair. */
export function isLeagueSeason(key: BuiltinSeasonKey): boolean {
  return builtinSeason(key).rounds.every((r) => r.stage === 'league');
}

/** Short codes of the competitions the built-in files name (the files carry no code). */
const COMPETITION_CODES: Record<string, string> = {
  'premier-league': 'PL',
  'champions-league': 'UCL',
  'world-cup': 'WC',
};

/** The season's own description: id, label and its competition. */
export function builtInSeasonInfo(key: BuiltinSeasonKey) {
  const { season, competition } = builtinSeason(key);
  const code = COMPETITION_CODES[competition.key] ?? competition.key.slice(0, 3).toUpperCase();
  // A competition whose kick-offs each carry their own offset (the World Cup) has no one zone: UTC then.
  const timeZone = competition.timeZone ?? 'UTC';
  return {
    id: season.key,
    label: season.label,
    competition: { id: competition.key, name: competition.name, code, timeZone },
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

/** A built-in fixture's knockout columns (migration 0060): null in a league season. */
export interface KnockoutFields {
  stage: string | null;
  groupName: string | null;
  leg: number | null;
  homeLabel: string | null;
  awayLabel: string | null;
}

/** A built-in match as a fixture row: the kick-off the file gives (checked against its zone or offset when the file was loaded). */
function fixtureOf(m: BuiltInMatch, key: BuiltinSeasonKey, league: string): SeasonFixture & KnockoutFields {
  const time = m.postponed ? null : m.time;
  return {
    id: fixtureId(m.home, m.away, m.date),
    seasonId: builtInSeasonInfo(key).id,
    homeTeam: m.home,
    awayTeam: m.away,
    kickoffAt: time ? m.kickoffAt : null,
    localDate: m.date,
    localTime: time,
    gameweek: m.round,
    league,
    postponed: m.postponed ? 1 : 0,
    stage: m.stage === 'league' ? null : m.stage,
    groupName: m.group,
    leg: m.leg,
    homeLabel: m.homeLabel,
    awayLabel: m.awayLabel,
  };
}

const fixturesCache = new Map<BuiltinSeasonKey, Array<SeasonFixture & KnockoutFields>>();
/** A built-in season's fixtures in file order (round, then kick-off), with their knockout columns. */
export function builtInSeasonFixtures(key: BuiltinSeasonKey = '2025-26'): Array<SeasonFixture & KnockoutFields> {
  let rows = fixturesCache.get(key);
  if (!rows) {
    const { competition } = builtinSeason(key);
    rows = uniqueById(builtInMatches(key).map((m) => fixtureOf(m, key, competition.name)));
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
  /** The score after 90 minutes. */
  homeScore: number;
  awayScore: number;
  /** Extra time (cumulative) and the shoot-out, when the match had them. */
  extraTime: Scoreline | null;
  penalties: Scoreline | null;
}

const scoreline = (pair: [number, number] | null): Scoreline | null =>
  pair ? { homeScore: pair[0], awayScore: pair[1] } : null;

/**
 * The real scores of a built-in season (the knockout seasons with extra time and penalties) (all 380 of 2025/26; Matchdays 1–2 of
 * 2026/27), keyed by the fixture ids the import writes, in kick-off order: for the seed, tests,
 * demos and benchmarks.
 */
export function replayableResults(key: BuiltinSeasonKey = '2025-26'): ReplayableResult[] {
  const out: ReplayableResult[] = [];
  for (const m of builtInMatches(key)) {
    if (!m.result) continue;
    const f = fixtureOf(m, key, '');
    if (!f.kickoffAt) continue;
    out.push({
      fixtureId: f.id,
      homeTeam: f.homeTeam,
      awayTeam: f.awayTeam,
      gameweek: f.gameweek,
      kickoffAt: f.kickoffAt,
      homeScore: m.result[0],
      awayScore: m.result[1],
      extraTime: scoreline(m.extraTime),
      penalties: scoreline(m.penalties),
    });
  }
  return out.sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.fixtureId.localeCompare(b.fixtureId));
}
