import { ALL_SEASONS, type Season, type SeasonList } from '../../../contract/seasons';
import { leadingSeason, type SeasonLead } from '../../../game/season-phase';
import { competitionName, competitionSeasonName } from '../../lib/match-facts';

/**
 * Which season a screen shows, decided from the URL's `?season=` and `/api/seasons` (pure, so
 * it is tested on its own). Absent means the season the screen leads with (`leadOfPath`: the
 * current season, or between seasons the one just played for tables, statistics and summaries);
 * `all` means every season added up (league tables only); anything else must be a season's id,
 * or the screen says "Season not found".
 */
export type SeasonChoice =
  | { kind: 'loading' }
  | {
      kind: 'season';
      season: Season;
      /** The current season (the one being played or coming next; the board's). */
      isCurrent: boolean;
      /** The one this screen leads with when the URL names none (always set by `chooseSeason`). */
      isDefault?: boolean;
      readOnly: boolean;
    }
  | { kind: 'all' }
  | { kind: 'not-found'; id: string };

/**
 * The screens about what has been played (league tables and the overall leaderboard, statistics,
 * gameweek summaries): between seasons they lead with the season just finished (decision record
 * 0043). Every other screen leads with the current season (the board's).
 */
const STANDINGS_PATHS = ['/leaderboard', '/statistics', '/predictions/gameweek/'] as const;

/** What the screen at `pathname` leads with: `standings` or `board`. */
export function leadOfPath(pathname: string): SeasonLead {
  return STANDINGS_PATHS.some((p) =>
    p.endsWith('/') ? pathname.startsWith(p) : pathname === p || pathname.startsWith(`${p}/`),
  )
    ? 'standings'
    : 'board';
}

/**
 * The season a screen leads with when the URL names none, by the rule the server applies to its
 * reads (src/game/season-phase.ts `leadingSeason`, on the phases the server worked out). Null
 * only without seasons.
 */
export function defaultSeason(list: SeasonList | undefined, lead: SeasonLead, competitionId?: string): Season | null {
  if (!list) return null;
  // Each competition has its own current season; without one named, the app's (the Premier League's).
  const current =
    (competitionId === undefined
      ? list.seasons.find((s) => s.id === list.current)
      : list.seasons.find((s) => s.competition.id === competitionId && s.current)) ?? null;
  if (!current && competitionId !== undefined)
    return list.seasons.find((s) => s.competition.id === competitionId) ?? null;
  const mine = current ? list.seasons.filter((s) => s.competition.id === current.competition.id) : list.seasons;
  return leadingSeason(lead, mine, current);
}

/** A season in a switcher: "2026/27 (current)"; before its first kick-off the current season is the next one: "2026/27 (next)". */
export const seasonOption = (s: Season) =>
  `${s.label}${s.current ? (s.phase === 'upcoming' ? ' (next)' : ' (current)') : ''}`;

/**
 * A season in a switcher with its competition: "Premier League 2026/27 (current)", "World Cup 2026",
 * "Champions League 2025/26"; a competition's current season that is over says nothing more.
 */
export const seasonOptionName = (s: Season) =>
  `${competitionSeasonName(s)}${s.current && s.phase !== 'finished' ? (s.phase === 'upcoming' ? ' (next)' : ' (current)') : ''}`;

/** The seasons grouped by competition for a switcher's <optgroup>s: the Premier League first, then by name; each newest first as given. */
export function seasonsByCompetition(seasons: readonly Season[]): { id: string; name: string; seasons: Season[] }[] {
  const groups = new Map<string, { id: string; name: string; seasons: Season[] }>();
  for (const s of seasons) {
    const g = groups.get(s.competition.id);
    if (g) g.seasons.push(s);
    else groups.set(s.competition.id, { id: s.competition.id, name: competitionName(s.competition), seasons: [s] });
  }
  const first = (id: string) => (id === 'premier-league' ? 0 : 1);
  return [...groups.values()].sort((a, b) => first(a.id) - first(b.id) || a.name.localeCompare(b.name));
}

/** The `?season=` value, trimmed; null when absent or empty (both mean the screen's own season). */
export function seasonParam(search: URLSearchParams): string | null {
  const raw = search.get('season')?.trim();
  return raw ? raw : null;
}

export function chooseSeason(
  param: string | null,
  list: SeasonList | undefined,
  opts: { allowAll?: boolean; lead?: SeasonLead } = {},
): SeasonChoice {
  if (param === ALL_SEASONS && opts.allowAll) return { kind: 'all' };
  if (!list) return { kind: 'loading' };
  const fallback = defaultSeason(list, opts.lead ?? 'board')?.id ?? list.current;
  const id = param ?? fallback;
  const season = list.seasons.find((s) => s.id === id);
  if (!season) return { kind: 'not-found', id };
  return {
    kind: 'season',
    season,
    isCurrent: season.id === list.current,
    isDefault: season.id === fallback,
    readOnly: isReadOnly(season),
  };
}

/**
 * A season whose matches are all behind us takes no predictions (the server refuses them by the
 * deadlines anyway): the screens show results and points instead of predict controls.
 */
export const isReadOnly = (season: Season) => season.phase === 'finished';

/**
 * `path` with the season a screen shows carried over (links between the season-scoped screens
 * keep the choice). A null season is left out: absent means the screen's own season, so links
 * stay short and follow the seasons as they change. `all` only survives onto the leaderboard.
 */
export function withSeason(path: string, season: string | null): string {
  if (!season) return path;
  if (season === ALL_SEASONS && !path.startsWith('/leaderboard')) return path;
  const [base, query = ''] = path.split('?');
  const qs = new URLSearchParams(query);
  qs.set('season', season);
  return `${base}?${qs.toString()}`;
}

/** The season-scoped screens: moving between them keeps the season chosen on one. */
export const SEASON_SCREENS = ['/predictions', '/leaderboard', '/statistics'] as const;

/** A navigation link from a page whose query is `search`: a season-scoped screen keeps its season. */
export function seasonLink(path: string, search: URLSearchParams): string {
  return (SEASON_SCREENS as readonly string[]).includes(path) ? withSeason(path, seasonParam(search)) : path;
}

/** The URL's search after choosing `season` (null, or the season the screen leads with anyway: the parameter goes). */
export function searchWithSeason(
  search: URLSearchParams,
  season: string | null,
  screenDefault: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (season === null || season === screenDefault) next.delete('season');
  else next.set('season', season);
  return next;
}

/**
 * Between seasons: the current season has not started yet after another has finished, or the
 * current season is itself finished with nothing after it. `over` is the season just ended (the
 * one whose final table to link to), `next` the one to come (null: its fixtures are not out yet).
 * Null while a season is being played, or before any season has been played at all.
 */
export interface SeasonBreak {
  over: Season;
  next: Season | null;
}

export function seasonBreak(list: SeasonList | undefined): SeasonBreak | null {
  if (!list) return null;
  const current = list.seasons.find((s) => s.id === list.current);
  if (!current) return null;
  if (current.phase === 'finished') {
    // A season already scheduled after the finished current one (a pinned season can lag behind).
    const next = list.seasons.filter((s) => s.phase === 'upcoming' && s.nextKickoff !== null).sort(byStart)[0] ?? null;
    return { over: current, next };
  }
  if (current.phase !== 'upcoming') return null;
  // The season the tables lead with meanwhile: the one that finished last.
  const over = defaultSeason(list, 'standings');
  return over && over.phase === 'finished'
    ? { over, next: current.nextKickoff || current.startDate ? current : null }
    : null;
}

const byStart = (a: Season, b: Season) =>
  (a.nextKickoff ?? a.startDate ?? '').localeCompare(b.nextKickoff ?? b.startDate ?? '');

/**
 * When the next season starts, for "the 2027/28 season starts on Saturday 14 August 2027": its
 * first kick-off as an instant (shown in the viewer's zone), else its first UK date at midday UTC
 * (a date alone names the same day in every zone near the UK's). Null when it has no date.
 */
export function nextSeasonStart(next: Season): string | null {
  if (next.nextKickoff) return next.nextKickoff;
  if (next.startDate) return `${next.startDate}T12:00:00.000Z`;
  return null;
}
