import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { DashboardDto } from '../../../server/features/dashboard/presenter';

export type Dashboard = DashboardDto;

/** A league position row from the leagues feature (GET /api/leagues/positions). */
export interface LeaguePosition {
  leagueId: string;
  name: string;
  position: number;
  memberCount: number;
  points: number;
  change: 'up' | 'down' | 'same';
}

export const dashboardKey = ['dashboard'] as const;
/** Under ['leagues'] so league events refresh it. */
export const positionsKey = ['leagues', 'positions'] as const;

export function useDashboard() {
  return useQuery({ queryKey: dashboardKey, queryFn: async () => (await api<{ dashboard: Dashboard }>('/api/dashboard')).dashboard });
}

export function useLeaguePositions() {
  return useQuery({ queryKey: positionsKey, queryFn: async () => (await api<{ positions: LeaguePosition[] }>('/api/leagues/positions')).positions });
}
