import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { awaitingResultsReply } from '../../../contract/admin';
import { feedStateReply, syncNowReply } from '../../../contract/admin-seasons';
import { bulkResultsReply, resultDeskDto, type BulkResultsBody } from '../../../contract/results';

/** The desk is a fixture list of a season, so result and fixture events refresh it. */
export const deskKey = (season: string, gameweek: number | undefined) =>
  ['fixtures', season, 'result-desk', gameweek ?? 'default'] as const;

/**
 * Matches past their live window without a result, per season. Under ['matches']: every result,
 * in-play score, fixture change and feed run publishes it. Nothing is published when the clock
 * moves a match past its live window, so it is also read again every minute.
 */
export const awaitingKey = ['matches', 'awaiting-results'] as const;

export function useAwaitingResults() {
  return useQuery({
    queryKey: awaitingKey,
    queryFn: ({ signal }) => api('/api/admin/awaiting-results', { schema: awaitingResultsReply, signal }),
    refetchInterval: 60_000,
  });
}

export function useResultDesk(season: string | undefined, gameweek: number | undefined) {
  return useQuery({
    queryKey: deskKey(season ?? '', gameweek),
    enabled: season !== undefined,
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ season: season! });
      if (gameweek !== undefined) qs.set('gameweek', String(gameweek));
      return api(`/api/admin/results/desk?${qs.toString()}`, { schema: resultDeskDto, signal });
    },
  });
}

export const useSaveAllResults = () =>
  useApiMutation(
    (body: BulkResultsBody) => api('/api/admin/results', { schema: bulkResultsReply, method: 'PUT', body }),
    { invalidates: [['fixtures'], awaitingKey] },
  );

const seasonPath = (id: string) => `/api/admin/seasons/${encodeURIComponent(id)}`;

/**
 * Accepting a feed address (the suggested one, or as edited): saved as the season's feed, then
 * read at once, so the missing results arrive now rather than at the next scheduled poll. The
 * answer is the run (its outcome says what changed, or why nothing did).
 */
export const useAcceptFeed = () =>
  useApiMutation(
    async ({ season, feedUrl }: { season: string; feedUrl: string }) => {
      await api(`${seasonPath(season)}/feed`, { method: 'PUT', body: { feedUrl }, schema: feedStateReply });
      return (await api(`${seasonPath(season)}/feed/sync`, { method: 'POST', body: {}, schema: syncNowReply })).run;
    },
    // A sync can change any of the season's screens (results, points, tables).
    {
      invalidates: [
        ['admin'],
        ['matches'],
        ['seasons'],
        ['fixtures'],
        ['gameweeks'],
        ['predictions'],
        ['statistics'],
        ['leagues'],
        ['dashboard'],
      ],
    },
  );
