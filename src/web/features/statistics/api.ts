import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { viewerTimeZone } from '../../lib/format';
import { statisticsReply } from '../../../contract/statistics';

export const statisticsKey = (league: string | null, tz: string) => ['statistics', league ?? 'overall', tz] as const;

export function useStatistics(league: string | null) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: statisticsKey(league, tz),
    queryFn: async () => {
      const params = new URLSearchParams({ tz });
      if (league) params.set('league', league);
      return (await api(`/api/me/statistics?${params}`, { schema: statisticsReply })).statistics;
    },
    // Switching the rank-history league keeps the page on screen while the new answer loads.
    placeholderData: keepPreviousData,
  });
}
