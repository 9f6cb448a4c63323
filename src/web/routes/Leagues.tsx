import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RequireAuth } from '../app/guards';
import { Banner } from '../components/Banner';
import { Modal } from '../components/Modal';
import type { JoinReply, League } from '../../contract/leagues';
import {
  joinedMessage,
  leagueKeys,
  notifyLeagues as notify,
  useMyLeagues,
  type LeaderboardState,
} from '../features/leagues/api';
import { useLeaguePositions } from '../features/dashboard/api';
import { CreateLeagueForm, JoinCodeForm, PublicLeagues } from '../features/leagues/LeagueForms';
import { InviteDialog } from '../features/leagues/InviteDialog';
import { TrophyIcon } from '../features/leagues/icons';
import { leaguesOpening, myLeagueRows, type MyLeagueRow } from '../features/leagues/my-leagues';

/**
 * Leagues, a place of their own: the player's leagues (members, their place), joining by code
 * (the field is open, and has the cursor when the screen was opened to join: `?join=1`) and
 * creating one (`?create=1` opens the dialog). Each league's table stays on the Leaderboard.
 */
export default function Leagues() {
  return (
    <RequireAuth loading="Loading your leagues...">
      <LeaguesScreen />
    </RequireAuth>
  );
}

function LeaguesScreen() {
  const [params, setParams] = useSearchParams();
  const opening = leaguesOpening(params);
  const [creating, setCreating] = useState(opening === 'create');
  // The league whose invite is open, by id: a new code shows in the dialog as soon as the list has it.
  const [invitingId, setInvitingId] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const leagues = useMyLeagues();
  const positions = useLeaguePositions();
  const qc = useQueryClient();
  const list = leagues.data ?? [];
  const rows = myLeagueRows(list, positions.data?.positions);
  const inviting = list.find((l) => l.id === invitingId) ?? null;

  const show = (league: League) => {
    // Show it at once; the refetch that follows brings the exact member counts and the place.
    qc.setQueryData<League[]>(leagueKeys.mine, (old) =>
      old && !old.some((l) => l.id === league.id) ? [...old, league] : old,
    );
    setFresh(league.id);
  };
  const joined = (reply: JoinReply) => {
    show(reply.league);
    const said = joinedMessage(reply);
    notify(said.kind, said.text);
  };
  const closeCreate = () => {
    setCreating(false);
    // A reload after closing should not open the dialog again.
    if (params.has('create')) setParams({}, { replace: true });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Leagues</h1>
          <p className="text-sm text-slate-700">Your leagues, and joining or starting one.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            Create a League
          </button>
          <Link to="/leaderboard" className="btn-secondary">
            Leaderboards
          </Link>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section aria-labelledby="my-leagues-title" className="min-w-0 lg:order-1">
          <h2 id="my-leagues-title" className="text-lg font-bold text-slate-900">
            My Leagues
          </h2>
          {leagues.isPending ? (
            <p role="status" className="mt-3 text-slate-700">
              Loading your leagues...
            </p>
          ) : leagues.isError ? (
            <div className="mt-3">
              <Banner kind="error">Failed to load your leagues. Please try again.</Banner>
            </div>
          ) : rows.length === 0 ? (
            <div className="card mt-3 text-center" data-testid="no-leagues">
              <TrophyIcon className="mx-auto h-12 w-12 text-amber-500" />
              <h3 className="mt-2 text-lg font-bold">No Leagues Yet</h3>
              <p className="mt-1 text-slate-700">
                Join a league with the code a friend sent you, or create one and invite them.
              </p>
            </div>
          ) : (
            <ul className="mt-3 space-y-3" data-testid="my-leagues">
              {rows.map((row) => (
                <LeagueRow
                  key={row.league.id}
                  row={row}
                  fresh={row.league.id === fresh}
                  onInvite={() => setInvitingId(row.league.id)}
                />
              ))}
            </ul>
          )}
        </section>

        <div className="space-y-6 lg:order-2">
          <JoinCodeForm onJoined={joined} autoFocus={opening === 'join'} />
          <p className="text-sm text-slate-700">
            Want a description, a competition or a public league?{' '}
            <Link to="/new-league" className="font-semibold text-brand-800 underline">
              Use the New League page
            </Link>
            .
          </p>
        </div>
      </div>

      <PublicLeagues onJoined={joined} />

      <Modal open={creating} onClose={closeCreate} title="Create a League">
        <CreateLeagueForm
          inDialog
          onCancel={closeCreate}
          onCreated={(league) => {
            closeCreate();
            show(league);
            notify('success', `League "${league.name}" created successfully! Code: ${league.code}`);
            // The next thing a creator does is invite: the link and the share sheet, at once.
            setInvitingId(league.id);
          }}
        />
      </Modal>
      <InviteDialog league={inviting} onClose={() => setInvitingId(null)} />
    </div>
  );
}

function LeagueRow({ row, fresh, onInvite }: { row: MyLeagueRow; fresh: boolean; onInvite: () => void }) {
  const { league, standing } = row;
  const state: LeaderboardState = { leagueId: league.id };
  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${fresh ? 'border-brand-600 ring-2 ring-brand-500/40' : 'border-slate-200'}`}
      data-testid="my-league"
    >
      {/* On a phone the buttons go under the league, which keeps the whole width for its name and place. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-words text-base font-bold text-slate-900">{league.name}</span>
            {league.isCreator && (
              <span className="shrink-0 rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                Creator
              </span>
            )}
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {league.memberCount} {league.memberCount === 1 ? 'member' : 'members'}
            {standing && (
              <>
                {' · '}
                <span className="font-semibold text-slate-900" data-testid="my-place">
                  Your place: {standing.line}
                </span>
              </>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Code <span className="font-mono font-bold tracking-wider text-slate-900">{league.code}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link to="/leaderboard" state={state} className="btn-primary" aria-label={`Open table of ${league.name}`}>
            Open table
          </Link>
          <button
            type="button"
            className="btn-secondary"
            onClick={onInvite}
            aria-label={`Invite players to ${league.name}`}
          >
            Invite
          </button>
        </div>
      </div>
    </li>
  );
}
