import { Link } from 'react-router';
import type { Dashboard } from '../../../contract/dashboard';
import { plural } from '../../lib/plural';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import { useLeaguePositions } from './api';
import { nextUpCards, type MatchDayCard, type OpenCard } from './next-up';
import { leaguesLink } from '../leagues/my-leagues';

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

/** An open gameweek's card: the amber nudge when a match without a pick closes within a day, else the count and the first deadline. */
function OpenGameweek({ card, testId, label }: { card: OpenCard; testId: string; label?: string }) {
  const to = label ? `/predictions?gameweek=${card.gameweek}` : '/predictions';
  if (card.urgent > 0) {
    return (
      <section
        aria-label={label ?? 'Predictions closing soon'}
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        data-testid={testId}
      >
        <div
          className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
          data-testid="deadline-nudge"
        >
          <p>
            <span className="font-bold">
              {card.urgent === 1 ? '1 match' : `${card.urgent} matches`} without your prediction
            </span>{' '}
            {`in Gameweek ${card.gameweek}: the next one ${card.urgentCloses}.`}
          </p>
          <Link to={to} className="btn-primary shrink-0 text-center">
            Predict now
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section
      className="card flex flex-col gap-3 border-green-200 bg-brand-50 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <div className="min-w-0">
        <h2 id={`${testId}-title`} className="text-lg font-bold text-slate-900">
          Gameweek {card.gameweek} is open
        </h2>
        <p className="text-sm text-slate-700">{`${card.picks} · the first open match ${card.closes}`}</p>
      </div>
      <Link to={to} className="btn-primary shrink-0 text-center">
        {card.missing.length > 0 ? 'Make Predictions' : 'Review your predictions'}
      </Link>
    </section>
  );
}

/** Match day: the gameweek being played leads, with its picks, its kick-off or what is in play (decision record 0108). */
function MatchDay({ card }: { card: MatchDayCard }) {
  const title =
    card.phase === 'in-play'
      ? `Gameweek ${card.gameweek} is in play`
      : card.phase === 'kicks-off'
        ? card.firstKickoff
          ? `Gameweek ${card.gameweek} kicks off ${formatKickoffDate(card.firstKickoff)} at ${formatKickoffTime(card.firstKickoff)}`
          : `Gameweek ${card.gameweek} kicks off soon`
        : `Gameweek ${card.gameweek}: results coming in`;
  return (
    <section
      className="card flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby="next-title"
      data-testid="next-up"
      data-phase={card.phase}
    >
      <div className="min-w-0">
        <h2 id="next-title" className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{`${card.picks} · predictions are closed`}</p>
      </div>
      <Link to="/predictions" className="btn-primary shrink-0 text-center">
        {`Your picks and how everyone picked`}
      </Link>
    </section>
  );
}

/**
 * The top of the dashboard: what to do now (decision records 0042 and 0108). The gameweek the
 * Predictions board opens on (the server decides it for both): while open, how many of its
 * matches the player has predicted and when the first open one closes, with the button to predict
 * (amber when a match without a pick closes within a day); on match day, that gameweek being
 * played, then the next open gameweek. A newcomer is shown how the game works and how to play
 * with friends. Everything here follows the page's clock (`now`), which follows the server's.
 */
export function NextUp({ d, now }: { d: Dashboard; now: Date }) {
  const { lead, second } = nextUpCards(d, now);

  if (d.newcomer) {
    const start = lead?.kind === 'open' ? lead : second;
    return (
      <section
        className="card space-y-4 border-green-200 bg-brand-50"
        aria-labelledby="next-title"
        data-testid="next-up"
      >
        <div>
          <h2 id="next-title" className="text-lg font-bold text-slate-900">
            {start ? `Start with Gameweek ${start.gameweek}` : 'How to play'}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Predict the score of each match before its deadline, 2 hours before kick-off: 3 points for the exact score,
            1 for the right result.
          </p>
          {start && (
            <>
              <p
                className={`mt-2 text-sm font-semibold ${start.urgent > 0 ? 'text-amber-800' : 'text-slate-900'}`}
              >{`${plural(start.open.length, 'match', 'matches')} open · the first ${start.closes}`}</p>
              <Link
                to={start === second ? `/predictions?gameweek=${start.gameweek}` : '/predictions'}
                className="btn-primary mt-3"
              >
                Make your first predictions
              </Link>
            </>
          )}
        </div>
        <LeagueStep />
      </section>
    );
  }

  return (
    <>
      {lead?.kind === 'open' && <OpenGameweek card={lead} testId="next-up" />}
      {lead?.kind === 'match-day' && <MatchDay card={lead} />}
      {second && <OpenGameweek card={second} testId="next-open" label={`Gameweek ${second.gameweek} is open`} />}
    </>
  );
}
