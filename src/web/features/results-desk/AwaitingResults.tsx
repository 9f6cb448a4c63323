import { Link } from 'react-router';
import type { AwaitingSeason } from '../../../contract/admin';
import { ApiError } from '../../lib/api';
import { formatKickoffDate } from '../../lib/format';
import { plural } from '../../lib/plural';
import { notifyAdmin as notify } from '../admin/AdminGate';
import { useSyncNow } from '../admin/seasons/api';
import { useAcceptFeed, useAwaitingResults } from './api';
import { deskPath, feedSettingsPath, gameweekSpan } from './awaiting-text';
import { FeedFailureLine, FeedTodo } from './FeedTodo';

const linkClass = 'font-semibold text-brand-800 underline hover:text-brand-900';
const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/** When a gameweek's waiting matches were played: "Sat 22 Aug", or "Sat 22 Aug – Mon 24 Aug". */
function playedOn(first: string, last: string): string {
  const a = formatKickoffDate(first);
  const b = formatKickoffDate(last);
  return a === b ? a : `${a} – ${b}`;
}

/** Quickest way to fill a season's results in by itself: its feed, or the suggested one. */
function FeedLine({ season }: { season: AwaitingSeason }) {
  const accept = useAcceptFeed();
  const sync = useSyncNow();
  const report = (run: { outcome: string | null; message: string | null }) =>
    notify(run.outcome === 'failed' ? 'error' : 'success', run.message ?? 'The feed was read.');

  if (season.feedUrl) {
    return (
      <p className="text-sm text-slate-800">
        Its results feed is set (<span className="break-all">{season.feedUrl}</span>)
        {season.feedFailure ? (
          <>
            , but its <FeedFailureLine failure={season.feedFailure} />
          </>
        ) : (
          ' but has not brought them yet.'
        )}{' '}
        <button
          type="button"
          className="btn-secondary ml-1 py-1"
          disabled={sync.isPending}
          onClick={() =>
            void sync
              .mutateAsync(season.season)
              .then(({ run }) => report(run))
              .catch((e: unknown) => notify('error', message(e)))
          }
        >
          {sync.isPending ? 'Reading the feed…' : 'Sync now'}
        </button>{' '}
        <Link to={feedSettingsPath(season.season)} className={linkClass}>
          Feed settings
        </Link>
      </p>
    );
  }
  if (!season.suggestedFeedUrl) {
    return (
      <p className="text-sm text-slate-800">
        A results feed can fill them in:{' '}
        <Link to={feedSettingsPath(season.season)} className={linkClass}>
          set one up for {season.label}
        </Link>
        .
      </p>
    );
  }
  const suggested = season.suggestedFeedUrl;
  return (
    <div className="space-y-2 text-sm text-slate-800">
      <p>
        <strong>Quickest:</strong> let a results feed fill them in. openfootball publishes the season’s results within
        days, in the file {season.label}’s fixtures come from. Suggested address (nothing is read until you use it):
      </p>
      <p
        className="break-all rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
        data-testid="suggested-feed"
      >
        {suggested}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={accept.isPending}
          onClick={() =>
            void accept
              .mutateAsync({ season: season.season, feedUrl: suggested })
              .then(report)
              .catch((e: unknown) => notify('error', message(e)))
          }
        >
          {accept.isPending ? 'Reading the feed…' : 'Use this feed'}
        </button>
        <Link to={feedSettingsPath(season.season)} className={linkClass}>
          Edit the address first
        </Link>
      </div>
    </div>
  );
}

function SeasonAwaiting({ season }: { season: AwaitingSeason }) {
  const numbered = season.gameweeks.filter((g) => g.gameweek !== null);
  const loose = season.gameweeks.find((g) => g.gameweek === null);
  const span = gameweekSpan(numbered.map((g) => g.gameweek));
  return (
    <div className="space-y-3" data-testid={`awaiting-${season.season}`}>
      <p className="text-slate-900">
        <strong>{season.label}:</strong> {plural(season.count, 'match', 'matches')}{' '}
        {season.count === 1 ? 'has' : 'have'} been played without a final result
        {span ? `, in ${span}` : ''}. Players see “Result not in yet”, and their points wait for it.
      </p>
      <FeedLine season={season} />
      <div>
        <p className="text-sm font-semibold text-slate-800">
          {season.feedUrl || season.suggestedFeedUrl
            ? 'Or enter them yourself at the result desk:'
            : 'Enter them at the result desk:'}
        </p>
        <ul
          className="mt-1 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
          aria-label={`Gameweeks of ${season.label} without results`}
        >
          {numbered.map((g) => (
            <li key={g.gameweek}>
              <Link
                to={deskPath(season.season, g.gameweek!)}
                className="flex h-full flex-col rounded-lg border border-violet-300 bg-white px-3 py-1.5 text-sm hover:bg-violet-100"
              >
                <span className="font-bold text-violet-950">Gameweek {g.gameweek}</span>
                <span className="text-xs text-slate-700">
                  {plural(g.count, 'result')} · {playedOn(g.firstKickoff, g.lastKickoff)}
                </span>
              </Link>
            </li>
          ))}
          {loose && (
            <li>
              <Link
                to="/admin"
                className="flex h-full flex-col rounded-lg border border-violet-300 bg-white px-3 py-1.5 text-sm hover:bg-violet-100"
              >
                <span className="font-bold text-violet-950">No gameweek</span>
                <span className="text-xs text-slate-700">
                  {plural(loose.count, 'match', 'matches')}: give them one on Fixtures
                </span>
              </Link>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}

/**
 * On the admin screens (the admin's to-do): results feeds that need the admin (a failed last run,
 * moves to confirm), and how many matches have been played without a final result, per season,
 * with the gameweeks they are in (each a link to the result desk on that gameweek) and the
 * quickest way to have them filled in by a feed. Nothing when every result is in. `season`
 * limits it to one season (the result desk's).
 */
export function AwaitingResultsNotice({ season }: { season?: string }) {
  const q = useAwaitingResults();
  const seasons = (q.data?.seasons ?? []).filter((s) => season === undefined || s.season === season);
  const shown = seasons.filter((s) => s.count > 0);
  const feedTodo = seasons.filter((s) => s.feedFailure !== null || s.pendingMoves > 0);
  if (shown.length === 0) return <FeedTodo seasons={feedTodo} />;
  return (
    <>
      <FeedTodo seasons={feedTodo} />
      <section
        className="card space-y-4 border-violet-300 bg-violet-50"
        aria-labelledby="awaiting-title"
        data-testid="awaiting-results"
      >
        <h2 id="awaiting-title" className="text-lg font-bold text-violet-950">
          Results not in yet
        </h2>
        {shown.map((s) => (
          <SeasonAwaiting key={s.season} season={s} />
        ))}
      </section>
    </>
  );
}
