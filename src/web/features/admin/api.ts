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

/** Query keys (the server's live events invalidate these prefixes). */
export const allFixturesKey = ['fixtures', 'all'] as const;
export const gameweeksKey = ['gameweeks'] as const;
export const adminGameweeksKey = ['admin', 'gameweeks'] as const;
const fixtureImpactKey = (id: string) => ['admin', 'fixture-impact', id] as const;

export function useAllFixtures(enabled = true) {
  return useQuery({ queryKey: allFixturesKey, queryFn: async () => (await api('/api/fixtures', { schema: fixtureListReply })).fixtures, enabled });
}

export function useGameweeksInfo(enabled = true) {
  return useQuery({ queryKey: gameweeksKey, queryFn: () => api('/api/gameweeks', { schema: gameweeksInfoDto }), enabled });
}

export function useStoredGameweeks(enabled = true) {
  return useQuery({
    queryKey: adminGameweeksKey,
    queryFn: async () => (await api('/api/admin/gameweeks', { schema: gameweekListReply })).gameweeks,
    enabled,
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

const FIXTURES = [['fixtures']] as const;
const GAMEWEEKS = [['gameweeks'], adminGameweeksKey] as const;

export const useSaveFixture = () =>
  useApiMutation(
    ({ id, body }: { id: string | null; body: FixtureForm }) =>
      id === null ? api('/api/admin/fixtures', { schema: fixtureReply, body }) : api(fixturePath(id), { schema: fixtureReply, method: 'PUT', body }),
    { invalidates: FIXTURES },
  );

export const useDeleteFixture = () => useApiMutation((id: string) => api(fixturePath(id), { schema: fixtureDeletedReply, method: 'DELETE' }), { invalidates: FIXTURES });

export const useDeleteFixtures = () =>
  useApiMutation(
    (gameweek: number | null) =>
      api(gameweek === null ? '/api/admin/fixtures' : `/api/admin/fixtures?gameweek=${gameweek}`, { schema: fixturesDeletedReply, method: 'DELETE' }),
    { invalidates: FIXTURES },
  );

/** One batch of the built-in season; the caller goes on from nextOffset until it is null. */
export const useImportSeasonBatch = () =>
  useApiMutation(({ offset, limit }: { offset: number; limit: number }) => api('/api/admin/fixtures/import-season', { schema: importSeasonReply, body: { offset, limit } }), {
    invalidates: FIXTURES,
  });

export const useImportFile = () =>
  useApiMutation(({ fileName, content }: { fileName: string; content: string }) => api('/api/admin/fixtures/import-file', { schema: importFileReply, body: { fileName, content } }), {
    invalidates: FIXTURES,
  });

export const useSaveGameweek = () =>
  useApiMutation(({ gameweek, body }: { gameweek: number; body: GameweekEdit }) => api(`/api/admin/gameweeks/${gameweek}`, { schema: gameweekReply, method: 'PUT', body }), {
    invalidates: GAMEWEEKS,
  });

export const useAddGameweek = () =>
  useApiMutation((gameweek: number) => api('/api/admin/gameweeks/add', { schema: gameweekReply, body: { gameweek } }), { invalidates: GAMEWEEKS });

export const useResetGameweeks = () => useApiMutation(() => api('/api/admin/gameweeks/reset', { schema: gameweekListReply, body: {} }), { invalidates: GAMEWEEKS });

export const useInitializeGameweeks = () =>
  useApiMutation(() => api('/api/admin/gameweeks/initialize', { schema: gameweekListReply, body: {} }), { invalidates: GAMEWEEKS });
