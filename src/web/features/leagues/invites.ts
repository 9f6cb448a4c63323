import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { okDto } from '../../../contract/common';
import { invitePreviewReply, leagueReply, removedPlayersReply, type InvitePreview } from '../../../contract/leagues';
import { normaliseLeagueCode } from '../../../game/league-code';
import { copyText } from './api';

/**
 * Invites on the web (decision record 0046): the preview an invite link shows, the ready-made
 * message and the share sheet, a league's new code, and the creator's removed players.
 */
export const inviteKeys = {
  /** Under ['invites', code]: a new code announces ['invites', oldCode]; a removal ['invites'] to the removed player. */
  preview: (code: string, viewer: string) => ['invites', code, viewer] as const,
  removed: (leagueId: string) => ['leagues', 'removed', leagueId] as const,
};

/** The invite link of a code, on this site. */
export const inviteLink = (code: string) => `${window.location.origin}/join/${code}`;

/** The message a player sends by WhatsApp or e-mail: the league, its link and its code. */
export const inviteMessage = (name: string, link: string, code: string) =>
  `Join my Scoreline league "${name}": ${link} (code ${code})`;

/**
 * The heading of an invite link's page, by who opens it: a member of the league (their own link,
 * say) is not invited to it, they are in it; a removed player is not invited either.
 */
export function inviteHeading(preview: Pick<InvitePreview, 'name' | 'viewer'> | undefined): string {
  if (!preview || preview.viewer === 'removed') return 'Join a league';
  if (preview.viewer === 'member') return `You're a member of ${preview.name}`;
  return "You're invited to join a league";
}

/**
 * What an invite link shows. Asked once per page (each ask counts against the address's limit):
 * no retry of an answer that will not change, no refetch on focus; a new code or a removal is
 * announced by a live event instead.
 */
export function useInvitePreview(code: string, viewerId: string | null, enabled: boolean) {
  const normalised = normaliseLeagueCode(code);
  return useQuery({
    queryKey: inviteKeys.preview(normalised, viewerId ?? 'visitor'),
    enabled: enabled && normalised.length > 0,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status > 0 && err.status < 500),
    queryFn: async () =>
      (await api(`/api/invites/${encodeURIComponent(normalised)}`, { schema: invitePreviewReply })).invite,
  });
}

const leaguePath = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;

export const useNewCode = () =>
  useApiMutation(
    (leagueId: string) => api(`${leaguePath(leagueId)}/code`, { schema: leagueReply, method: 'POST', body: {} }),
    {
      changes: () => [{ type: 'league.changed', oldCode: null }],
    },
  );

export function useRemovedPlayers(leagueId: string, enabled: boolean) {
  return useQuery({
    queryKey: inviteKeys.removed(leagueId),
    enabled,
    queryFn: async () =>
      (await api(`${leaguePath(leagueId)}/removed-players`, { schema: removedPlayersReply })).players,
  });
}

export const useLetBackIn = () =>
  useApiMutation(
    ({ leagueId, userId }: { leagueId: string; userId: string }) =>
      api(`${leaguePath(leagueId)}/removed-players/${encodeURIComponent(userId)}`, { schema: okDto, method: 'DELETE' }),
    {
      changes: ({ leagueId }) => [{ type: 'removed-players.changed', leagueId }],
    },
  );

export const LINK_COPIED = 'Invite link copied to clipboard!';
export const LINK_COPY_FAILED = 'Failed to copy link. Please copy it manually.';
export const MESSAGE_COPIED = 'Invite message copied: paste it into WhatsApp or an e-mail.';
export const MESSAGE_COPY_FAILED = 'Failed to copy the message. Please copy the link manually.';

/** True where the browser has a system share sheet (most phones; some desktops). */
export const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Opens the share sheet with the ready message; where there is none, or it fails, the message is
 * copied instead. 'cancelled' when the player closed the sheet (nothing to say).
 */
export async function shareInvite(league: {
  name: string;
  code: string;
}): Promise<'shared' | 'cancelled' | 'copied' | 'failed'> {
  const text = inviteMessage(league.name, inviteLink(league.code), league.code);
  if (canShare()) {
    try {
      // The link is inside the text: a separate url would be added twice by many apps.
      await navigator.share({ title: `Join "${league.name}" on Scoreline`, text });
      return 'shared';
    } catch (err) {
      if ((err as Error).name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, a policy): copying still gets the message out.
    }
  }
  return (await copyText(text)) ? 'copied' : 'failed';
}
