import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { StatisticsDto } from '../../../server/features/statistics/presenter';

export type Statistics = StatisticsDto;

/** The viewer's own time zone (weekday performance is counted in it). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/London';
}

export const statisticsKey = (league: string | null, tz: string) => ['statistics', league ?? 'overall', tz] as const;

export function useStatistics(league: string | null) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: statisticsKey(league, tz),
    queryFn: async () => {
      const params = new URLSearchParams({ tz });
      if (league) params.set('league', league);
      return (await api<{ statistics: Statistics }>(`/api/me/statistics?${params}`)).statistics;
    },
    // Switching the rank-history league keeps the page on screen while the new answer loads.
    placeholderData: keepPreviousData,
  });
}
