import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LeaguePosition } from '../../../contract/leagues';
import { useLeaguePositions } from './api';
import { useSeasons } from '../seasons/api';
import { PositionTrophy } from './icons';
import { ordinal } from '../../lib/ordinal';
import { leaguesLink } from '../leagues/my-leagues';
import type { LeaderboardState } from '../leagues/api';

function PositionMark({ position }: { position: number }) {
  if (position === 1 || position === 2 || position === 3) return <PositionTrophy position={position} />;
  return (
    <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-800">
      <span className="sr-only">Position </span>
      {position}
    </span>
  );
}

function Change({ change }: { change: LeaguePosition['change'] }) {
  if (change === 'up')
    return (
      <span className="font-bold text-green-700" title="Up since the previous gameweek">
        ▲<span className="sr-only"> up</span>
      </span>
    );
  if (change === 'down')
    return (
      <span className="font-bold text-red-700" title="Down since the previous gameweek">
        ▼<span className="sr-only"> down</span>
      </span>
    );
  return (
    <span className="font-bold text-slate-600" title="Same as the previous gameweek">
      -<span className="sr-only"> same</span>
    </span>
  );
}

/**
 * 'Your League Positions': every state, with the real change since the previous gameweek.
 * `hideWhenEmpty`: a newcomer's first steps already offer joining or creating a league.
 */
export function LeaguePositions({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const q = useLeaguePositions();
  const navigate = useNavigate();
  useEffect(() => {
    // A league-position load failure is logged only.
    if (q.isError) console.error('Failed to load league positions', q.error);
  }, [q.isError, q.error]);
  const positions = q.data?.positions ?? [];
  // Between seasons the positions are the finished season's final ones: say so.
  const season = useSeasons().data?.seasons.find((s) => s.id === q.data?.season);
  const final = season?.phase === 'finished' ? `${season.label} final standings` : null;
  if (hideWhenEmpty && (q.isPending || positions.length === 0)) return null;
  return (
    <section className="card" aria-labelledby="positions-title">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="positions-title" className="text-lg font-bold text-slate-900">
          Your League Positions
        </h2>
        {/* Leagues are a place of their own, reachable from here whatever the panel shows. */}
        <Link to={leaguesLink()} className="text-sm font-semibold text-brand-800 underline" data-testid="leagues-link">
          My leagues · join or create
        </Link>
      </div>
      {final && <p className="text-sm text-slate-600">{final}</p>}
      {q.isPending ? (
        <p className="mt-4 text-sm text-slate-700" role="status">
          Loading league positions...
        </p>
      ) : positions.length === 0 ? (
        <div className="mt-4 text-center">
          <p className="text-slate-700">You haven&apos;t joined any leagues yet</p>
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <Link to={leaguesLink('join')} className="btn-primary">
              Join a League
            </Link>
            <Link to={leaguesLink('create')} className="btn-secondary">
              Create a League
            </Link>
          </div>
        </div>
      ) : (
        <>
          <ul className="mt-4 space-y-2">
            {positions.map((p) => (
              <li key={p.leagueId}>
                <button
                  type="button"
                  // The row opens that league's table, not whichever the Leaderboard would pick.
                  onClick={() =>
                    navigate('/leaderboard', { state: { leagueId: p.leagueId } satisfies LeaderboardState })
                  }
                  className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-3 text-left hover:bg-slate-50"
                >
                  <PositionMark position={p.position} />
                  <span className="min-w-0 flex-1">
                    {/* A long name wraps on a phone rather than being cut. */}
                    <span className="flex flex-wrap items-center gap-x-2">
                      <span className="min-w-0 break-words font-semibold text-slate-900">{p.name}</span>
                      <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-bold text-brand-900">You</span>
                    </span>
                    <span className="block text-xs text-slate-600" data-testid="position-place">
                      {ordinal(p.position)} of {p.memberCount} {p.memberCount === 1 ? 'member' : 'members'}
                    </span>
                  </span>
                  <span className="text-right">
                    <span className="block font-bold text-slate-900">{p.points} pts</span>
                    <Change change={p.change} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Link to="/leaderboard" className="btn-secondary mt-4 w-full">
            View All Leaderboards
          </Link>
        </>
      )}
    </section>
  );
}
