import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../lib/session';
import { Logo } from '../components/Logo';
import { joinedMessage, notifyLeagues as notify, useJoinByCode, type LeaderboardState } from '../features/leagues/api';
import { joinErrorMessage } from '../features/leagues/LeagueForms';

/**
 * The invite link /join/CODE (DESIGN.md point 6): signed-out visitors sign in first and come
 * back here; then one click on "Join League" joins and opens the league on the leaderboard. The
 * click is required: a link (or a page that opens it) must not join anyone by itself.
 */
export default function JoinLeague() {
  const { code = '' } = useParams();
  const { user, isPending } = useSession();
  const join = useJoinByCode();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  if (!isPending && !user) return <Navigate to="/login" replace state={{ from: `/join/${code}` }} />;
  if (user && !user.emailVerified) return <Navigate to="/verify" replace />;

  const onJoin = () => {
    setError(null);
    join
      .mutateAsync(code)
      .then((reply) => {
        const said = joinedMessage(reply);
        notify(said.kind, said.text);
        const state: LeaderboardState = { leagueId: reply.league.id };
        navigate('/leaderboard', { replace: true, state });
      })
      .catch((err: unknown) => setError(joinErrorMessage(err)));
  };

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white px-4 py-3">
        <Logo />
      </header>
      <main className="mx-auto max-w-md p-4 sm:p-6">
        <div className="card text-center">
          <h1 className="text-xl font-bold">Join League</h1>
          <p className="mt-2 text-slate-700">You have been invited to join a league with the code</p>
          <p className="mt-1 font-mono text-lg font-bold tracking-widest text-slate-900">{code.toUpperCase()}</p>
          {error && (
            <p role="alert" className="mt-4 text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <button type="button" className="btn-primary" onClick={onJoin} disabled={!user || join.isPending}>
              {join.isPending ? 'Joining...' : 'Join League'}
            </button>
            <Link to="/leaderboard" className="btn-secondary">
              Not now
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
