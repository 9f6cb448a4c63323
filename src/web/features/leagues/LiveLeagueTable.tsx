import { useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import type { LiveTable } from '../../../contract/leagues';
import { StandingsTable } from './StandingsTable';
import { TablePager } from './TablePager';
import { TABLE_PAGE_SIZE, useLiveTable } from './api';
import { liveTableNote } from '../live-matches/live-table-note';
import { IfItStays } from '../honours/OutlookPanel';

/**
 * A "Live" switch for a league's table. Off: shows `children` (the usual stored table), if given.
 * On: the stored totals plus the provisional points of matches in play, refreshed as in-play
 * scores change, a page at a time with the viewer's own row always shown. Only league members can
 * load it (the server checks).
 */
export function LiveLeagueTable({ leagueId, children }: { leagueId: string; children?: ReactNode }) {
  const [live, setLive] = useState(false);
  const [page, setPage] = useState(1);
  const { user } = useSession();
  const q = useLiveTable(leagueId, page, live);
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / TABLE_PAGE_SIZE)) : 1;
  const standing = (r: LiveTable['rows'][number]) => ({ ...r, isViewer: r.userId === user?.id });
  const viewerOffPage = data?.viewer && !data.rows.some((r) => r.userId === data.viewer!.userId) ? data.viewer : null;

  return (
    <div className="space-y-3" data-testid="live-league-table">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          aria-pressed={live}
          onClick={() => {
            setLive((v) => !v);
            setPage(1);
          }}
          className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${live ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
        >
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 rounded-full ${live ? 'animate-pulse bg-red-600' : 'bg-slate-400'}`}
          />
          Live
        </button>
        {live && q.data && <p className="text-xs text-slate-700">{liveTableNote(q.data)}</p>}
      </div>
      {live && data && data.scoredMatches > 0 && <IfItStays leagueId={leagueId} season={data.season} />}

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
      {live && data && (
        <StandingsTable
          caption="Live league table: stored points plus provisional points of matches in play"
          rows={data.rows.map(standing)}
          offPage={viewerOffPage && standing(viewerOffPage)}
          detail={{
            header: 'Live',
            cell: (r) =>
              r.provisionalPoints > 0 ? (
                <span
                  className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-950"
                  title="Provisional points from matches in play"
                >
                  +{r.provisionalPoints}
                </span>
              ) : (
                <span className="text-slate-500">–</span>
              ),
          }}
        />
      )}
      {live && data && <TablePager page={page} pages={pages} onPage={setPage} />}
    </div>
  );
}
