import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { viewerTimeZone } from '../../lib/format';
import { statisticsReply } from '../../../contract/statistics';

/** Under ['statistics', season], so a result or prediction in that season refreshes it. */
export const statisticsKey = (season: string, league: string | null, tz: string) =>
  ['statistics', season, league ?? 'overall', tz] as const;

/** The viewer's statistics in a season (undefined while it loads), ranked overall or in one league. */
export function useStatistics(season: string | undefined, league: string | null) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: statisticsKey(season ?? '', league, tz),
    enabled: season !== undefined,
    queryFn: async () => {
      const params = new URLSearchParams({ season: season!, tz });
      if (league) params.set('league', league);
      return (await api(`/api/me/statistics?${params}`, { schema: statisticsReply })).statistics;
    },
    // Switching the rank-history league keeps the page on screen while the new answer loads.
    placeholderData: keepPreviousData,
  });
}
