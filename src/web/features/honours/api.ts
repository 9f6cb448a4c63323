import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { leagueArchiveDto, leagueHonoursDto, outlookDto, trophyCabinetDto } from '../../../contract/honours';

/**
 * Queries of what can still happen and the honours (decision 0109). Their keys live under
 * `['leagues', …]`, refreshed by every result and league change.
 */
export const honoursKeys = {
  outlook: (id: string, season: string) => ['leagues', 'outlook', id, season] as const,
  honours: (id: string, season: string) => ['leagues', 'honours', id, season] as const,
  archive: (id: string) => ['leagues', 'archive', id] as const,
  // Under the leagues' prefix: every result, membership and league change can move a trophy.
  trophies: ['leagues', 'trophies'] as const,
};

const path = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;
const withSeason = (season: string | undefined) => (season ? `?season=${encodeURIComponent(season)}` : '');

/** A 404 for a season the league did not exist in is an answer (null), not a failure. */
async function orNotInSeason<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export function useOutlook(leagueId: string, season: string | undefined, live = false) {
  return useQuery({
    queryKey: honoursKeys.outlook(leagueId, season ?? ''),
    enabled: season !== undefined,
    queryFn: () => orNotInSeason(api(`${path(leagueId)}/outlook${withSeason(season)}`, { schema: outlookDto })),
    // While matches are in play the "if it stays like this" places follow the scores.
    refetchInterval: live ? 60_000 : false,
  });
}

export function useLeagueHonours(leagueId: string, season: string | undefined) {
  return useQuery({
    queryKey: honoursKeys.honours(leagueId, season ?? ''),
    enabled: season !== undefined,
    queryFn: () => orNotInSeason(api(`${path(leagueId)}/honours${withSeason(season)}`, { schema: leagueHonoursDto })),
  });
}

export function useLeagueArchive(leagueId: string, enabled = true) {
  return useQuery({
    queryKey: honoursKeys.archive(leagueId),
    enabled,
    queryFn: () => api(`${path(leagueId)}/archive`, { schema: leagueArchiveDto }),
  });
}

export function useTrophies() {
  return useQuery({
    queryKey: honoursKeys.trophies,
    queryFn: () => api('/api/me/trophies', { schema: trophyCabinetDto }),
  });
}
