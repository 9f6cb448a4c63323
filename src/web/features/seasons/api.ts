import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import {
  ALL_SEASONS,
  clubListReply,
  competitionListReply,
  seasonListReply,
  type ClubInfo,
  type Season,
} from '../../../contract/seasons';
import type { SeasonLead } from '../../../game/season-phase';
import { chooseSeason, defaultSeason, leadOfPath, seasonParam, type SeasonChoice } from './season-view';
import { leagueDefaultSeason, useLeagueOnShow, type LeagueMade } from '../leagues/league-seasons';

/**
 * Seasons and clubs on the web. Every season-scoped query names its season in its key
 * (`['fixtures', season, …]`), so a live event about one season refreshes only that season's
 * screens. The season a screen shows is the URL's `?season=`, else the current one.
 */
export const seasonsKey = ['seasons'] as const;
export const clubsKey = (season: string) => ['clubs', season] as const;

/** Every competition that has a season, the Premier League first, each with its own current season. */
export function useCompetitions() {
  return useQuery({
    queryKey: [...seasonsKey, 'competitions'],
    queryFn: () => api('/api/competitions', { schema: competitionListReply }),
    staleTime: 60_000,
  });
}

export function useSeasons() {
  return useQuery({
    queryKey: seasonsKey,
    queryFn: () => api('/api/seasons', { schema: seasonListReply }),
    staleTime: 60_000,
  });
}

/**
 * What the screen on show leads with (season-view.ts `leadOfPath`): tables, statistics and
 * summaries lead with the season just played between seasons, every other screen with the
 * current one. Every part of a screen (a league table, a picks dialog) follows it.
 */
export function useSeasonLead(): SeasonLead {
  return leadOfPath(useLocation().pathname);
}

/**
 * The season the screen on show leads with when the URL names none (its `?season=` default):
 * the current season, or between seasons the one just played on tables, statistics and
 * summaries. Undefined until the seasons are known.
 */
export function useDefaultSeason(lead?: SeasonLead): string | undefined {
  const screen = useSeasonLead();
  const seasons = useSeasons();
  // On a league's page: a season the league existed in (leagues/league-seasons.ts).
  const league = useLeagueOnShow();
  return (
    league ? leagueDefaultSeason(seasons.data, lead ?? screen, league) : defaultSeason(seasons.data, lead ?? screen)
  )?.id;
}

/**
 * The season this screen shows: `?season=` in the URL (a season switcher sets it), else the one
 * the screen leads with (`useDefaultSeason`). Undefined until the seasons are known; queries
 * wait for it.
 */
export function useSeasonParam(): string | undefined {
  const [params] = useSearchParams();
  const fallback = useDefaultSeason();
  return seasonParam(params) ?? fallback;
}

/** The season this screen shows as a choice: a season (read-only or not), all seasons, not found, or loading. */
export function useSeasonChoice(opts: { allowAll?: boolean; league?: LeagueMade | null } = {}): SeasonChoice {
  const [params] = useSearchParams();
  const lead = useSeasonLead();
  const seasons = useSeasons();
  // Seasons that failed to load: the screen goes on with the URL's id (its own reads say what went wrong).
  if (seasons.isError) return { kind: 'loading' };
  const param = seasonParam(params);
  const { league, ...rest } = opts;
  // A league's page without ?season= leads with a season the league existed in (leagues/league-seasons.ts).
  const fallback = league && param === null ? leagueDefaultSeason(seasons.data, lead, league) : null;
  if (!fallback) return chooseSeason(param, seasons.data, { ...rest, lead });
  const choice = chooseSeason(fallback.id, seasons.data, { ...rest, lead });
  return choice.kind === 'season' ? { ...choice, isDefault: true } : choice;
}

/** The season this screen shows, with its phase and label (undefined while loading). */
export function useSelectedSeason(): Season | undefined {
  const id = useSeasonParam();
  const seasons = useSeasons();
  return seasons.data?.seasons.find((s) => s.id === id);
}

/** `?season=<id>` to append to an API path (the id of the season a screen shows). */
export const seasonQs = (season: string, sep: '?' | '&' = '?') => `${sep}season=${encodeURIComponent(season)}`;

/** A season's clubs (the admin's fixture form lists them), or every club with 'all'. */
export function useSeasonClubs(season: string | undefined) {
  return useQuery({
    queryKey: clubsKey(season ?? ''),
    enabled: season !== undefined,
    staleTime: 5 * 60_000,
    queryFn: async () => (await api(`/api/clubs${seasonQs(season!)}`, { schema: clubListReply })).clubs,
  });
}

/**
 * Every club by name (badges, short names, card colours work on any season's screen). Clubs
 * change rarely; until they have loaded, a name shows without its colours.
 */
export function useClubs(): Map<string, ClubInfo> {
  const q = useSeasonClubs(ALL_SEASONS);
  return useMemo(() => new Map((q.data ?? []).map((c) => [c.name, c])), [q.data]);
}

/** One club by name, if the catalogue has it. */
export function useClub(name: string): ClubInfo | undefined {
  return useClubs().get(name);
}
