import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { gameweekSummaryDto, latestGameweekDto } from '../../../contract/summary';

/**
 * The gameweek summary is the viewer's own picks and points of a season, so it sits under
 * ['predictions', season, …] (results and own saves refresh it); its league ranks move with
 * league events, which refresh ['leagues'] and the dashboard, not this — a result does both.
 */
export const summaryKey = (season: string, gameweek: number) => ['predictions', season, 'summary', gameweek] as const;

export function useGameweekSummary(season: string | undefined, gameweek: number | null) {
  return useQuery({
    queryKey: summaryKey(season ?? '', gameweek ?? 0),
    enabled: season !== undefined && gameweek !== null,
    queryFn: ({ signal }) =>
      api(`/api/me/gameweeks/${gameweek}/summary?season=${encodeURIComponent(season!)}`, {
        schema: gameweekSummaryDto,
        signal,
      }),
  });
}

/** Where a gameweek's summary lives, keeping the season the screen shows. */
export const summaryPath = (gameweek: number, season?: string | null) =>
  `/predictions/gameweek/${gameweek}${season ? `?season=${encodeURIComponent(season)}` : ''}`;

/** The gameweek of the season's most recent result (null before any): where the Results tab and the dashboard open. */
export function useLatestResultGameweek(season: string | undefined) {
  return useQuery({
    queryKey: ['predictions', season ?? '', 'latest-result-gameweek'] as const,
    enabled: season !== undefined,
    queryFn: async ({ signal }) =>
      (
        await api(`/api/me/gameweeks/latest?season=${encodeURIComponent(season!)}`, {
          schema: latestGameweekDto,
          signal,
        })
      ).gameweek,
  });
}
