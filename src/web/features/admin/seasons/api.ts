import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutation';
import {
  adminSeasonListReply,
  feedStateReply,
  reimportReply,
  seasonCreatedReply,
  seasonFilePreviewReply,
  syncNowReply,
  type CreateSeasonBody,
  type SeasonFileUpload,
} from '../../../../contract/admin-seasons';

/** Query keys (the server's live events invalidate these prefixes). */
export const adminSeasonsKey = ['admin', 'seasons'] as const;
export const feedKey = (season: string) => ['admin', 'feed', season] as const;

const seasonPath = (id: string) => `/api/admin/seasons/${encodeURIComponent(id)}`;

export function useAdminSeasons() {
  return useQuery({
    queryKey: adminSeasonsKey,
    queryFn: () => api('/api/admin/seasons', { schema: adminSeasonListReply }),
    retry: false,
  });
}

export function useFeedState(season: string | null) {
  return useQuery({
    queryKey: feedKey(season ?? ''),
    queryFn: () => api(`${seasonPath(season!)}/feed`, { schema: feedStateReply }),
    enabled: season !== null,
    retry: false,
  });
}

/** What changes with a season (the current one, its fixtures): every season-scoped screen. */
const everything = [
  ['admin'],
  ['seasons'],
  ['fixtures'],
  ['gameweeks'],
  ['predictions'],
  ['statistics'],
  ['leagues'],
  ['dashboard'],
  ['matches'],
  ['clubs'],
] as const;

export function usePreviewSeasonFile() {
  return useApiMutation((body: SeasonFileUpload) =>
    api('/api/admin/seasons/preview', { method: 'POST', body, schema: seasonFilePreviewReply }),
  );
}

export function useCreateSeason() {
  return useApiMutation(
    (body: CreateSeasonBody) => api('/api/admin/seasons', { method: 'POST', body, schema: seasonCreatedReply }),
    { invalidates: everything },
  );
}

export function useSetCurrentSeason() {
  return useApiMutation(
    (seasonId: string | null) =>
      api('/api/admin/current-season', {
        method: 'PUT',
        body: { seasonId },
        schema: z.object({ current: z.string(), pinned: z.boolean() }),
      }),
    {
      invalidates: everything,
    },
  );
}

export function usePreviewReimport() {
  return useApiMutation(({ season, ...body }: SeasonFileUpload & { season: string }) =>
    api(`${seasonPath(season)}/reimport/preview`, { method: 'POST', body, schema: reimportReply }),
  );
}

export function useReimport() {
  return useApiMutation(
    ({ season, ...body }: SeasonFileUpload & { season: string; planHash: string }) =>
      api(`${seasonPath(season)}/reimport`, { method: 'POST', body, schema: reimportReply }),
    {
      invalidates: everything,
    },
  );
}

export function useSetFeedUrl() {
  return useApiMutation(
    ({ season, feedUrl }: { season: string; feedUrl: string | null }) =>
      api(`${seasonPath(season)}/feed`, { method: 'PUT', body: { feedUrl }, schema: feedStateReply }),
    {
      invalidates: [adminSeasonsKey, ['admin', 'feed']],
    },
  );
}

export function useSyncNow() {
  return useApiMutation(
    (season: string) => api(`${seasonPath(season)}/feed/sync`, { method: 'POST', body: {}, schema: syncNowReply }),
    { invalidates: everything },
  );
}

/** Confirm or reject a move a file proposed past its deadline (decision 0100); a confirmed one may move and score a match. */
export function useDecideMove() {
  return useApiMutation(
    ({ season, fixtureId, decision }: { season: string; fixtureId: string; decision: 'confirm' | 'reject' }) =>
      api(`${seasonPath(season)}/moves/${encodeURIComponent(fixtureId)}`, {
        method: 'POST',
        body: { decision },
        schema: feedStateReply,
      }),
    { invalidates: everything },
  );
}

export function useResolveConflict() {
  return useApiMutation(
    ({ season, fixtureId, keep }: { season: string; fixtureId: string; keep: 'admin' | 'feed' }) =>
      api(`${seasonPath(season)}/conflicts/${encodeURIComponent(fixtureId)}`, {
        method: 'POST',
        body: { keep },
        schema: feedStateReply,
      }),
    { invalidates: everything },
  );
}
