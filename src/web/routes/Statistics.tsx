import { lazy, Suspense, useEffect, useState } from 'react';
import { RequireAuth } from '../app/guards';
import { ClubBadge } from '../components/ClubBadge';
import { ClubName } from '../components/ClubName';
import { AchievementBadge, StatTile } from '../features/dashboard/parts';
import { useStatistics } from '../features/statistics/api';
import { useSeasonChoice, useSeasonParam } from '../features/seasons/api';
import { SeasonSwitcher } from '../features/seasons/SeasonSwitcher';
import { PastSeasonNote, SeasonNotFound } from '../features/seasons/SeasonNotices';
import { Bar, rankColour, rankEntryText } from '../features/statistics/parts';
import { plural } from '../lib/plural';

// The chart library is only ever loaded here, and only when the chart is drawn.
const RankChart = lazy(() => import('../features/statistics/RankChart'));

function StatisticsScreen() {
  const [league, setLeague] = useState<string | null>(null);
  const choice = useSeasonChoice();
  const param = useSeasonParam();
  const q = useStatistics(choice.kind === 'not-found' ? undefined : param, league);
  useEffect(() => {
    // A statistics load failure is logged only.
    if (q.isError) console.error('Failed to load statistics', q.error);
  }, [q.isError, q.error]);

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Statistics</h1>
        <p className="text-sm text-slate-700">
          {choice.kind === 'season' && !choice.isCurrent
            ? `How your predictions went in ${choice.season.label}.`
            : 'How your predictions are going.'}
        </p>
      </div>
      <SeasonSwitcher />
    </div>
  );
  if (choice.kind === 'not-found') {
    return (
      <div className="space-y-6">
        {header}
        <SeasonNotFound id={choice.id} />
      </div>
    );
  }
  if (q.isPending) {
    return (
      <p className="p-6 text-slate-700" role="status">
        Loading your statistics...
      </p>
    );
  }
  const s = q.data;
  if (!s) return header;

  const bias = s.homeAwayBias;
  const biasTotal = bias.home + bias.away + bias.draw;
  const pct = (n: number) => (biasTotal > 0 ? `${((n / biasTotal) * 100).toFixed(1)}%` : '0.0%');

  return (
    <div className="space-y-6">
      {header}
      <PastSeasonNote choice={choice} />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatTile
          label="Total Points"
          value={s.totalPoints}
          sub={`${s.averagePointsPerPrediction.toFixed(2)} avg per prediction`}
          icon="star"
        />
        <StatTile
          label="Success Rate"
          value={s.scoredPredictions ? `${s.successRate.toFixed(1)}%` : '—'}
          sub={`${s.correctPredictions} of ${plural(s.scoredPredictions, 'prediction')}`}
          icon="trend"
        />
        <StatTile label="Best Streak" value={s.bestStreak} sub={`Current streak: ${s.currentStreak}`} icon="flame" />
        <StatTile
          label="Exact Scores"
          value={s.exactScores}
          sub={`${s.gameweeksAtTop} ${s.gameweeksAtTop === 1 ? 'Gameweek' : 'Gameweeks'} at #1`}
          icon="bullseye"
        />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="card space-y-4" aria-labelledby="patterns-title">
          <h2 id="patterns-title" className="text-lg font-bold text-slate-900">
            Prediction Patterns
          </h2>
          <Bar label="Home Wins" value={bias.home} max={biasTotal} display={`${bias.home} (${pct(bias.home)})`} />
          <Bar
            label="Away Wins"
            value={bias.away}
            max={biasTotal}
            display={`${bias.away} (${pct(bias.away)})`}
            colour="bg-sky-600"
          />
          <Bar
            label="Draws"
            value={bias.draw}
            max={biasTotal}
            display={`${bias.draw} (${pct(bias.draw)})`}
            colour="bg-amber-500"
          />
          <dl className="grid grid-cols-3 gap-2 pt-2 text-center">
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-700">Early (24h+)</dt>
              <dd className="text-lg font-bold text-slate-900">{s.predictionTiming.early}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-700">Average</dt>
              <dd className="text-lg font-bold text-slate-900">{s.predictionTiming.averageHours.toFixed(1)}h</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-2">
              <dt
                className="text-xs text-slate-700"
                title="Within 2 hours of the deadline (predictions close 2 hours before kick-off)"
              >
                Last Min (2h)
              </dt>
              <dd className="text-lg font-bold text-slate-900">{s.predictionTiming.lastMinute}</dd>
            </div>
          </dl>
          <p className="text-xs text-slate-600">
            Average is hours before kick-off; last minute means in the 2 hours before the deadline.
          </p>
        </section>

        <section className="card space-y-3" aria-labelledby="weekday-title">
          <h2 id="weekday-title" className="text-lg font-bold text-slate-900">
            Weekday Performance
          </h2>
          {s.weekdayAccuracy.map((d) => (
            <Bar
              key={d.day}
              label={d.day}
              value={d.accuracy}
              max={100}
              display={d.predictions > 0 ? `${d.accuracy.toFixed(1)}% (${d.correct}/${d.predictions})` : '—'}
            />
          ))}
        </section>

        <section className="card" aria-labelledby="teams-title">
          <h2 id="teams-title" className="text-lg font-bold text-slate-900">
            Most Predicted Teams
          </h2>
          {s.favoriteTeams.length === 0 ? (
            <p className="mt-4 text-slate-700">No predictions yet</p>
          ) : (
            <ol className="mt-4 space-y-3">
              {s.favoriteTeams.map((t, i) => (
                <li key={t.team} className="flex items-center gap-3">
                  <span className="w-5 text-sm font-bold text-slate-700">{i + 1}.</span>
                  <ClubBadge team={t.team} size={28} />
                  {/* The short name on a phone (Brighton), never "Brighton & Hove Al…". */}
                  <span className="flex min-w-0 flex-1">
                    <ClubName team={t.team} wrap className="font-medium text-slate-900" />
                  </span>
                  <span className="text-right text-xs text-slate-700">
                    <span className="block">{plural(t.predictions, 'prediction')}</span>
                    {/* No figure until one of the club's predicted matches has been played. */}
                    {t.accuracy !== null && <span className="block">{t.accuracy.toFixed(1)}% accuracy</span>}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="card" aria-labelledby="stats-achievements-title">
          <h2 id="stats-achievements-title" className="text-lg font-bold text-slate-900">
            Achievements
          </h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {s.achievements.map((a) => (
              <AchievementBadge key={a.id} {...a} />
            ))}
          </ul>
        </section>
      </div>

      <section className="card space-y-4" aria-labelledby="rank-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="rank-title" className="text-lg font-bold text-slate-900">
            Rank History
          </h2>
          <div>
            <label htmlFor="rank-league" className="label">
              Ranked among
            </label>
            <select
              id="rank-league"
              className="input w-56"
              value={league ?? ''}
              onChange={(e) => setLeague(e.target.value || null)}
            >
              <option value="">All players (overall)</option>
              {s.leagues.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {s.rankHistory.length === 0 ? (
          <p className="text-slate-700">
            Your rank shows here from the first gameweek you predicted in, once it has results.
          </p>
        ) : (
          <>
            <Suspense
              fallback={
                <p className="h-64 text-sm text-slate-700" role="status">
                  Loading chart...
                </p>
              }
            >
              <RankChart history={s.rankHistory} />
            </Suspense>
            <ol className="grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label={`Rank per gameweek, ${s.rankScope.name}`}>
              {s.rankHistory.map((h) => (
                <li key={h.gameweek} className={`rounded-lg border p-2 text-center ${rankColour(h.rank)}`}>
                  <span className="block text-xs font-semibold">GW {h.gameweek}</span>
                  <span className="block text-lg font-bold">{rankEntryText(h).rank}</span>
                  <span className="block text-xs">{rankEntryText(h).points}</span>
                </li>
              ))}
            </ol>
          </>
        )}
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-700">Times at #1</dt>
            <dd className="text-lg font-bold text-slate-900">{s.gameweeksAtTop}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-700">Gameweeks Played</dt>
            <dd className="text-lg font-bold text-slate-900">{s.totalGameweeksParticipated}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-700">Top Position Rate</dt>
            <dd className="text-lg font-bold text-slate-900">{s.topPositionRate.toFixed(1)}%</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

export default function Statistics() {
  return (
    <RequireAuth loading="Loading your statistics...">
      <StatisticsScreen />
    </RequireAuth>
  );
}
