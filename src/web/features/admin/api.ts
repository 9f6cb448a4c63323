import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { FixtureDto } from '../../../server/features/fixtures/presenter';
import type { GameweekDefinition } from '../../../game/gameweeks';
import type { FixtureForm, GameweekEdit } from '../../../game/schemas/fixtures';

/** The fixture as the server presents it (one definition: the server's presenter schema). */
export type Fixture = FixtureDto;
export type FixtureStatus = FixtureDto['status'];

export interface GameweeksInfo {
  gameweeks: GameweekDefinition[];
  current: number;
  withFixtures: number[];
  today: string;
  custom: boolean;
}

/** Query keys (the server's live events invalidate these prefixes). */
export const allFixturesKey = ['fixtures', 'all'] as const;
export const gameweeksKey = ['gameweeks'] as const;
export const adminGameweeksKey = ['admin', 'gameweeks'] as const;

export function useAllFixtures(enabled = true) {
  return useQuery({ queryKey: allFixturesKey, queryFn: () => api<{ fixtures: Fixture[] }>('/api/fixtures').then((r) => r.fixtures), enabled });
}

export function useGameweeksInfo(enabled = true) {
  return useQuery({ queryKey: gameweeksKey, queryFn: () => api<GameweeksInfo>('/api/gameweeks'), enabled });
}

export function useStoredGameweeks(enabled = true) {
  return useQuery({
    queryKey: adminGameweeksKey,
    queryFn: () => api<{ gameweeks: GameweekDefinition[] }>('/api/admin/gameweeks').then((r) => r.gameweeks),
    enabled,
    retry: false,
  });
}

const fixturePath = (id: string) => `/api/admin/fixtures/${encodeURIComponent(id)}`;

export const adminApi = {
  createFixture: (body: FixtureForm) => api<{ fixture: Fixture }>('/api/admin/fixtures', { body }),
  updateFixture: (id: string, body: FixtureForm) => api<{ fixture: Fixture }>(fixturePath(id), { method: 'PUT', body }),
  fixtureImpact: (id: string) => api<{ predictions: number; results: number }>(`${fixturePath(id)}/impact`),
  deleteFixture: (id: string) => api<{ deleted: 1; predictions: number; results: number }>(fixturePath(id), { method: 'DELETE' }),
  deleteFixtures: (gameweek: number | null) =>
    api<{ deleted: number }>(gameweek === null ? '/api/admin/fixtures' : `/api/admin/fixtures?gameweek=${gameweek}`, { method: 'DELETE' }),
  importSeasonBatch: (offset: number, limit: number) =>
    api<{ total: number; imported: number; nextOffset: number | null }>('/api/admin/fixtures/import-season', { body: { offset, limit } }),
  importFile: (fileName: string, content: string) => api<{ imported: number; name: string }>('/api/admin/fixtures/import-file', { body: { fileName, content } }),
  saveGameweek: (gameweek: number, body: GameweekEdit) => api<{ gameweek: GameweekDefinition }>(`/api/admin/gameweeks/${gameweek}`, { method: 'PUT', body }),
  addGameweek: (gameweek: number) => api<{ gameweek: GameweekDefinition }>('/api/admin/gameweeks/add', { body: { gameweek } }),
  resetGameweeks: () => api<{ gameweeks: GameweekDefinition[] }>('/api/admin/gameweeks/reset', { body: {} }),
  initializeGameweeks: () => api<{ gameweeks: GameweekDefinition[] }>('/api/admin/gameweeks/initialize', { body: {} }),
};
