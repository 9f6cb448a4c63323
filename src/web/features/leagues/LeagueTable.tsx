import { useState } from 'react';
import { RankMark } from './RankMark';
import { CrownIcon } from './icons';
import { TABLE_PAGE_SIZE, useLeagueTable, useScoredGameweeks, type TableRow } from './api';

function Row({ row, canRemove, onOpen, onRemove }: { row: TableRow; canRemove: boolean; onOpen: () => void; onRemove: () => void }) {
  return (
    <tr className={`border-t border-slate-200 ${row.isViewer ? 'bg-brand-50' : ''}`}>
      <td className="py-2 pl-2 pr-1 sm:pl-4">
        <RankMark rank={row.rank} />
      </td>
      <td className="max-w-0 py-2 pr-2">
        <button type="button" onClick={onOpen} className="flex w-full min-w-0 items-center gap-2 rounded text-left hover:underline" title="View picks">
          <span className="truncate font-medium text-slate-900">{row.displayName}</span>
          {row.isViewer && <span className="shrink-0 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">You</span>}
          {row.isCreator && (
            <span className="shrink-0 text-amber-500" title="League creator">
              <CrownIcon className="h-4 w-4" label="creator" />
            </span>
          )}
          <span className="sr-only">: view picks</span>
        </button>
      </td>
      <td className="hidden py-2 pr-2 text-right tabular-nums text-slate-700 sm:table-cell">{row.exactScores}</td>
      <td className="py-2 pr-2 text-right font-bold tabular-nums text-slate-900 sm:pr-4">{row.points}</td>
      {canRemove && (
        <td className="py-2 pr-2 text-right">
          {!row.isViewer && (
            <button type="button" onClick={onRemove} className="rounded px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50">
              Remove<span className="sr-only"> {row.displayName}</span>
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

/** The selected league's ranking: overall or one gameweek, paginated, with the viewer's own row always shown. */
export function LeagueTable({
  leagueId,
  viewerIsCreator,
  onOpenPicks,
  onRemove,
}: {
  leagueId: string;
  viewerIsCreator: boolean;
  onOpenPicks: (row: TableRow) => void;
  onRemove: (row: TableRow) => void;
}) {
  const [gameweek, setGameweek] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const gameweeks = useScoredGameweeks();
  const q = useLeagueTable(leagueId, gameweek, page);
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / TABLE_PAGE_SIZE)) : 1;
  const viewerOffPage = data?.viewer && !data.rows.some((r) => r.userId === data.viewer!.userId) ? data.viewer : null;
  const row = (r: TableRow) => <Row key={r.userId} row={r} canRemove={viewerIsCreator} onOpen={() => onOpenPicks(r)} onRemove={() => onRemove(r)} />;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="inline-flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Table">
          <button
            type="button"
            aria-pressed={gameweek === null}
            onClick={() => {
              setGameweek(null);
              setPage(1);
            }}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${gameweek === null ? 'bg-brand-700 text-white' : 'text-slate-800'}`}
          >
            Overall
          </button>
          <button
            type="button"
            aria-pressed={gameweek !== null}
            disabled={!gameweeks.data?.length}
            onClick={() => {
              setGameweek(gameweeks.data?.[gameweeks.data.length - 1] ?? null);
              setPage(1);
            }}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-50 ${gameweek !== null ? 'bg-brand-700 text-white' : 'text-slate-800'}`}
          >
            Gameweek
          </button>
        </div>
        {gameweek !== null && (
          <div>
            <label htmlFor="table-gameweek" className="sr-only">
              Gameweek
            </label>
            <select
              id="table-gameweek"
              className="input py-1.5"
              value={gameweek}
              onChange={(e) => {
                setGameweek(Number(e.target.value));
                setPage(1);
              }}
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

      {q.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading leaderboard...
        </p>
      ) : q.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {q.error.message}
        </p>
      ) : !data || data.rows.length === 0 ? (
        <p className="mt-4 text-slate-700">No leaderboard data available yet.</p>
      ) : (
        <>
          <div className="mt-4 overflow-hidden rounded-lg border border-slate-200">
            <table className="w-full table-fixed text-sm">
              <caption className="sr-only">{gameweek === null ? 'Overall standings' : `Gameweek ${gameweek} standings`}</caption>
              <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="w-14 py-2 pl-2 sm:w-16 sm:pl-4">
                    Rank
                  </th>
                  <th scope="col" className="py-2">
                    Player
                  </th>
                  <th scope="col" className="hidden w-16 py-2 pr-2 text-right sm:table-cell">
                    Exact
                  </th>
                  <th scope="col" className="w-16 py-2 pr-2 text-right sm:pr-4">
                    Points
                  </th>
                  {viewerIsCreator && (
                    <th scope="col" className="w-20 py-2 pr-2 text-right">
                      <span className="sr-only">Manage</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {data.rows.map(row)}
                {viewerOffPage && (
                  <>
                    <tr aria-hidden="true">
                      <td colSpan={5} className="border-t border-slate-200 py-1 text-center text-slate-500">
                        ⋯
                      </td>
                    </tr>
                    {row(viewerOffPage)}
                  </>
                )}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav aria-label="Table pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
              <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </button>
              <span className="text-slate-700">
                Page {page} of {pages}
              </span>
              <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
