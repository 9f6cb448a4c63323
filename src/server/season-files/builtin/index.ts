import clubsJson from './clubs.json' with { type: 'json' };
import season2025 from './2025-26.json' with { type: 'json' };
import season2026 from './2026-27.json' with { type: 'json' };
import championsLeague2025 from './champions-league-2025-26.json' with { type: 'json' };
import worldCup2026 from './world-cup-2026.json' with { type: 'json' };
import {
  loadClubCatalogue,
  loadSeasonFile,
  type ClubCatalogue,
  type ClubRecord,
  type OwnSeasonFile,
} from '../season-format.js';

/**
 * The seasons the app ships, in the project's own format (written by `npm run season:convert`),
 * and the club catalogue: the Premier League's (keys `2025-26`, `2026-27`: ids in players'
 * databases), the Champions League 2025/26 and the World Cup 2026. Imported as modules so the bundled server carries them; each is
 * validated on first use, so a hand-edited file that breaks the format fails at start-up, loudly.
 */
const RAW_SEASONS = {
  '2025-26': season2025,
  '2026-27': season2026,
  'champions-league-2025-26': championsLeague2025,
  'world-cup-2026': worldCup2026,
} as const;
export type BuiltinSeasonKey = keyof typeof RAW_SEASONS;
export const BUILTIN_SEASON_KEYS = Object.keys(RAW_SEASONS) as BuiltinSeasonKey[];

let catalogue: ClubCatalogue | null = null;
const seasons = new Map<BuiltinSeasonKey, OwnSeasonFile>();

/** Every club of the built-in seasons. */
export function builtinClubs(): ClubCatalogue {
  catalogue ??= loadClubCatalogue(clubsJson, 'builtin/clubs.json');
  return catalogue;
}

/** The club with this key (throws for a key the catalogue does not have). */
export function builtinClub(key: string): ClubRecord {
  const club = builtinClubs().clubs.find((c) => c.key === key);
  if (!club) throw new Error(`No club "${key}" in builtin/clubs.json`);
  return club;
}

/** One built-in season, validated against the format and the catalogue. */
export function builtinSeason(key: BuiltinSeasonKey): OwnSeasonFile {
  let season = seasons.get(key);
  if (!season) {
    season = loadSeasonFile(RAW_SEASONS[key], builtinClubs(), `builtin/${key}.json`);
    seasons.set(key, season);
  }
  return season;
}
