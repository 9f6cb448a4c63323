import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/session';
import { Banner } from '../components/Banner';
import { ApiError } from '../lib/api';
import type { League, TableRow } from '../../contract/leagues';
import {
  joinedMessage,
  leagueKeys,
  notifyLeagues as notify,
  useLeaveLeague,
  useMyLeagues,
  useRemoveMember,
  type LeaderboardState,
} from '../features/leagues/api';
import { LeagueCard } from '../features/leagues/LeagueCard';
import { LeagueTable } from '../features/leagues/LeagueTable';
import { LiveLeagueTable } from '../features/leagues/LiveLeagueTable';
import { scoringLine } from '../features/leagues/ScoringFields';
import { formatKickoffDate } from '../lib/format';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { TrophyIcon } from '../features/leagues/icons';
import { DialogLoading, FormLoading } from '../features/leagues/LazyFallbacks';
import { SeasonSwitcher } from '../features/seasons/SeasonSwitcher';
import { PastSeasonNote, SeasonNotFound } from '../features/seasons/SeasonNotices';
import { LeagueCompetition } from '../features/leagues/LeagueCompetition';
import { useSeasonChoice, useSeasons } from '../features/seasons/api';
import { LeagueSeasonsContext, leagueNotInSeason } from '../features/leagues/league-seasons';
import { seasonTableTitle } from '../features/leagues/season-table';
import { OverallLeaderboard } from '../features/leaderboard/OverallLeaderboard';
import { LeaderboardViews, useLeaderboardView } from '../features/leaderboard/LeaderboardViews';
import { BonusQuestions } from '../features/leagues/bonus/BonusQuestions';
import { OutlookPanel } from '../features/honours/OutlookPanel';
import { HonoursPanel } from '../features/honours/HonoursPanel';

// The dialogs and the create and join forms (with their form and validation code) load when first
// opened: most visits only read the tables. Each is rendered only while open, so its Modal mounts
// open, moves focus in, and hands focus back to the trigger when it unmounts on close.
const CreateLeagueForm = lazy(() =>
  import('../features/leagues/LeagueForms').then((m) => ({ default: m.CreateLeagueForm })),
);
const JoinLeagueForm = lazy(() =>
  import('../features/leagues/LeagueForms').then((m) => ({ default: m.JoinLeagueForm })),
);
const PicksModal = lazy(() => import('../features/leagues/PicksModal').then((m) => ({ default: m.PicksModal })));
const RenameLeagueDialog = lazy(() =>
  import('../features/leagues/RenameLeagueDialog').then((m) => ({ default: m.RenameLeagueDialog })),
);
const ScoringDialog = lazy(() =>
  import('../features/leagues/ScoringDialog').then((m) => ({ default: m.ScoringDialog })),
);
const InviteDialog = lazy(() => import('../features/leagues/InviteDialog').then((m) => ({ default: m.InviteDialog })));

/** The Leaderboard: my leagues, their tables, create and join views; messages are toasts that clear after 3 s. */
export default function Leaderboard() {
  const { user, isPending } = useSession();
  if (isPending)
    return (
      <p role="status" className="text-slate-700">
        Loading leaderboards...
      </p>
    );
  if (!user) {
    return (
      <div className="card mx-auto max-w-md text-center">
        <h1 className="text-xl font-bold">Leaderboard</h1>
        <p className="mt-2 text-slate-700">Please log in to view leaderboards</p>
        <Link to="/login" state={{ from: '/leaderboard' }} className="btn-primary mt-6">
          Go to Login
        </Link>
      </div>
    );
  }
  return <Leagues />;
}

function Leagues() {
  const location = useLocation();
  const navigate = useNavigate();
  const handed = (location.state ?? {}) as LeaderboardState;
  const [mode, setMode] = useState<'default' | 'create' | 'join'>('default');
  const [selectedId, setSelectedId] = useState<string | null>(handed.leagueId ?? null);
  const [picksOf, setPicksOf] = useState<TableRow | null>(null);
  const [removing, setRemoving] = useState<TableRow | null>(null);
  const [leaving, setLeaving] = useState<League | null>(null);
  const [renaming, setRenaming] = useState<League | null>(null);
  const [rescoring, setRescoring] = useState<League | null>(null);
  // The league whose invite is open, by id: a new code shows in the dialog as soon as the list has it.
  const [invitingId, setInvitingId] = useState<string | null>(null);
  const leagues = useMyLeagues();
  const qc = useQueryClient();
  const leave = useLeaveLeague();
  const remove = useRemoveMember();
  const view = useLeaderboardView();

  // The hand-over state is read once; a reload should not repeat the message.
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  const list = leagues.data ?? [];
  const selected = list.find((l) => l.id === selectedId) ?? list[0] ?? null;
  // The league on show: its seasons are the switcher's, and the page leads with one of them (decision 0109).
  const onShow = view === 'leagues' ? selected : null;
  // The season of the tables (?season=, 'all' for every season added up).
  const season = useSeasonChoice({ allowAll: true, league: onShow });
  const seasons = useSeasons();
  // A season the league did not exist in has no table: the page says so instead.
  const notInSeason =
    onShow && season.kind === 'season' && seasons.data ? leagueNotInSeason(seasons.data, onShow, season.season) : null;
  const inviting = list.find((l) => l.id === invitingId) ?? null;

  const openLeague = (league: League, msg: { kind: 'success' | 'info'; text: string }) => {
    // Show it at once; the refetch that follows brings the exact member counts.
    qc.setQueryData<League[]>(leagueKeys.mine, (old) =>
      old && !old.some((l) => l.id === league.id) ? [...old, league] : old,
    );
    setSelectedId(league.id);
    setMode('default');
    notify(msg.kind, msg.text);
  };

  return (
    <LeagueSeasonsContext.Provider value={onShow}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Leaderboard</h1>
          <div className="flex flex-wrap items-center gap-2">
            <SeasonSwitcher allowAll />
            <button
              type="button"
              className={mode === 'create' ? 'btn-primary' : 'btn-secondary'}
              onClick={() => setMode(mode === 'create' ? 'default' : 'create')}
              aria-pressed={mode === 'create'}
            >
              Create League
            </button>
            <button
              type="button"
              className={mode === 'join' ? 'btn-primary' : 'btn-secondary'}
              onClick={() => setMode(mode === 'join' ? 'default' : 'join')}
              aria-pressed={mode === 'join'}
            >
              Join League
            </button>
          </div>
        </div>

        <LeaderboardViews />
        {view === 'everyone' && <OverallLeaderboard />}
        {view === 'leagues' && mode === 'create' && (
          <div className="space-y-2">
            <Suspense fallback={<FormLoading />}>
              <CreateLeagueForm
                onCancel={() => setMode('default')}
                onCreated={(league) => {
                  openLeague(league, {
                    kind: 'success',
                    text: `League "${league.name}" created successfully! Code: ${league.code}`,
                  });
                  // The next thing a creator does is invite: the link and the share sheet, at once.
                  setInvitingId(league.id);
                }}
              />
            </Suspense>
            <p className="text-sm text-slate-700">
              Want a description, a competition or a public league?{' '}
              <Link to="/new-league" className="font-semibold text-brand-800 underline">
                Use the New League page
              </Link>
              .
            </p>
          </div>
        )}
        {view === 'leagues' && mode === 'join' && (
          <Suspense fallback={<FormLoading />}>
            <JoinLeagueForm
              onCancel={() => setMode('default')}
              onJoined={(reply) => openLeague(reply.league, joinedMessage(reply))}
            />
          </Suspense>
        )}

        {view === 'leagues' && mode === 'default' && <PastSeasonNote choice={season} />}
        {view === 'leagues' && mode === 'default' && season.kind === 'not-found' && <SeasonNotFound id={season.id} />}
        {view === 'leagues' && mode === 'default' && season.kind !== 'not-found' && (
          <>
            <section aria-labelledby="my-leagues-title">
              <h2 id="my-leagues-title" className="text-lg font-bold text-slate-900">
                My Leagues
              </h2>
              {leagues.isPending ? (
                <p role="status" className="mt-3 text-slate-700">
                  Loading your leagues...
                </p>
              ) : leagues.isError ? (
                <Banner kind="error">Failed to load your leagues. Please try again.</Banner>
              ) : list.length === 0 ? (
                <div className="card mt-3 text-center">
                  <TrophyIcon className="mx-auto h-12 w-12 text-amber-500" />
                  <h3 className="mt-2 text-lg font-bold">No Leagues Yet</h3>
                  <p className="mt-1 text-slate-700">
                    Create a league and invite your friends, or join one with a code.
                  </p>
                </div>
              ) : (
                <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                  {list.map((l) => (
                    <LeagueCard
                      key={l.id}
                      league={l}
                      selected={selected?.id === l.id}
                      onSelect={() => setSelectedId(l.id)}
                    />
                  ))}
                </ul>
              )}
            </section>

            <section className="card" aria-labelledby="ranking-title">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 id="ranking-title" className="break-words text-lg font-bold text-slate-900">
                    {selected ? selected.name : 'Rankings'}
                  </h2>
                  {selected && (
                    <p className="text-sm font-semibold text-slate-700" data-testid="table-season">
                      {seasonTableTitle(season)}
                    </p>
                  )}
                  {selected && <LeagueCompetition league={selected} />}
                  {selected && (
                    <p className="text-sm text-slate-900" data-testid="league-scoring">
                      {scoringLine(selected.scoring)}
                    </p>
                  )}
                  {selected?.scoring.changedAt && (
                    <p className="text-sm text-slate-700" data-testid="league-scoring-changed">
                      Scoring changed on{' '}
                      {formatKickoffDate(selected.scoring.changedAt, {
                        day: 'numeric',
                        month: 'long',
                        year: 'numeric',
                      })}
                      , after matches had been scored: every member's points are counted under the rule above.
                    </p>
                  )}
                  {selected && (
                    <p className="text-sm text-slate-600">
                      Tap a player to see their picks once a match's deadline has passed.
                    </p>
                  )}
                </div>
                {selected && (
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn-primary" onClick={() => setInvitingId(selected.id)}>
                      Invite Players
                    </button>
                    {selected.isCreator && (
                      <button type="button" className="btn-secondary" onClick={() => setRenaming(selected)}>
                        Rename
                      </button>
                    )}
                    {selected.isCreator && (
                      <button type="button" className="btn-secondary" onClick={() => setRescoring(selected)}>
                        Change Scoring
                      </button>
                    )}
                    <button type="button" className="btn-secondary text-red-800" onClick={() => setLeaving(selected)}>
                      Leave League
                    </button>
                  </div>
                )}
              </div>
              <div className="mt-4">
                {selected && notInSeason ? (
                  <p className="text-slate-700" data-testid="league-not-in-season">
                    {notInSeason}
                  </p>
                ) : selected && (season.kind === 'all' || (season.kind === 'season' && !season.isCurrent)) ? (
                  // Another season's table or the all-seasons total: no Live switch (that is the current season's).
                  <LeagueTable
                    key={`${selected.id}:${season.kind === 'all' ? 'all' : season.season.id}`}
                    leagueId={selected.id}
                    viewerIsCreator={selected.isCreator}
                    onOpenPicks={setPicksOf}
                    onRemove={setRemoving}
                  />
                ) : selected ? (
                  <LiveLeagueTable key={selected.id} leagueId={selected.id}>
                    <LeagueTable
                      leagueId={selected.id}
                      viewerIsCreator={selected.isCreator}
                      onOpenPicks={setPicksOf}
                      onRemove={setRemoving}
                    />
                  </LiveLeagueTable>
                ) : (
                  <p className="text-slate-700">No leaderboard data available yet.</p>
                )}
              </div>
            </section>
            {selected && !notInSeason && (season.kind === 'season' || season.kind === 'all') && (
              <BonusQuestions
                league={selected}
                season={season.kind === 'season' ? season.season.id : null}
                readOnly={season.kind === 'season' && season.readOnly}
              />
            )}
            {selected && season.kind === 'season' && (
              <>
                {!notInSeason && <OutlookPanel leagueId={selected.id} season={season.season.id} />}
                <HonoursPanel leagueId={selected.id} season={season.season.id} seasonLabel={season.season.label} />
              </>
            )}
          </>
        )}

        {selected && picksOf && (
          <Suspense fallback={<DialogLoading />}>
            <PicksModal key={picksOf.userId} leagueId={selected.id} member={picksOf} onClose={() => setPicksOf(null)} />
          </Suspense>
        )}
        {renaming && (
          <Suspense fallback={<DialogLoading />}>
            <RenameLeagueDialog league={renaming} onClose={() => setRenaming(null)} />
          </Suspense>
        )}
        {rescoring && (
          <Suspense fallback={<DialogLoading />}>
            <ScoringDialog league={rescoring} onClose={() => setRescoring(null)} />
          </Suspense>
        )}
        {inviting && (
          <Suspense fallback={<DialogLoading />}>
            <InviteDialog league={inviting} onClose={() => setInvitingId(null)} />
          </Suspense>
        )}
        <ConfirmDialog
          danger
          open={leaving !== null}
          title="Leave League"
          confirmLabel="Leave League"
          busy={leave.isPending}
          onCancel={() => setLeaving(null)}
          onConfirm={async () => {
            if (!leaving) return;
            try {
              await leave.mutateAsync(leaving.id);
              notify('success', `You left "${leaving.name}".`);
              setSelectedId(null);
            } catch (err) {
              notify('error', err instanceof ApiError ? err.message : 'Failed to leave the league. Please try again.');
            }
            setLeaving(null);
          }}
        >
          <p>
            Are you sure you want to leave <strong>{leaving?.name}</strong>?
            {leaving?.isCreator && leaving.memberCount > 1
              ? ' The longest-standing member will become its creator.'
              : ''}
            {leaving && leaving.memberCount === 1 ? ' You are its only member, so the league will be deleted.' : ''}
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          danger
          open={removing !== null}
          title="Remove Member"
          confirmLabel="Remove"
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            if (!removing || !selected) return;
            try {
              await remove.mutateAsync({ leagueId: selected.id, userId: removing.userId });
              notify(
                'success',
                `${removing.displayName} was removed from the league. They cannot join again unless you let them back in.`,
              );
            } catch (err) {
              notify('error', err instanceof ApiError ? err.message : 'Failed to remove the member. Please try again.');
            }
            setRemoving(null);
          }}
        >
          <p>
            Remove <strong>{removing?.displayName}</strong> from <strong>{selected?.name}</strong>? Their predictions
            are kept. They cannot join again, even with the code, until you let them back in from Invite Players.
          </p>
        </ConfirmDialog>
      </div>
    </LeagueSeasonsContext.Provider>
  );
}
