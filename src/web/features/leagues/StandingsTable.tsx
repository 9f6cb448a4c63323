import type { ReactNode } from 'react';
import type { TableRow } from '../../../contract/leagues';
import { RankMark } from './RankMark';
import { CrownIcon } from './icons';

/** One player's line, whichever table it comes from (stored or live): a table row under its shown name. */
export type Standing = Pick<TableRow, 'userId' | 'rank' | 'points' | 'isViewer' | 'isCreator'> & { name: string };

interface Props<R extends Standing> {
  caption: string;
  rows: R[];
  /** The column between the name and the points (exact scores, or live points). */
  detail: { header: string; cell: (row: R) => ReactNode; phoneHidden?: boolean };
  /** A second column before the points (the league table's Bonus). */
  extra?: { header: string; cell: (row: R) => ReactNode };
  /** The viewer's own row when it is not on this page, shown after a gap. */
  offPage?: R | null;
  /** Tapping a name (e.g. to see that player's picks). */
  onOpen?: (row: R) => void;
  /** The creator's Remove button on every row but their own. */
  onRemove?: (row: R) => void;
}

/** The one league standings table: rank marks, the viewer's row highlighted, the creator's crown. */
export function StandingsTable<R extends Standing>({
  caption,
  rows,
  detail,
  extra,
  offPage,
  onOpen,
  onRemove,
}: Props<R>) {
  const columns = 4 + (onRemove ? 1 : 0) + (extra ? 1 : 0);
  const detailClass = detail.phoneHidden ? 'hidden sm:table-cell' : '';
  const line = (row: R) => (
    <tr key={row.userId} className={`border-t border-slate-200 ${row.isViewer ? 'bg-brand-50' : ''}`}>
      <td className="py-2 pl-2 pr-1 sm:pl-4">
        <RankMark rank={row.rank} />
      </td>
      <td className="max-w-0 py-2 pr-2">
        <Name row={row} onOpen={onOpen} />
      </td>
      <td className={`py-2 pr-2 text-right tabular-nums text-slate-700 ${detailClass}`}>{detail.cell(row)}</td>
      {extra && <td className="py-2 pr-2 text-right tabular-nums text-slate-700">{extra.cell(row)}</td>}
      <td className="py-2 pr-2 text-right font-bold tabular-nums text-slate-900 sm:pr-4">{row.points}</td>
      {onRemove && (
        <td className="py-2 pr-2 text-right">
          {!row.isViewer && (
            <button
              type="button"
              onClick={() => onRemove(row)}
              className="rounded px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
            >
              Remove<span className="sr-only"> {row.name}</span>
            </button>
          )}
        </td>
      )}
    </tr>
  );

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="w-14 py-2 pl-2 sm:w-16 sm:pl-4">
              Rank
            </th>
            <th scope="col" className="py-2">
              Player
            </th>
            <th scope="col" className={`w-20 py-2 pr-2 text-right ${detailClass}`}>
              {detail.header}
            </th>
            {extra && (
              <th scope="col" className="w-16 py-2 pr-2 text-right">
                {extra.header}
              </th>
            )}
            <th scope="col" className="w-16 py-2 pr-2 text-right sm:pr-4">
              Points
            </th>
            {onRemove && (
              <th scope="col" className="w-20 py-2 pr-2 text-right">
                <span className="sr-only">Manage</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns} className="p-4 text-center text-slate-700">
                No leaderboard data available yet.
              </td>
            </tr>
          )}
          {rows.map(line)}
          {offPage && (
            <>
              <tr aria-hidden="true">
                <td colSpan={columns} className="border-t border-slate-200 py-1 text-center text-slate-500">
                  ⋯
                </td>
              </tr>
              {line(offPage)}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function Name<R extends Standing>({ row, onOpen }: { row: R; onOpen?: (row: R) => void }) {
  const content = (
    <>
      {/* The viewer's own name wraps rather than ending in "Kop …": they must recognise their row. */}
      <span className={`font-medium text-slate-900 ${row.isViewer ? 'min-w-0 wrap-break-word' : 'truncate'}`}>
        {row.name}
      </span>
      {row.isViewer && (
        <span className="shrink-0 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">You</span>
      )}
      {row.isCreator && (
        <span className="shrink-0 text-amber-500" title="League creator">
          <CrownIcon className="h-4 w-4" label="creator" />
        </span>
      )}
    </>
  );
  // The viewer's marks go under a long name rather than squeezing it.
  const wrap = row.isViewer ? 'flex-wrap gap-x-2 gap-y-0.5' : 'gap-2';
  if (!onOpen) return <span className={`flex min-w-0 items-center ${wrap}`}>{content}</span>;
  return (
    <button
      type="button"
      onClick={() => onOpen(row)}
      className={`flex w-full min-w-0 items-center rounded text-left hover:underline ${wrap}`}
      title="View picks"
    >
      {content}
      {/* In brackets, not after a colon: the browser spaces out a hidden block ("Alice : view picks"). */}
      <span className="sr-only">(view picks)</span>
    </button>
  );
}
