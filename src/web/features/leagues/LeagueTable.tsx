import { useState } from 'react';
import type { TableRow } from '../../../contract/leagues';
import { StandingsTable } from './StandingsTable';
import { TablePager } from './TablePager';
import { TABLE_PAGE_SIZE, useLeagueTable, useScoredGameweeks } from './api';
import { useSeasonParam } from '../seasons/api';
import { ALL_SEASONS } from '../../../contract/seasons';
import { tableCardPath } from '../../../contract/share-images';
import { ShareCardButton } from '../share/ShareCardButton';

/** The selected league's ranking in a season: overall or one gameweek, paginated, with the viewer's own row always shown. */
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
  // The season in the URL (?season=; 'all' for every season added up), else the current one.
  const season = useSeasonParam();
  // Gameweeks belong to one season: the all-seasons total has no gameweek table to offer.
  const allSeasons = season === ALL_SEASONS;
  const gameweeks = useScoredGameweeks(season);
  const q = useLeagueTable(leagueId, season, gameweek, page);
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / TABLE_PAGE_SIZE)) : 1;
  const viewerOffPage = data?.viewer && !data.rows.some((r) => r.userId === data.viewer!.userId) ? data.viewer : null;
  const standing = (r: TableRow) => ({ ...r, name: r.displayName });

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        {allSeasons ? (
          <p className="text-sm text-slate-700">Gameweek tables are per season: choose one season to see them.</p>
        ) : (
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
        )}
        {/* The season's table as a picture to share (decision 0112): one season's overall table. */}
        {!allSeasons && data && data.rows.length > 0 && (
          <ShareCardButton
            path={tableCardPath(leagueId, season)}
            fileName="scoreline-league-table.png"
            title={`${data.league.name} table`}
          />
        )}
        {gameweek !== null && !allSeasons && (
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
          <div className="mt-4">
            <StandingsTable
              caption={
                allSeasons
                  ? 'All seasons standings'
                  : gameweek === null
                    ? 'Overall standings'
                    : `Gameweek ${gameweek} standings`
              }
              rows={data.rows.map(standing)}
              offPage={viewerOffPage && standing(viewerOffPage)}
              detail={{ header: 'Exact', cell: (r) => r.exactScores, phoneHidden: true }}
              // Bonus questions' points, once anyone in the table has some (they belong to a season, not a gameweek).
              extra={
                data.rows.some((r) => r.bonus !== 0) || (data.viewer?.bonus ?? 0) !== 0
                  ? { header: 'Bonus', cell: (r) => r.bonus }
                  : undefined
              }
              onOpen={onOpenPicks}
              onRemove={viewerIsCreator ? onRemove : undefined}
            />
          </div>
          <TablePager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
