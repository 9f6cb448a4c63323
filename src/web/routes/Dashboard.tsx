import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RequireAuth } from '../app/guards';
import { useSession } from '../lib/session';
import { dashboardKey, useDashboard } from '../features/dashboard/api';
import { dashboardInstants, nextUpCards } from '../features/dashboard/next-up';
import { useBoard } from '../features/predictions/api';
import { showsPicks } from '../features/dashboard/match-day-list';
import { pageNowMs, useAtInstants, usePageClock } from '../lib/page-clock';
import { AchievementBadge, ProgressBar, StatTile } from '../features/dashboard/parts';
import { performanceText } from '../features/dashboard/performance';
import { LeaguePositions } from '../features/dashboard/LeaguePositions';
import { UpcomingMatches } from '../features/dashboard/UpcomingMatches';
import { RecentActivity } from '../features/dashboard/RecentActivity';
import { SeasonBreakBanner, useSeasonBreak } from '../features/seasons/SeasonNotices';
import { LatestGameweek } from '../features/dashboard/LatestGameweek';
import { NextUp } from '../features/dashboard/NextUp';
import { OtherCompetitions } from '../features/dashboard/OtherCompetitions';

function DashboardScreen() {
  const { user, isAdmin } = useSession();
  const q = useDashboard();
  const qc = useQueryClient();
  const between = useSeasonBreak() !== null;
  // One clock for the page (decision record 0108): the cards change at a deadline, a kick-off or a
  // full time itself, and the dashboard is asked for again there (the next open gameweek's card).
  const instants = q.data ? dashboardInstants(q.data, new Date(pageNowMs())) : { refetch: [], wake: [] };
  usePageClock(instants.wake);
  const now = useAtInstants(instants.refetch, q.data?.now, () => {
    void qc.invalidateQueries({ queryKey: dashboardKey });
  });
  // On match day the list shows the viewer's pick of each of today's matches: the board of that
  // gameweek already carries them (and is refreshed by the same fixture and own-prediction events).
  const matchDay = q.data ? showsPicks(q.data, nextUpCards(q.data, now).lead?.kind === 'match-day', now) : false;
  const board = useBoard(matchDay ? q.data?.season.id : undefined, q.data?.gameweek);
  useEffect(() => {
    // A dashboard load failure is logged only.
    if (q.isError) console.error('Failed to load the dashboard', q.error);
  }, [q.isError, q.error]);
  if (q.isPending) {
    return (
      <p className="p-6 text-slate-700" role="status">
        Loading dashboard...
      </p>
    );
  }
  const d = q.data;
  const name = user?.teamName || user?.username || user?.email;
  // Between seasons the banner above says what comes next, not an empty list.
  const matches = d && !(between && d.upcoming.length === 0) && (
    <UpcomingMatches
      gameweek={d.gameweek}
      matches={d.upcoming}
      board={matchDay && board.data?.gameweek === d.gameweek ? board.data.matches : undefined}
      isAdmin={isAdmin}
      now={now}
    />
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
          {/* A newcomer (no prediction yet, in any season) is welcomed, not welcomed back. */}
          <p className="truncate text-sm text-slate-700" data-testid="greeting">
            {d?.newcomer ? `Welcome to Scoreline, ${name}!` : `Welcome back, ${name}!`}
          </p>
          {d && (
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600" data-testid="dashboard-season">
              {d.season.label} season
            </p>
          )}
        </div>
        {/* Named for where it leads: the admin's fixtures (the same words as the navigation's item). */}
        {isAdmin && (
          <Link to="/admin" className="btn-primary">
            Admin Fixtures
          </Link>
        )}
      </div>

      <SeasonBreakBanner />

      {/* What to do now comes first, above everything a phone would have to scroll past. */}
      {d && <NextUp d={d} now={now} />}
      {d && <OtherCompetitions d={d} now={now} />}

      {/* A newcomer's figures would all be nought: the steps above say what to do instead. */}
      {d && !d.newcomer && (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          <StatTile label="Total Predictions" value={d.tiles.totalPredictions} icon="target" />
          {/* Scored picks come first in Recent Activity, so none there means no result yet: the rate is not 0 %, it is not known. */}
          <StatTile
            label="Success Rate"
            value={d.recentActivity.some((a) => a.state !== 'pending') ? `${d.tiles.successRate.toFixed(1)}%` : '—'}
            icon="trend"
          />
          <StatTile label="Total Points" value={d.tiles.totalPoints} icon="star" />
          <StatTile label="Exact Scores" value={d.tiles.exactScores} icon="bullseye" />
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {/* On match day today's matches, with the viewer's picks, come first (decision record 0108). */}
          {matchDay && matches}
          {d && <LatestGameweek season={d.season.id} />}
          <LeaguePositions hideWhenEmpty={d?.newcomer} />
          {!matchDay && matches}
          {d && !d.newcomer && <RecentActivity items={d.recentActivity} />}
        </div>
        <div className="space-y-6">
          {d && (
            <section className="card" aria-labelledby="achievements-title">
              <h2 id="achievements-title" className="text-lg font-bold text-slate-900">
                Achievements
              </h2>
              <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
                {d.achievements.map((a) => (
                  <AchievementBadge key={a.id} {...a} />
                ))}
              </ul>
            </section>
          )}
          {d && (
            <section className="card space-y-4" aria-labelledby="performance-title">
              <h2 id="performance-title" className="text-lg font-bold text-slate-900">
                Performance
              </h2>
              {d.performance.map((p) => (
                <ProgressBar
                  key={p.id}
                  label={p.label}
                  value={p.value}
                  goal={p.goal}
                  figure={performanceText(p).figure}
                  hint={performanceText(p).target}
                />
              ))}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

export default function Dashboard() {
  return (
    <RequireAuth loading="Loading dashboard...">
      <DashboardScreen />
    </RequireAuth>
  );
}
