import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { CreateLeagueInput } from '../../../game/schemas/leagues';
import type { LeagueDto, TableRowDto, pickDto } from '../../../server/features/leagues/presenter';

export type League = LeagueDto;
export type PublicLeague = Omit<LeagueDto, 'code'> & { code: string | null };
export type TableRow = TableRowDto;
export type Pick = z.infer<typeof pickDto>;

export interface LeagueTablePage {
  league: League;
  gameweek: number | null;
  page: number;
  pageSize: number;
  total: number;
  rows: TableRow[];
  viewer: TableRow | null;
}

export interface MemberPicks {
  member: { userId: string; displayName: string };
  gameweek: number | null;
  gameweeks: number[];
  picks: Pick[];
}

export interface JoinReply {
  league: League;
  alreadyMember: boolean;
}

/** Everything here sits under ['leagues'], so league and result events refresh it. */
export const leagueKeys = {
  all: ['leagues'] as const,
  mine: ['leagues', 'mine'] as const,
  public: ['leagues', 'public'] as const,
  gameweeks: ['leagues', 'gameweeks'] as const,
  table: (id: string, gameweek: number | null, page: number) => ['leagues', 'table', id, gameweek ?? 'overall', page] as const,
  picks: (id: string, userId: string, gameweek: number | null) => ['leagues', 'picks', id, userId, gameweek ?? 'latest'] as const,
};

export const TABLE_PAGE_SIZE = 50;

export function useMyLeagues(enabled = true) {
  return useQuery({ queryKey: leagueKeys.mine, enabled, queryFn: async () => (await api<{ leagues: League[] }>('/api/leagues')).leagues });
}

export function usePublicLeagues(enabled = true) {
  return useQuery({ queryKey: leagueKeys.public, enabled, queryFn: async () => (await api<{ leagues: PublicLeague[] }>('/api/leagues/public')).leagues });
}

export function useScoredGameweeks(enabled = true) {
  return useQuery({ queryKey: leagueKeys.gameweeks, enabled, queryFn: async () => (await api<{ gameweeks: number[] }>('/api/leagues/gameweeks')).gameweeks });
}

export function useLeagueTable(id: string | null, gameweek: number | null, page: number) {
  return useQuery({
    queryKey: leagueKeys.table(id ?? '', gameweek, page),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: () => {
      const qs = new URLSearchParams({ page: String(page), pageSize: String(TABLE_PAGE_SIZE) });
      if (gameweek !== null) qs.set('gameweek', String(gameweek));
      return api<LeagueTablePage>(`/api/leagues/${encodeURIComponent(id!)}/table?${qs.toString()}`);
    },
  });
}

export function useMemberPicks(leagueId: string, userId: string | null, gameweek: number | null) {
  return useQuery({
    queryKey: leagueKeys.picks(leagueId, userId ?? '', gameweek),
    enabled: userId !== null,
    queryFn: () => {
      const qs = gameweek === null ? '' : `?gameweek=${gameweek}`;
      return api<MemberPicks>(`/api/leagues/${encodeURIComponent(leagueId)}/members/${encodeURIComponent(userId!)}/picks${qs}`);
    },
  });
}

function useLeagueMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: leagueKeys.all }), qc.invalidateQueries({ queryKey: ['dashboard'] })]);
    },
  });
}

export const useCreateLeague = () => useLeagueMutation((body: CreateLeagueInput) => api<{ league: League }>('/api/leagues', { method: 'POST', body }));
export const useJoinByCode = () => useLeagueMutation((code: string) => api<JoinReply>('/api/leagues/join', { method: 'POST', body: { code } }));
export const useJoinPublic = () => useLeagueMutation((id: string) => api<JoinReply>(`/api/leagues/${encodeURIComponent(id)}/join`, { method: 'POST', body: {} }));
export const useLeaveLeague = () => useLeagueMutation((id: string) => api(`/api/leagues/${encodeURIComponent(id)}/leave`, { method: 'POST', body: {} }));
export const useRemoveMember = () =>
  useLeagueMutation(({ leagueId, userId }: { leagueId: string; userId: string }) =>
    api(`/api/leagues/${encodeURIComponent(leagueId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );
export const useRenameLeague = () =>
  useLeagueMutation(({ leagueId, name }: { leagueId: string; name: string }) =>
    api<{ league: League }>(`/api/leagues/${encodeURIComponent(leagueId)}`, { method: 'PATCH', body: { name } }),
  );

/** The invite link for a code, on this site. */
export const inviteLink = (code: string) => `${window.location.origin}/join/${code}`;

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

export type LeagueMessage = { kind: 'success' | 'error' | 'info'; text: string };

/** Set by the invite link (/join/CODE) or the New League screen when they hand over to the leaderboard. */
export interface LeaderboardState {
  leagueId?: string;
  message?: LeagueMessage;
}

export const joinedMessage = (reply: JoinReply): LeagueMessage =>
  reply.alreadyMember
    ? { kind: 'info', text: 'You are already a member of this league.' }
    : { kind: 'success', text: `Successfully joined league "${reply.league.name}"!` };
