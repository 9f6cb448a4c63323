import { useId, useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { RankMark } from '../leagues/RankMark';
import { useLiveTable } from './api';

/**
 * A "Live" switch for a league's table. Off: shows `children` (the usual stored table), if given.
 * On: the stored totals plus the provisional points of matches in play, refreshed as in-play
 * scores change. Only league members can load it (the server checks).
 */
export function LiveLeagueTable({ leagueId, children }: { leagueId: string; children?: ReactNode }) {
  const [live, setLive] = useState(false);
  const { user } = useSession();
  const q = useLiveTable(leagueId, live);
  const captionId = useId();

  return (
    <div className="space-y-3" data-testid="live-league-table">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          role="switch"
          aria-checked={live}
          onClick={() => setLive((v) => !v)}
          className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${live ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
        >
          <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${live ? 'animate-pulse bg-red-600' : 'bg-slate-400'}`} />
          Live
        </button>
        {live && q.data && (
          <p className="text-xs text-slate-700">
            {q.data.liveMatches === 0 ? 'No matches in play: these are the final totals.' : `Includes provisional points from ${q.data.liveMatches} ${q.data.liveMatches === 1 ? 'match' : 'matches'} in play.`}
          </p>
        )}
      </div>

      {!live && children}

      {live && q.isPending && (
        <p className="text-slate-700" role="status">
          Loading live table...
        </p>
      )}
      {live && q.isError && (
        <p className="text-red-800" role="alert">
          {q.error instanceof Error ? q.error.message : 'Could not load the live table.'}
        </p>
      )}
      {live && q.data && (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <table className="w-full table-fixed text-sm" aria-labelledby={captionId}>
            <caption id={captionId} className="sr-only">
              Live league table: stored points plus provisional points of matches in play
            </caption>
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="w-14 py-2 pl-2 sm:pl-4">
                  Rank
                </th>
                <th scope="col" className="py-2 pr-2">
                  Name
                </th>
                <th scope="col" className="w-20 py-2 pr-2 text-right">
                  Live
                </th>
                <th scope="col" className="w-16 py-2 pr-2 text-right sm:pr-4">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="p-4 text-center text-slate-700">
                    No leaderboard data available yet.
                  </td>
                </tr>
              )}
              {q.data.rows.map((r) => (
                <tr key={r.userId} className={`border-t border-slate-200 ${r.userId === user?.id ? 'bg-brand-50' : ''}`}>
                  <td className="py-2 pl-2 sm:pl-4">
                    <RankMark rank={r.rank} />
                  </td>
                  <td className="max-w-0 py-2 pr-2">
                    <span className="flex min-w-0 items-center gap-2">
                      <span className="truncate font-medium text-slate-900">{r.name}</span>
                      {r.userId === user?.id && <span className="shrink-0 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">You</span>}
                      {r.isCreator && (
                        <span className="shrink-0" title="League creator">
                          <span aria-hidden="true">👑</span>
                          <span className="sr-only">(creator)</span>
                        </span>
                      )}
                    </span>
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums">
                    {r.provisionalPoints > 0 ? (
                      <span className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-950" title="Provisional points from matches in play">
                        +{r.provisionalPoints}
                      </span>
                    ) : (
                      <span className="text-slate-500">–</span>
                    )}
                  </td>
                  <td className="py-2 pr-2 text-right font-bold tabular-nums text-slate-900 sm:pr-4">{r.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
