import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../lib/session';
import { ApiError } from '../lib/api';
import { Banner } from '../components/Banner';
import { AuthShell } from '../features/account/AuthShell';
import {
  joinedMessage,
  notifyLeagues as notify,
  useJoinByCode,
  useMyLeagues,
  type LeaderboardState,
} from '../features/leagues/api';
import { joinErrorMessage } from '../features/leagues/LeagueForms';
import { inviteHeading, useInvitePreview } from '../features/leagues/invites';
import { UsersIcon } from '../features/leagues/icons';
import { leaguesLink } from '../features/leagues/my-leagues';
import { normaliseLeagueCode } from '../../game/league-code';
import type { InvitePreview } from '../../contract/leagues';

/**
 * The invite link /join/CODE (decision record 0046). Anyone sees which league they are invited
 * to (its name, organiser and size) before being asked for anything; a newcomer is offered
 * sign-up first, and both sign-up and sign-in come back here. Joining takes one click on "Join
 * League": opening the link (or a page or bot that fetches it) never joins anyone.
 */
export default function JoinLeague() {
  const { code: raw = '' } = useParams();
  const code = normaliseLeagueCode(raw);
  const { user, isPending } = useSession();
  const invite = useInvitePreview(code, user?.id ?? null, !isPending);
  const here = `/join/${code}`;

  if (isPending || invite.isPending) {
    return (
      <AuthShell title="Join a league">
        <p role="status" className="text-slate-700">
          Loading your invite...
        </p>
      </AuthShell>
    );
  }

  if (invite.error instanceof ApiError && invite.error.code === 'invite_invalid') {
    return (
      <AuthShell title="Invite link not valid">
        <p className="text-slate-700">{invite.error.message}</p>
        <p className="mt-3 text-slate-700">
          If you have a league code, you can type it in on the Leagues page once you are signed in.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {user ? (
            <Link to={leaguesLink('join')} className="btn-primary">
              Enter a code
            </Link>
          ) : (
            <>
              <Link to="/signup" className="btn-primary">
                Sign up
              </Link>
              <Link to="/login" className="btn-secondary">
                Sign in
              </Link>
            </>
          )}
        </div>
      </AuthShell>
    );
  }

  // Anything else that went wrong (too many links opened, no connection) still lets them go on.
  const league = invite.data;
  const problem = invite.isError
    ? invite.error instanceof ApiError && invite.error.status !== 0 && invite.error.status < 500
      ? invite.error.message
      : 'Failed to load the invite. Please try again.'
    : null;

  return (
    <AuthShell title={inviteHeading(league)}>
      {league ? (
        <LeagueSummary league={league} />
      ) : (
        <p className="text-slate-700">
          You have been invited to join a league with the code{' '}
          <span className="font-mono font-bold tracking-widest text-slate-900">{code}</span>.
        </p>
      )}
      {problem && (
        <div className="mt-4">
          <Banner kind="error">{problem}</Banner>
        </div>
      )}
      <div className="mt-6">
        {!user ? (
          <SignedOut here={here} />
        ) : !user.emailVerified ? (
          <Step text="Verify your e-mail address first: then come back to this link and join with one click.">
            <Link to={`/verify?next=${here}`} className="btn-primary w-full">
              Verify Your E-mail
            </Link>
          </Step>
        ) : league?.viewer === 'removed' ? (
          <Step text="The league creator removed you from this league. Ask them to let you back in before you join again.">
            <Link to={leaguesLink()} className="btn-secondary w-full">
              My Leagues
            </Link>
          </Step>
        ) : league?.viewer === 'member' ? (
          <AlreadyMember code={code} />
        ) : (
          <JoinButton code={code} />
        )}
      </div>
    </AuthShell>
  );
}

function LeagueSummary({ league }: { league: InvitePreview }) {
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="invite-league">
      <p className="break-words text-xl font-bold text-slate-900">{league.name}</p>
      <p className="mt-1 text-sm text-slate-700">
        Organised by <span className="font-semibold text-slate-900">{league.organiser}</span>
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
        <UsersIcon className="h-4 w-4" />
        {league.memberCount} {league.memberCount === 1 ? 'member' : 'members'}
      </p>
    </div>
  );
}

function Step({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{text}</p>
      {children}
    </div>
  );
}

/** A newcomer first: sign up, then sign in; both come back to this page (`next`, and `from` for the sign-in screen). */
function SignedOut({ here }: { here: string }) {
  return (
    <div className="space-y-3">
      <p className="text-slate-700">
        Scoreline is a free game: predict the score of every Premier League match and climb your league's table.
      </p>
      <Link to={`/signup?next=${here}`} className="btn-primary w-full">
        Sign up to join
      </Link>
      <Link to={`/login?next=${here}`} state={{ from: here }} className="btn-secondary w-full">
        I already have an account
      </Link>
      <p className="text-center text-sm text-slate-600">You will come back here and join with one click.</p>
    </div>
  );
}

function JoinButton({ code }: { code: string }) {
  const join = useJoinByCode();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
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
    <div className="space-y-3">
      {error && <Banner kind="error">{error}</Banner>}
      <button type="button" className="btn-primary w-full" onClick={onJoin} disabled={join.isPending}>
        {join.isPending ? 'Joining...' : 'Join League'}
      </button>
      <Link to={leaguesLink()} className="btn-secondary w-full">
        Not now
      </Link>
    </div>
  );
}

/** Opening the invite of a league one is in (one's own link, say): no invitation, the way into the league. */
function AlreadyMember({ code }: { code: string }) {
  const mine = useMyLeagues();
  const id = mine.data?.find((l) => l.code === code)?.id;
  const state: LeaderboardState = id ? { leagueId: id } : {};
  return (
    <Step text="You play in this league. Send this link to the friends you want in it.">
      <Link to="/leaderboard" state={state} className="btn-primary w-full">
        Open League
      </Link>
      <Link to={leaguesLink()} className="btn-secondary w-full">
        My Leagues
      </Link>
    </Step>
  );
}
