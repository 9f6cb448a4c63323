import { Link } from 'react-router';
import { ClubBadge } from '../../components/ClubBadge';
import { ClubName } from '../../components/ClubName';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import { plural } from '../../lib/plural';
import type { Dashboard } from '../../../contract/dashboard';
import type { Fixture } from '../../../contract/fixtures';
import type { BoardMatch } from '../../../contract/predictions';
import { usePickShares } from '../pick-shares/api';
import { matchRows, scoreText, type MatchRow } from './match-day-list';
import { useDefaultSeason } from '../seasons/api';
import { MatchContext } from '../../components/MatchFacts';
import { resultText, showsContext } from '../../lib/match-facts';

/**
 * Where the Predictions board shows a match's card, with its full "How everyone picked": a match
 * of another season than the board's own (another competition's) names its season.
 */
function useBoardLink(f: Fixture): string {
  const board = useDefaultSeason('board');
  const qs = new URLSearchParams();
  if (board !== undefined && f.seasonId !== board) qs.set('season', f.seasonId);
  if (f.gameweek !== null) qs.set('gameweek', String(f.gameweek));
  const query = qs.toString();
  return query ? `/predictions?${query}` : '/predictions';
}

/**
 * Everyone's picks of a closed match in one line, from the board's own query (one request per
 * gameweek, shared with the board). The server answers nothing before the deadline, so nothing shows then.
 */
function PickSharesLine({ fixture }: { fixture: Fixture }) {
  const { shares } = usePickShares(fixture, null, true);
  const to = useBoardLink(fixture);
  return (
    <Link to={to} className="text-xs font-semibold text-brand-800 hover:underline" data-testid="upcoming-shares">
      How everyone picked
      {shares?.available && shares.predictions > 0 && (
        <span className="font-normal text-slate-700">
          {`: home ${shares.sides.home.percent}% · draw ${shares.sides.draw.percent}% · away ${shares.sides.away.percent}%`}
        </span>
      )}{' '}
      →
    </Link>
  );
}

/** A match's status at the page's clock: its kick-off to come, in play (with the score if entered), or its result. */
function Status({ row }: { row: MatchRow }) {
  const { fixture: m, status } = row;
  const time = m.kickoffAt ? (
    <time dateTime={m.kickoffAt}>{`${formatKickoffDate(m.kickoffAt)} · ${formatKickoffTime(m.kickoffAt)}`}</time>
  ) : null;
  if (status === 'live')
    return (
      <span data-testid="upcoming-status">
        {time}
        <span className="ml-2 font-semibold text-red-800">In play{m.result ? ` ${scoreText(m.result)}` : ''}</span>
      </span>
    );
  if (status === 'awaiting')
    return (
      <span data-testid="upcoming-status">
        {time}
        <span className="ml-2 text-slate-700">Result to come</span>
      </span>
    );
  if (status === 'finished' && m.result)
    return (
      <span data-testid="upcoming-status">
        {time}
        <span className="ml-2 font-semibold text-slate-900">{`Full time ${m.result.extraTime ? resultText(m.result, '–') : scoreText(m.result)}`}</span>
      </span>
    );
  if (status === 'postponed') return <span data-testid="upcoming-status">Postponed</span>;
  return <span data-testid="upcoming-status">{time}</span>;
}

/** The viewer's pick (or that there is none) and, once scored, its points. */
function MyPick({ row }: { row: MatchRow }) {
  const p = row.prediction;
  if (p === undefined) return null;
  if (p === null)
    return (
      <span className="text-slate-700" data-testid="upcoming-pick">
        No pick
      </span>
    );
  return (
    <span className="text-slate-800" data-testid="upcoming-pick">
      Your pick <span className="font-bold tabular-nums text-slate-900">{scoreText(p)}</span>
      {p.banker && <span className="ml-1 text-xs font-semibold text-amber-800">(banker)</span>}
      {p.points !== null && (
        <span className="ml-2 font-semibold text-brand-800" data-testid="upcoming-points">
          {`+${plural(p.points, 'pt', 'pts')}`}
        </span>
      )}
    </span>
  );
}

/**
 * 'Upcoming Matches': the gameweek the dashboard leads with (the board's), by kick-off, in the
 * viewer's zone. On match day (`board`: that gameweek's board, with the viewer's own picks) they
 * are today's: each says at the page's clock whether it is to come, in play with its score, or its
 * result, with the viewer's pick and points, and once its deadline has passed how everyone picked.
 */
export function UpcomingMatches({
  gameweek,
  matches,
  board,
  isAdmin,
  now,
}: {
  gameweek: number;
  matches: Dashboard['upcoming'];
  board?: readonly BoardMatch[];
  isAdmin: boolean;
  now: Date;
}) {
  const rows = matchRows(matches, board, now);
  const started = rows.some((r) => r.status === 'live' || r.status === 'awaiting' || r.status === 'finished');
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
      {rows.length === 0 ? (
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
          {rows.map((row) => {
            const m = row.fixture;
            return (
              <li key={m.id} data-status={row.status} data-testid="upcoming-match" className="py-3">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
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
                    <Status row={row} />
                  </div>
                </div>
                {showsContext(m) && (
                  <div className="mt-1">
                    <MatchContext fixture={m} />
                  </div>
                )}
                {(row.prediction !== undefined || row.closed) && (
                  <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
                    <MyPick row={row} />
                    {row.closed && <PickSharesLine fixture={m} />}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
