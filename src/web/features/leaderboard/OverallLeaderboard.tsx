import { useEffect, useRef, useState } from 'react';
import { ALL_SEASONS } from '../../../contract/seasons';
import type { LeaderboardRow } from '../../../contract/leaderboard';
import { plural } from '../../lib/plural';
import { StandingsTable } from '../leagues/StandingsTable';
import { useScoredGameweeks } from '../leagues/api';
import { useDefaultSeason, useSeasonChoice, useSeasonParam } from '../seasons/api';
import { PastSeasonNote } from '../seasons/SeasonNotices';
import { useLeaderboard } from './api';
import { OverallOutlookLine } from '../honours/OverallOutlookLine';

/**
 * The overall leaderboard of every player: the season's total or one gameweek's,
 * 50 to a page, with "Find me" to jump to the page holding the viewer's row (highlighted).
 */
export function OverallLeaderboard() {
  const param = useSeasonParam();
  const choice = useSeasonChoice({ allowAll: true });
  // The overall leaderboard is of one season: "All seasons" (a league choice) shows the one the
  // leaderboard leads with (the current season, or between seasons the one just played).
  const fallback = useDefaultSeason();
  const season = param === ALL_SEASONS ? fallback : param;
  const [gameweek, setGameweek] = useState<number | null>(null);
  const [at, setAt] = useState<number | 'me'>(1);
  const [found, setFound] = useState(0);
  const gameweeks = useScoredGameweeks(season);
  const q = useLeaderboard(season, gameweek, at);
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const tableRef = useRef<HTMLDivElement>(null);
  const standing = (r: LeaderboardRow) => ({ ...r, name: r.displayName, isCreator: false });

  // After "Find me", bring the viewer's row into view once its page is shown.
  useEffect(() => {
    if (!found || at !== 'me' || !data || q.isPlaceholderData) return;
    const row =
      tableRef.current?.querySelector('tr[data-viewer="true"]') ??
      [...(tableRef.current?.querySelectorAll('tr') ?? [])].find((tr) => tr.className.includes('bg-brand-50'));
    row?.scrollIntoView({ block: 'center' });
  }, [found, at, data, q.isPlaceholderData]);

  const choose = (gw: number | null) => {
    setGameweek(gw);
    setAt(1);
  };

  return (
    <>
      <PastSeasonNote choice={choice} />
      <section className="card" aria-labelledby="everyone-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="everyone-title" className="text-lg font-bold text-slate-900">
              Everyone
            </h2>
            <p className="text-sm text-slate-700">
              {data
                ? `${plural(data.total, 'player')} with a scored prediction.`
                : 'Every player with a scored prediction.'}
            </p>
            <OverallOutlookLine season={season} />
          </div>
          <button
            type="button"
            className="btn-primary"
            disabled={!data?.viewer}
            onClick={() => {
              setAt('me');
              setFound((n) => n + 1);
            }}
          >
            Find me
          </button>
        </div>
        <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
          <div className="inline-flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Leaderboard">
            <button
              type="button"
              aria-pressed={gameweek === null}
              onClick={() => choose(null)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${gameweek === null ? 'bg-brand-700 text-white' : 'text-slate-800'}`}
            >
              Season
            </button>
            <button
              type="button"
              aria-pressed={gameweek !== null}
              disabled={!gameweeks.data?.length}
              onClick={() => choose(gameweeks.data?.[gameweeks.data.length - 1] ?? null)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-50 ${gameweek !== null ? 'bg-brand-700 text-white' : 'text-slate-800'}`}
            >
              Gameweek
            </button>
          </div>
          {gameweek !== null && (
            <div>
              <label htmlFor="everyone-gameweek" className="sr-only">
                Gameweek
              </label>
              <select
                id="everyone-gameweek"
                className="input py-1.5"
                value={gameweek}
                onChange={(e) => choose(Number(e.target.value))}
              >
                {(gameweeks.data ?? []).map((g) => (
                  <option key={g} value={g}>
                    Gameweek {g}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {data?.viewer === null && data.total > 0 && (
          <p className="mt-3 text-sm text-slate-700">You'll appear here once one of your predictions has a result.</p>
        )}
        {q.isPending ? (
          <p role="status" className="mt-4 text-slate-700">
            Loading leaderboard...
          </p>
        ) : q.isError ? (
          <p role="alert" className="mt-4 text-red-700">
            {q.error.message}
          </p>
        ) : !data || data.total === 0 ? (
          <p className="mt-4 text-slate-700">No leaderboard data available yet.</p>
        ) : (
          <>
            <div className="mt-4" ref={tableRef} data-testid="everyone-table">
              <StandingsTable
                caption={`${gameweek === null ? 'Season' : `Gameweek ${gameweek}`} leaderboard of every player`}
                rows={data.rows.map(standing)}
                detail={{ header: 'Exact', cell: (r) => r.exactScores, phoneHidden: true }}
              />
            </div>
            <nav aria-label="Leaderboard pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
              <button
                type="button"
                className="btn-secondary"
                disabled={data.page <= 1}
                onClick={() => setAt(data.page - 1)}
              >
                Previous
              </button>
              <span className="text-slate-700" aria-live="polite">
                Page {data.page} of {pages}
              </span>
              <button
                type="button"
                className="btn-secondary"
                disabled={data.page >= pages}
                onClick={() => setAt(data.page + 1)}
              >
                Next
              </button>
            </nav>
          </>
        )}
      </section>
    </>
  );
}
