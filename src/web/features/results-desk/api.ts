import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { bulkResultsReply, resultDeskDto, type BulkResultsBody } from '../../../contract/results';

/** The desk is a fixture list of a season, so result and fixture events refresh it. */
export const deskKey = (season: string, gameweek: number | undefined) => ['fixtures', season, 'result-desk', gameweek ?? 'default'] as const;

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
  useApiMutation((body: BulkResultsBody) => api('/api/admin/results', { schema: bulkResultsReply, method: 'PUT', body }), { invalidates: [['fixtures']] });
