import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import {
  fixtureDeletedReply,
  fixtureImpactDto,
  fixtureListReply,
  fixtureReply,
  fixturesDeletedReply,
  importFileReply,
  importSeasonReply,
  type Fixture,
  type FixtureForm,
} from '../../../contract/fixtures';
import { gameweekListReply, gameweekReply, gameweeksInfoDto, type GameweekEdit } from '../../../contract/gameweeks';
import { seasonQs } from '../seasons/api';

/**
 * Query keys (the server's live events invalidate these prefixes), each of one season. Every
 * hook takes the season (useSeasonParam: the URL's, else the current one); undefined while it loads.
 */
export const allFixturesKey = (season: string) => ['fixtures', season, 'all'] as const;
export const gameweeksKey = (season: string) => ['gameweeks', season] as const;
export const adminGameweeksKey = (season: string) => ['admin', 'gameweeks', season] as const;
const fixtureImpactKey = (id: string) => ['admin', 'fixture-impact', id] as const;

export function useAllFixtures(season: string | undefined, enabled = true) {
  return useQuery({
    queryKey: allFixturesKey(season ?? ''),
    queryFn: async () => (await api(`/api/fixtures${seasonQs(season!)}`, { schema: fixtureListReply })).fixtures,
    enabled: enabled && season !== undefined,
  });
}

export function useGameweeksInfo(season: string | undefined, enabled = true) {
  return useQuery({
    queryKey: gameweeksKey(season ?? ''),
    queryFn: () => api(`/api/gameweeks${seasonQs(season!)}`, { schema: gameweeksInfoDto }),
    enabled: enabled && season !== undefined,
  });
}

export function useStoredGameweeks(season: string | undefined, enabled = true) {
  return useQuery({
    queryKey: adminGameweeksKey(season ?? ''),
    queryFn: async () =>
      (await api(`/api/admin/gameweeks${seasonQs(season!)}`, { schema: gameweekListReply })).gameweeks,
    enabled: enabled && season !== undefined,
    retry: false,
  });
}

const fixturePath = (id: string) => `/api/admin/fixtures/${encodeURIComponent(id)}`;

/** How many predictions and results would go with a fixture (asked before deleting it). */
export function useFixtureImpact(fixture: Fixture | null) {
  return useQuery({
    queryKey: fixtureImpactKey(fixture?.id ?? ''),
    queryFn: () => api(`${fixturePath(fixture!.id)}/impact`, { schema: fixtureImpactDto }),
    enabled: fixture !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

const FIXTURES = [['fixtures'], ['seasons']] as const;
const GAMEWEEKS = [['gameweeks'], ['admin', 'gameweeks']] as const;

/** Adds a fixture to `season`, or edits one (a fixture keeps its season). */
export const useSaveFixture = () =>
  useApiMutation(
    ({ id, season, body }: { id: string | null; season: string; body: FixtureForm }) =>
      id === null
        ? api(`/api/admin/fixtures${seasonQs(season)}`, { schema: fixtureReply, body })
        : api(fixturePath(id), { schema: fixtureReply, method: 'PUT', body }),
    { invalidates: FIXTURES },
  );

export const useDeleteFixture = () =>
  useApiMutation((id: string) => api(fixturePath(id), { schema: fixtureDeletedReply, method: 'DELETE' }), {
    invalidates: FIXTURES,
  });

export const useDeleteFixtures = () =>
  useApiMutation(
    ({ season, gameweek }: { season: string; gameweek: number | null }) =>
      api(`/api/admin/fixtures${seasonQs(season)}${gameweek === null ? '' : `&gameweek=${gameweek}`}`, {
        schema: fixturesDeletedReply,
        method: 'DELETE',
      }),
    { invalidates: FIXTURES },
  );

/** One batch of the season's built-in file; the caller goes on from nextOffset until it is null. */
export const useImportSeasonBatch = () =>
  useApiMutation(
    ({ season, offset, limit }: { season: string; offset: number; limit: number }) =>
      api(`/api/admin/fixtures/import-season${seasonQs(season)}`, {
        schema: importSeasonReply,
        body: { offset, limit },
      }),
    { invalidates: FIXTURES },
  );

export const useImportFile = () =>
  useApiMutation(
    ({ season, fileName, content }: { season: string; fileName: string; content: string }) =>
      api(`/api/admin/fixtures/import-file${seasonQs(season)}`, {
        schema: importFileReply,
        body: { fileName, content },
      }),
    { invalidates: FIXTURES },
  );

export const useSaveGameweek = () =>
  useApiMutation(
    ({ season, gameweek, body }: { season: string; gameweek: number; body: GameweekEdit }) =>
      api(`/api/admin/gameweeks/${gameweek}${seasonQs(season)}`, { schema: gameweekReply, method: 'PUT', body }),
    { invalidates: GAMEWEEKS },
  );

export const useAddGameweek = () =>
  useApiMutation(
    ({ season, gameweek }: { season: string; gameweek: number }) =>
      api(`/api/admin/gameweeks/add${seasonQs(season)}`, { schema: gameweekReply, body: { gameweek } }),
    {
      invalidates: GAMEWEEKS,
    },
  );

export const useResetGameweeks = () =>
  useApiMutation(
    (season: string) => api(`/api/admin/gameweeks/reset${seasonQs(season)}`, { schema: gameweekListReply, body: {} }),
    { invalidates: GAMEWEEKS },
  );

export const useInitializeGameweeks = () =>
  useApiMutation(
    (season: string) =>
      api(`/api/admin/gameweeks/initialize${seasonQs(season)}`, { schema: gameweekListReply, body: {} }),
    { invalidates: GAMEWEEKS },
  );
