import { zonedToUtc } from '../../game/time.js';
import type { ParsedMatch, ParsedSeason } from './types.js';
import {
  loadSeasonFile,
  SEASON_FORMAT,
  type ClubCatalogue,
  type OwnSeasonFile,
  type OwnSeasonMatch,
} from './season-format.js';

export interface ConvertOptions {
  /** `2025-26` (the label `2025/26` is derived from it). */
  seasonKey: string;
  competition: OwnSeasonFile['competition'];
  /** Where the data came from, and its licence (kept in the file). */
  source: string;
  catalogue: ClubCatalogue;
}

export const PREMIER_LEAGUE: OwnSeasonFile['competition'] = {
  key: 'premier-league',
  name: 'Premier League',
  timeZone: 'Europe/London',
};

/** `2025-26` → `2025/26`. */
export function seasonLabel(seasonKey: string): string {
  return seasonKey.replace('-', '/');
}

/** `2025-26.txt`, `/x/2026-27.json` → `2025-26`, or null when the name carries no season. */
export function seasonKeyFromFileName(fileName: string): string | null {
  const m = /(\d{4})-(\d{2})(?:\.[a-z0-9]+)?$/i.exec(fileName);
  return m && Number(m[2]) === (Number(m[1]) + 1) % 100 ? `${m[1]}-${m[2]}` : null;
}

/**
 * A parsed season file in the project's own format: club names become catalogue keys (every
 * unknown name is listed in the error), UTC kick-offs are derived from the published local times
 * in the competition's zone, and matches are ordered by round, then date and time (no time last),
 * then file order, so converting the same input twice gives the same file.
 */
export function toOwnSeason(parsed: ParsedSeason, opts: ConvertOptions): OwnSeasonFile {
  const keyByName = new Map(opts.catalogue.clubs.map((c) => [c.name, c.key]));
  const names = [...new Set(parsed.matches.flatMap((m) => [m.home, m.away]))];
  const unknown = names.filter((n) => !keyByName.has(n)).sort();
  if (unknown.length)
    throw new Error(`Clubs not in the catalogue (add them to builtin/clubs.json): ${unknown.join(', ')}`);
  const label = seasonLabel(opts.seasonKey);
  if (parsed.name && !parsed.name.includes(label))
    throw new Error(`The file's title "${parsed.name}" does not name the season ${label}`);

  const ordered = parsed.matches
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.round - b.m.round || a.m.date.localeCompare(b.m.date) || compareTime(a.m, b.m) || a.i - b.i)
    .map(({ m }) => m);
  const matches = ordered.map((m): OwnSeasonMatch => {
    const time = m.postponed ? null : m.time;
    return {
      round: m.round,
      date: m.date,
      time,
      kickoffAt: time ? zonedToUtc(m.date, time, opts.competition.timeZone!) : null,
      home: keyByName.get(m.home)!,
      away: keyByName.get(m.away)!,
      ...(time === null ? { postponed: true as const } : {}),
      ...(m.result ? { result: [m.result[0], m.result[1]] as [number, number] } : {}),
    };
  });
  const season: OwnSeasonFile = {
    format: SEASON_FORMAT,
    competition: opts.competition,
    season: { key: opts.seasonKey, label, title: parsed.name ?? `${opts.competition.name} ${label}` },
    source: opts.source,
    clubs: names.map((n) => keyByName.get(n)!).sort(),
    rounds: [...new Set(matches.map((m) => m.round))]
      .sort((a, b) => a - b)
      .map((round) => ({ round, name: `Matchday ${round}`, stage: 'league' as const, knockout: false })),
    matches,
  };
  return loadSeasonFile(season, opts.catalogue, `Season ${label}`);
}

function compareTime(a: ParsedMatch, b: ParsedMatch): number {
  const ta = a.postponed ? null : a.time;
  const tb = b.postponed ? null : b.time;
  if (ta === tb) return 0;
  if (ta === null) return 1;
  if (tb === null) return -1;
  return ta.localeCompare(tb);
}

/**
 * The file's text: the header pretty-printed, then one round and one match per line, so the
 * file stays small and a re-import's diff shows exactly which matches moved or got a result.
 */
export function formatSeasonFile(season: OwnSeasonFile): string {
  const { clubs, rounds, matches, ...header } = season;
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, '');
  const list = (items: unknown[]) => items.map((x) => `    ${JSON.stringify(x)}`).join(',\n');
  return `${head},\n  "clubs": ${JSON.stringify(clubs)},\n  "rounds": [\n${list(rounds)}\n  ],\n  "matches": [\n${list(matches)}\n  ]\n}\n`;
}
