import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { leaderboardPageDto } from '../../../contract/leaderboard';

/** Under ['leagues'], so every result (and league) event refreshes it like the league tables. */
export const leaderboardKey = (season: string, gameweek: number | null, at: number | 'me') =>
  ['leagues', 'leaderboard', season, gameweek ?? 'season', at] as const;

/** A page of the overall leaderboard of a season (or one gameweek); `at` 'me' asks for the page with the viewer's row. */
export function useLeaderboard(season: string | undefined, gameweek: number | null, at: number | 'me') {
  return useQuery({
    queryKey: leaderboardKey(season ?? '', gameweek, at),
    enabled: season !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ season: season! });
      if (gameweek !== null) qs.set('gameweek', String(gameweek));
      if (at === 'me') qs.set('around', 'me');
      else qs.set('page', String(at));
      return api(`/api/leaderboard?${qs.toString()}`, { schema: leaderboardPageDto, signal });
    },
  });
}
