import { Link } from 'react-router';
import { ClubBadge } from '../../components/ClubBadge';
import { ClubName } from '../../components/ClubName';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import type { Dashboard } from '../../../contract/dashboard';
import { statusesAt } from './next-up';

/**
 * 'Upcoming Matches': at most 5 of the gameweek the dashboard leads with (the board's), by
 * kick-off, in the viewer's zone. On match day they are today's: each says at the page's clock
 * whether it is to come (its kick-off time), in play or waiting for its result.
 */
export function UpcomingMatches({
  gameweek,
  matches,
  isAdmin,
  now,
}: {
  gameweek: number;
  matches: Dashboard['upcoming'];
  isAdmin: boolean;
  now: Date;
}) {
  const statuses = statusesAt({ upcoming: matches }, now);
  const started = statuses.some((s) => s === 'live' || s === 'awaiting' || s === 'finished');
  return (
    <section className="card" aria-labelledby="upcoming-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="upcoming-title" className="text-lg font-bold text-slate-900">
          {started ? `Matches - Gameweek ${gameweek}` : `Upcoming Matches - Gameweek ${gameweek}`}
        </h2>
        <Link to="/predictions" className="shrink-0 text-sm font-semibold text-brand-800 hover:underline">
          View All →
        </Link>
      </div>
      {matches.length === 0 ? (
        <div className="mt-4 text-center text-slate-700">
          <p>No upcoming matches scheduled</p>
          {isAdmin && (
            <Link to="/admin" className="mt-2 inline-block text-sm font-semibold text-brand-800 underline">
              Add matches in Admin panel
            </Link>
          )}
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {matches.map((m, i) => (
            <li
              key={m.id}
              data-status={statuses[i]}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-center gap-2">
                <span className="shrink-0">
                  <ClubBadge team={m.homeTeam} size={28} />
                </span>
                <ClubName team={m.homeTeam} />
                <span className="shrink-0 text-xs text-slate-600">vs</span>
                <span className="shrink-0">
                  <ClubBadge team={m.awayTeam} size={28} />
                </span>
                <ClubName team={m.awayTeam} />
              </div>
              <div className="shrink-0 text-sm text-slate-700 sm:text-right">
                <time dateTime={m.kickoffAt ?? undefined}>
                  {m.kickoffAt ? `${formatKickoffDate(m.kickoffAt)} · ${formatKickoffTime(m.kickoffAt)}` : ''}
                </time>
                {statuses[i] === 'live' && <span className="ml-2 font-semibold text-red-800">In play</span>}
                {statuses[i] === 'awaiting' && <span className="ml-2 text-slate-700">Result to come</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
