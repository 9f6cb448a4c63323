import { Link } from 'react-router';
import { ClubBadge } from '../../components/ClubBadge';
import { ClubName } from '../../components/ClubName';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import type { Dashboard } from '../../../contract/dashboard';
import { deadlineCountdown, deadlineWithin } from '../../../game/countdown';
import { useBoard, useServerNow } from '../predictions/api';
import { useSeasonParam } from '../seasons/api';

const NUDGE_WITHIN_MS = 24 * 3_600_000;

/**
 * The nudge a fan needs on match week: when the next deadline is less than a day away and some of
 * the gameweek's open matches have no pick, say how many and when it closes, with a link to predict.
 */
export function DeadlineNudge() {
  const board = useBoard(useSeasonParam(), undefined);
  const now = useServerNow(board.data?.now, board.dataUpdatedAt);
  if (!board.data) return null;
  const missing = board.data.matches.filter((m) => m.window === 'open' && !m.prediction && m.deadline && Date.parse(m.deadline) > now.getTime());
  const next = missing.map((m) => m.deadline!).sort()[0];
  if (!next || !deadlineWithin(next, now, NUDGE_WITHIN_MS)) return null;
  const count = missing.filter((m) => deadlineWithin(m.deadline, now, NUDGE_WITHIN_MS)).length;
  return (
    <section aria-label="Predictions closing soon" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between" data-testid="deadline-nudge">
      <p>
        <span className="font-bold">{count === 1 ? '1 match' : `${count} matches`} without your prediction</span>{' '}
        {`in Gameweek ${board.data.gameweek}: the next one ${deadlineCountdown(next, now)}.`}
      </p>
      <Link to="/predictions" className="btn-primary shrink-0 text-center">
        Predict now
      </Link>
    </section>
  );
}

/** Spec §2 'Upcoming Matches': at most 5 of the current gameweek, by kick-off, in the viewer's zone. */
export function UpcomingMatches({ gameweek, matches, isAdmin }: { gameweek: number; matches: Dashboard['upcoming']; isAdmin: boolean }) {
  return (
    <section className="card" aria-labelledby="upcoming-title">
      <DeadlineNudge />
      <div className="mt-4 flex items-center justify-between gap-3 first:mt-0">
        <h2 id="upcoming-title" className="text-lg font-bold text-slate-900">
          Upcoming Matches - Gameweek {gameweek}
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
          {matches.map((m) => (
            <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
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
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
