import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { MESSAGE_MS, notifierFor } from '../../lib/notify';
import { okDto } from '../../../contract/common';
import type { ChangeEvent } from '../../../contract/events';
import {
  gameweekChoicesReply,
  joinReply,
  leagueListReply,
  leagueReply,
  liveTableDto,
  memberPicksDto,
  publicLeagueListReply,
  tablePageDto,
  type CreateLeagueInput,
  type JoinReply,
  type LeagueScoringBody,
} from '../../../contract/leagues';
import { ALL_SEASONS } from '../../../contract/seasons';
import { seasonQs } from '../seasons/api';

/**
 * Everything here sits under ['leagues'], so league and result events refresh it (a table's
 * all-seasons total moves with any season). Tables, gameweeks and picks are of one season (or
 * 'all' for the all-seasons table); the hooks take it, undefined while it loads.
 */
export const leagueKeys = {
  all: ['leagues'] as const,
  mine: ['leagues', 'mine'] as const,
  public: ['leagues', 'public'] as const,
  gameweeks: (season: string) => ['leagues', 'gameweeks', season] as const,
  table: (id: string, season: string, gameweek: number | null, page: number) =>
    ['leagues', 'table', id, season, gameweek ?? 'overall', page] as const,
  picks: (id: string, season: string, userId: string, gameweek: number | null) =>
    ['leagues', 'picks', id, season, userId, gameweek ?? 'latest'] as const,
};

export const TABLE_PAGE_SIZE = 50;

export function useMyLeagues(enabled = true) {
  return useQuery({
    queryKey: leagueKeys.mine,
    enabled,
    queryFn: async () => (await api('/api/leagues', { schema: leagueListReply })).leagues,
  });
}

export function usePublicLeagues(enabled = true) {
  return useQuery({
    queryKey: leagueKeys.public,
    enabled,
    queryFn: async () => (await api('/api/leagues/public', { schema: publicLeagueListReply })).leagues,
  });
}

export function useScoredGameweeks(season: string | undefined, enabled = true) {
  return useQuery({
    queryKey: leagueKeys.gameweeks(season ?? ''),
    enabled: enabled && season !== undefined && season !== ALL_SEASONS,
    queryFn: async () =>
      (await api(`/api/leagues/gameweeks${seasonQs(season!)}`, { schema: gameweekChoicesReply })).gameweeks,
  });
}

/** A page of a league's table in a season ('all': every season added up), overall or one gameweek. */
export function useLeagueTable(id: string | null, season: string | undefined, gameweek: number | null, page: number) {
  return useQuery({
    queryKey: leagueKeys.table(id ?? '', season ?? '', gameweek, page),
    enabled: id !== null && season !== undefined,
    placeholderData: keepPreviousData,
    queryFn: () => {
      const qs = new URLSearchParams({ season: season!, page: String(page), pageSize: String(TABLE_PAGE_SIZE) });
      if (gameweek !== null) qs.set('gameweek', String(gameweek));
      return api(`/api/leagues/${encodeURIComponent(id!)}/table?${qs.toString()}`, { schema: tablePageDto });
    },
  });
}

export function useMemberPicks(
  leagueId: string,
  season: string | undefined,
  userId: string | null,
  gameweek: number | null,
) {
  return useQuery({
    queryKey: leagueKeys.picks(leagueId, season ?? '', userId ?? '', gameweek),
    enabled: userId !== null && season !== undefined,
    queryFn: () => {
      const qs = `${seasonQs(season!)}${gameweek === null ? '' : `&gameweek=${gameweek}`}`;
      return api(`/api/leagues/${encodeURIComponent(leagueId)}/members/${encodeURIComponent(userId!)}/picks${qs}`, {
        schema: memberPicksDto,
      });
    },
  });
}

/** A change of who is in a league: every league list and table and the dashboard's positions refresh (lib/change-keys.ts). */
const membership = (): ChangeEvent[] => [{ type: 'membership.changed' }];
const leaguePath = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;

export const useCreateLeague = () =>
  useApiMutation((body: CreateLeagueInput) => api('/api/leagues', { schema: leagueReply, method: 'POST', body }), {
    changes: membership,
  });
export const useJoinByCode = () =>
  useApiMutation((code: string) => api('/api/leagues/join', { schema: joinReply, method: 'POST', body: { code } }), {
    changes: membership,
  });
export const useJoinPublic = () =>
  useApiMutation((id: string) => api(`${leaguePath(id)}/join`, { schema: joinReply, method: 'POST', body: {} }), {
    changes: membership,
  });
export const useLeaveLeague = () =>
  useApiMutation((id: string) => api(`${leaguePath(id)}/leave`, { schema: okDto, method: 'POST', body: {} }), {
    changes: membership,
  });
export const useRemoveMember = () =>
  useApiMutation(
    ({ leagueId, userId }: { leagueId: string; userId: string }) =>
      api(`${leaguePath(leagueId)}/members/${encodeURIComponent(userId)}`, { schema: okDto, method: 'DELETE' }),
    {
      changes: membership,
    },
  );
export const useRenameLeague = () =>
  useApiMutation(
    ({ leagueId, name }: { leagueId: string; name: string }) =>
      api(leaguePath(leagueId), { schema: leagueReply, method: 'PATCH', body: { name } }),
    {
      changes: () => [{ type: 'league.changed', oldCode: null }],
    },
  );

/** The creator changes the league's scoring; its tables, positions and statistics follow. */
export const useChangeScoring = () =>
  useApiMutation(
    ({ leagueId, body }: { leagueId: string; body: LeagueScoringBody }) =>
      api(`${leaguePath(leagueId)}/scoring`, { schema: leagueReply, method: 'PUT', body }),
    {
      changes: () => [{ type: 'league.changed', oldCode: null }],
    },
  );

/** A page of the table with the provisional points of matches in play (the Live switch). */
export function useLiveTable(leagueId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['leagues', leagueId, 'live-table', page],
    queryFn: () =>
      api(`${leaguePath(leagueId)}/live-table?page=${page}&pageSize=${TABLE_PAGE_SIZE}`, { schema: liveTableDto }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: enabled ? 60_000 : false,
  });
}

/** The leagues screens' transient messages (they clear after 3 seconds). */
export const notifyLeagues = notifierFor(MESSAGE_MS.leagues);

export const COPIED = 'League code copied to clipboard!';
export const COPY_FAILED = 'Failed to copy code. Please copy manually.';

/** Copies text: the Clipboard API, else a hidden textarea and execCommand (older or insecure contexts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Set by the invite link (/join/CODE) or the New League screen when they hand a league over to the leaderboard. */
export interface LeaderboardState {
  leagueId?: string;
}

/** What joining said: joined, or already a member. */
export const joinedMessage = (reply: JoinReply): { kind: 'success' | 'info'; text: string } =>
  reply.alreadyMember
    ? { kind: 'info', text: 'You are already a member of this league.' }
    : { kind: 'success', text: `Successfully joined league "${reply.league.name}"!` };
