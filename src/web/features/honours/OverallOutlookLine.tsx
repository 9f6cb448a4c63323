import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { overallOutlookDto, type OverallOutlook } from '../../../contract/honours';
import { chanceBadge } from './outlook-text';

/** The viewer's outlook on the overall leaderboard, in one line. */
export function overallOutlookLine(o: OverallOutlook): string | null {
  const v = o.viewer;
  if (o.matchesLeft === 0) return null;
  const gw =
    o.gameweek !== null && v.availableGameweek !== null ? ` (+${v.availableGameweek} in Gameweek ${o.gameweek})` : '';
  if (v.chance === 'champion') return `Nobody can catch you any more: you finish top of everyone.`;
  if (v.chance === 'can-win')
    return `You can still score up to ${v.availableSeason} more points this season${gw}: enough to reach the leader’s ${o.leaderPoints}.`;
  return `You can still score up to ${v.availableSeason} more points${gw}, no longer enough to reach the leader’s ${o.leaderPoints}.`;
}

/** "What can still happen" for the viewer above the overall leaderboard (decision 0109). */
export function OverallOutlookLine({ season }: { season: string | undefined }) {
  const q = useQuery({
    queryKey: ['leagues', 'overall-outlook', season ?? ''],
    enabled: season !== undefined,
    queryFn: () => api(`/api/leaderboard/outlook?season=${encodeURIComponent(season!)}`, { schema: overallOutlookDto }),
  });
  const line = q.data ? overallOutlookLine(q.data) : null;
  if (!q.data || !line) return null;
  const badge = chanceBadge(q.data.viewer.chance, false);
  return (
    <p className="mt-1 text-sm text-slate-800" data-testid="overall-outlook">
      <span
        className={`mr-1.5 inline-block rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${badge.tone}`}
      >
        {badge.label}
      </span>
      {line}
    </p>
  );
}
