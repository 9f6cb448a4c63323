import { Link } from 'react-router';
import { RequireAuth } from '../app/guards';
import { useSession } from '../lib/session';
import { useLiveMatches } from '../features/live-matches/api';
import { MatchCard } from '../features/live-matches/MatchCard';
import { PickScopePicker } from '../features/pick-shares/PickScopePicker';

/** A calendar date (YYYY-MM-DD, already in the viewer's zone) as words, e.g. "Saturday 23 August 2025". */
function longDate(date: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

function LiveMatchesScreen() {
  const { isAdmin } = useSession();
  const q = useLiveMatches();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Live Matches</h1>
          <p className="text-sm text-slate-700">
            {q.data
              ? `Today, ${longDate(q.data.today)} · times in your time zone`
              : "Today's matches and every match in play"}
          </p>
        </div>
        {q.data && q.data.matches.some((m) => m.fixture.status === 'live') && (
          <p
            className="inline-flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-900"
            role="status"
          >
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-600" />
            {q.data.matches.filter((m) => m.fixture.status === 'live').length} live · updates automatically
          </p>
        )}
      </div>

      {q.isPending && (
        <p className="text-slate-700" role="status">
          Loading matches...
        </p>
      )}
      {q.isError && (
        <p className="text-red-800" role="alert">
          Could not load the matches. Please try again.
        </p>
      )}

      {q.data && q.data.matches.length === 0 && (
        <div className="card text-center" data-testid="matches-empty">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mx-auto h-12 w-12 text-brand-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5l3.6 2.6-1.4 4.2H9.8l-1.4-4.2z" fill="currentColor" />
            <path d="M12 3v4.5M15.6 10.1l4.9-1.6M14.2 14.3l3 4.1M9.8 14.3l-3 4.1M8.4 10.1L3.5 8.5" />
          </svg>
          <h2 className="mt-2 text-lg font-bold text-slate-900">No matches today</h2>
          <p className="mt-1 text-slate-700">
            {q.data.nextMatchDay ? (
              <>
                The next match day is <strong>{longDate(q.data.nextMatchDay)}</strong>.
              </>
            ) : (
              'No more matches are scheduled.'
            )}
          </p>
          <Link to="/predictions" className="btn-primary mt-4 inline-flex">
            Make your predictions
          </Link>
        </div>
      )}

      {q.data && q.data.matches.length > 0 && (
        <>
          <PickScopePicker show={q.data.matches.some((m) => !m.predictionOpen && m.fixture.status !== 'postponed')} />
          <p className="text-sm text-slate-700">
            Points marked{' '}
            <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold uppercase text-amber-950">
              Provisional
            </span>{' '}
            are what your prediction would earn if the match ended now; they count once the final result is in.
          </p>
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Matches">
            {q.data.matches.map((m) => (
              <MatchCard key={m.fixture.id} match={m} isAdmin={isAdmin} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export default function Matches() {
  return (
    <RequireAuth loading="Loading matches...">
      <LiveMatchesScreen />
    </RequireAuth>
  );
}
