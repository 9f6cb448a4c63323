import { ClubName } from '../../components/ClubName';
import { formatKickoffDate } from '../../lib/format';
import { plural } from '../../lib/plural';
import type { Dashboard } from '../../../contract/dashboard';

const DOT = {
  right: { cls: 'bg-green-500', label: 'Right' },
  wrong: { cls: 'bg-red-500', label: 'Wrong' },
  pending: { cls: 'bg-yellow-400', label: 'No result yet' },
} as const;

/** 'Recent Activity': the latest 4 predictions with a coloured dot, and once a result is in, the result and the points earned. */
export function RecentActivity({ items }: { items: Dashboard['recentActivity'] }) {
  return (
    <section className="card" aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-bold text-slate-900">
        Recent Activity
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 text-center text-slate-700">No recent activity</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((a) => (
            <li key={a.fixtureId} className="flex items-center gap-3" data-state={a.state}>
              <span
                className={`h-3 w-3 shrink-0 rounded-full ${DOT[a.state].cls}`}
                title={DOT[a.state].label}
                aria-hidden="true"
              />
              <span className="sr-only">{DOT[a.state].label}:</span>
              <div className="min-w-0 flex-1">
                {/* The clubs' short names where space is short (Man City, Nott'm Forest), never a name cut mid-word. */}
                <p className="flex min-w-0 items-baseline gap-1 text-sm" data-testid="activity-teams">
                  <ClubName team={a.homeTeam} className="font-medium text-slate-900" />
                  <span className="shrink-0 text-slate-700">vs</span>
                  <ClubName team={a.awayTeam} className="font-medium text-slate-900" />
                </p>
                <p className="flex flex-wrap gap-x-2 text-xs text-slate-700">
                  <span>
                    Your pick: {a.homeScore}-{a.awayScore}
                  </span>
                  {/* Once the result is in: what it was and what the pick earned. */}
                  {a.result && (
                    <span data-testid="activity-result">
                      Result {a.result.homeScore}-{a.result.awayScore} ·{' '}
                      <span className="font-semibold text-slate-900">
                        {a.points === null ? '' : `+${plural(a.points, 'pt', 'pts')}`}
                      </span>
                    </span>
                  )}
                </p>
              </div>
              <time className="shrink-0 text-xs text-slate-600" dateTime={a.predictedAt}>
                {formatKickoffDate(a.predictedAt, { day: 'numeric', month: 'short' })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
