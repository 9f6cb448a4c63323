import { Link } from 'react-router';
import type { Dashboard } from '../../../contract/dashboard';
import { deadlineCountdown, deadlineWithin } from '../../../game/countdown';
import { plural } from '../../lib/plural';
import { useServerNow } from '../predictions/api';
import { useLeaguePositions } from './api';
import { leaguesLink } from '../leagues/my-leagues';

const NUDGE_WITHIN_MS = 24 * 3_600_000;

/**
 * A newcomer's second step: playing against friends. Shown until they belong to a league (the
 * dashboard's league panel takes over from there).
 */
function LeagueStep() {
  const positions = useLeaguePositions();
  if (!positions.data || positions.data.positions.length > 0) return null;
  return (
    <div className="border-t border-green-200 pt-4" data-testid="league-step">
      <h3 className="font-bold text-slate-900">Play against your friends</h3>
      <p className="mt-1 text-sm text-slate-700">
        Join a league with the code a friend sent you, or create one and invite them.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={leaguesLink('join')} className="btn-secondary">
          Join a league
        </Link>
        <Link to={leaguesLink('create')} className="btn-secondary">
          Create a league
        </Link>
      </div>
    </div>
  );
}

/**
 * The top of the dashboard: what to do now (decision record 0042). The gameweek the Predictions
 * board opens on (the server decides it for both), how many of its matches the player has
 * predicted and when the first open one closes, with the button to predict; amber when a match
 * without a pick closes within a day. A newcomer is shown how the game works and how to play
 * with friends. Deadlines are judged by the server's clock.
 */
export function NextUp({ d, receivedAt }: { d: Dashboard; receivedAt: number }) {
  const now = useServerNow(d.now, receivedAt);
  const open = d.open.filter((m) => Date.parse(m.deadline) > now.getTime());
  const missing = open.filter((m) => !m.predicted);
  const first = open[0]?.deadline ?? null;
  const firstMissing = missing[0]?.deadline ?? null;
  const urgent = missing.filter((m) => deadlineWithin(m.deadline, now, NUDGE_WITHIN_MS));
  const picks = `${d.picks.predicted} of ${d.picks.matches} predicted`;

  if (d.newcomer) {
    return (
      <section
        className="card space-y-4 border-green-200 bg-brand-50"
        aria-labelledby="next-title"
        data-testid="next-up"
      >
        <div>
          <h2 id="next-title" className="text-lg font-bold text-slate-900">
            {open.length > 0 ? `Start with Gameweek ${d.gameweek}` : 'How to play'}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Predict the score of each match before its deadline, 2 hours before kick-off: 3 points for the exact score,
            1 for the right result.
          </p>
          {open.length > 0 && (
            <>
              <p
                className={`mt-2 text-sm font-semibold ${urgent.length > 0 ? 'text-amber-800' : 'text-slate-900'}`}
              >{`${plural(open.length, 'match', 'matches')} open · the first ${deadlineCountdown(first, now)}`}</p>
              <Link to="/predictions" className="btn-primary mt-3">
                Make your first predictions
              </Link>
            </>
          )}
        </div>
        <LeagueStep />
      </section>
    );
  }

  if (urgent.length > 0) {
    return (
      <section
        aria-label="Predictions closing soon"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        data-testid="next-up"
      >
        <div
          className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
          data-testid="deadline-nudge"
        >
          <p>
            <span className="font-bold">
              {urgent.length === 1 ? '1 match' : `${urgent.length} matches`} without your prediction
            </span>{' '}
            {`in Gameweek ${d.gameweek}: the next one ${deadlineCountdown(firstMissing, now)}.`}
          </p>
          <Link to="/predictions" className="btn-primary shrink-0 text-center">
            Predict now
          </Link>
        </div>
      </section>
    );
  }

  if (open.length > 0) {
    return (
      <section
        className="card flex flex-col gap-3 border-green-200 bg-brand-50 sm:flex-row sm:items-center sm:justify-between"
        aria-labelledby="next-title"
        data-testid="next-up"
      >
        <div className="min-w-0">
          <h2 id="next-title" className="text-lg font-bold text-slate-900">
            Gameweek {d.gameweek} is open
          </h2>
          <p className="text-sm text-slate-700">{`${picks} · the first open match ${deadlineCountdown(first, now)}`}</p>
        </div>
        <Link to="/predictions" className="btn-primary shrink-0 text-center">
          {missing.length > 0 ? 'Make Predictions' : 'Review your predictions'}
        </Link>
      </section>
    );
  }

  // Nothing left to predict in the season: while its last matches are played, say so and show them.
  if (d.gameweekState === 'live' || d.gameweekState === 'closed') {
    return (
      <section
        className="card flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
        aria-labelledby="next-title"
        data-testid="next-up"
      >
        <div className="min-w-0">
          <h2 id="next-title" className="text-lg font-bold text-slate-900">
            {d.gameweekState === 'live' ? `Gameweek ${d.gameweek} is in play` : `Gameweek ${d.gameweek} kicks off soon`}
          </h2>
          <p className="text-sm text-slate-700">{`${picks} · predictions are closed`}</p>
        </div>
        <Link to="/predictions" className="btn-primary shrink-0 text-center">
          See Gameweek {d.gameweek}
        </Link>
      </section>
    );
  }
  return null;
}
