import { useSearchParams } from 'react-router';

export type LeaderboardView = 'leagues' | 'everyone';

/** Which view of the Leaderboard route is shown: `?view=everyone`, else the leagues. */
export function useLeaderboardView(): LeaderboardView {
  const [params] = useSearchParams();
  return params.get('view') === 'everyone' ? 'everyone' : 'leagues';
}

/** "My Leagues" / "Everyone" tabs; the view lives in the URL beside the season, which it keeps. */
export function LeaderboardViews() {
  const [, setParams] = useSearchParams();
  const view = useLeaderboardView();
  const select = (v: LeaderboardView) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (v === 'leagues') next.delete('view');
        else next.set('view', v);
        return next;
      },
      { replace: true },
    );
  const tab = (v: LeaderboardView, label: string) => (
    <button
      type="button"
      aria-pressed={view === v}
      onClick={() => select(v)}
      className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${view === v ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );
  return (
    <nav aria-label="Leaderboards" className="flex gap-1 border-b border-slate-200">
      {tab('leagues', 'My Leagues')}
      {tab('everyone', 'Everyone')}
    </nav>
  );
}
