import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../lib/session';
import { Logo } from '../components/Logo';
import { joinedMessage, notifyLeagues as notify, useJoinByCode, type LeaderboardState } from '../features/leagues/api';
import { joinErrorMessage } from '../features/leagues/LeagueForms';

/**
 * The invite link /join/CODE (DESIGN.md point 6): signed-out visitors sign in first and come
 * back here; then the league is joined and opened on the leaderboard.
 */
export default function JoinLeague() {
  const { code = '' } = useParams();
  const { user, isPending } = useSession();
  const join = useJoinByCode();
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!user || !user.emailVerified || started.current) return;
    started.current = true;
    join
      .mutateAsync(code)
      .then((reply) => {
        const said = joinedMessage(reply);
        notify(said.kind, said.text);
        const state: LeaderboardState = { leagueId: reply.league.id };
        navigate('/leaderboard', { replace: true, state });
      })
      .catch((err: unknown) => setError(joinErrorMessage(err)));
  }, [user, code, join, navigate]);

  if (!isPending && !user) return <Navigate to="/login" replace state={{ from: `/join/${code}` }} />;
  if (user && !user.emailVerified) return <Navigate to="/verify" replace />;

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white px-4 py-3">
        <Logo />
      </header>
      <main className="mx-auto max-w-md p-4 sm:p-6">
        <div className="card text-center">
          <h1 className="text-xl font-bold">Join League</h1>
          <p className="mt-2 font-mono text-lg font-bold tracking-widest text-slate-900">{code.toUpperCase()}</p>
          {error ? (
            <>
              <p role="alert" className="mt-4 text-red-700">
                {error}
              </p>
              <Link to="/leaderboard" className="btn-primary mt-6">
                Go to Leaderboard
              </Link>
            </>
          ) : (
            <p role="status" className="mt-4 text-slate-700">
              Joining league...
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
