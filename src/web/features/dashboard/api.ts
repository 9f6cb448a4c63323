import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { dashboardReply } from '../../../contract/dashboard';
import { positionListReply } from '../../../contract/leagues';

export const dashboardKey = ['dashboard'] as const;
/** Under ['leagues'] so league events refresh it. */
export const positionsKey = ['leagues', 'positions'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async () => (await api('/api/dashboard', { schema: dashboardReply })).dashboard,
  });
}

/** The player's league positions, and the season they are of (between seasons, the one just finished). */
export function useLeaguePositions() {
  return useQuery({
    queryKey: positionsKey,
    queryFn: () => api('/api/leagues/positions', { schema: positionListReply }),
  });
}
