import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { followServerNow } from '../../lib/page-clock';
import { dashboardReply } from '../../../contract/dashboard';
import { positionListReply } from '../../../contract/leagues';

export const dashboardKey = ['dashboard'] as const;
/** Under ['leagues'] so league events refresh it. */
export const positionsKey = ['leagues', 'positions'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async () => {
      const { dashboard } = await api('/api/dashboard', { schema: dashboardReply });
      // The page's clock follows the server's from the moment the answer arrives.
      followServerNow(dashboard.now);
      return dashboard;
    },
  });
}

/** The player's league positions, and the season they are of (between seasons, the one just finished). */
export function useLeaguePositions() {
  return useQuery({
    queryKey: positionsKey,
    queryFn: () => api('/api/leagues/positions', { schema: positionListReply }),
  });
}
