import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { viewerTimeZone } from '../../lib/format';
import { useApiMutation } from '../../lib/mutation';
import { fixtureReply } from '../../../contract/fixtures';
import { liveMatchesDto, type LiveScoreInput } from '../../../contract/live-matches';

/** Today's and live matches. Live events refetch it; a slow poll also rolls statuses over at kick-off. */
export function useLiveMatches() {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: ['matches', tz],
    queryFn: () => api(`/api/matches?tz=${encodeURIComponent(tz)}`, { schema: liveMatchesDto }),
    refetchInterval: 60_000,
    // Fresh on every visit: the viewer may just have predicted on another screen.
    staleTime: 0,
  });
}

export const useSetLiveScore = () =>
  useApiMutation(
    ({ fixtureId, body }: { fixtureId: string; body: LiveScoreInput }) =>
      api(`/api/admin/live-scores/${encodeURIComponent(fixtureId)}`, { schema: fixtureReply, method: 'PUT', body }),
    { invalidates: [['matches']] },
  );
