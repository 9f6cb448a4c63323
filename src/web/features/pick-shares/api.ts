import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fixturePickSharesReply, gameweekPickSharesReply, type PickShares } from '../../../contract/pick-shares';
import { nextOpeningIn } from './timing';

/**
 * Every player's shares live under ['fixtures', season], so a moved match, a result or a new
 * gameweek refreshes them; a league's under ['leagues', id], which those events name too, and
 * so do joins and leaves. A screen asks once per gameweek, whatever number of cards show it.
 */
const scopeKey = (season: string, leagueId: string | null) =>
  leagueId === null ? ['fixtures', season, 'pick-shares'] : ['leagues', leagueId, 'pick-shares', season];
const leagueQs = (leagueId: string | null, sep: '?' | '&') =>
  leagueId === null ? '' : `${sep}league=${encodeURIComponent(leagueId)}`;

/** Asks again when the next hidden match opens (the panel appears then without a reload). */
const whenNextOpens = (data: { now: string; shares: readonly PickShares[] } | undefined, receivedAt: number) =>
  data ? nextOpeningIn(data.shares, data.now, receivedAt, Date.now()) : false;

/** One fixture's shares in a scope: from its gameweek's answer, or (a match without a gameweek) its own. */
export function usePickShares(
  fixture: { id: string; seasonId: string; gameweek: number | null },
  leagueId: string | null,
  enabled: boolean,
) {
  const { id, seasonId, gameweek } = fixture;
  const week = useQuery({
    queryKey: [...scopeKey(seasonId, leagueId), 'gameweek', gameweek ?? 0],
    enabled: enabled && gameweek !== null,
    queryFn: async ({ signal }) => {
      const reply = await api(
        `/api/pick-shares?season=${encodeURIComponent(seasonId)}&gameweek=${gameweek}${leagueQs(leagueId, '&')}`,
        { schema: gameweekPickSharesReply, signal },
      );
      return { now: reply.now, shares: reply.fixtures };
    },
    refetchInterval: (q) => whenNextOpens(q.state.data, q.state.dataUpdatedAt),
  });
  const single = useQuery({
    queryKey: [...scopeKey(seasonId, leagueId), 'fixture', id],
    enabled: enabled && gameweek === null,
    queryFn: async ({ signal }) => {
      const reply = await api(`/api/pick-shares/${encodeURIComponent(id)}${leagueQs(leagueId, '?')}`, {
        schema: fixturePickSharesReply,
        signal,
      });
      return { now: reply.now, shares: [reply.shares] };
    },
    refetchInterval: (q) => whenNextOpens(q.state.data, q.state.dataUpdatedAt),
  });
  const q = gameweek === null ? single : week;
  return { shares: q.data?.shares.find((s) => s.fixtureId === id), isError: q.isError };
}
