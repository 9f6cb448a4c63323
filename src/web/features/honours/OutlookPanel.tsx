import type { Outlook } from '../../../contract/honours';
import { useOutlook } from './api';
import { chanceBadge, ifItStaysLine, outlookHeadline } from './outlook-text';

/**
 * "What can still happen" on a league's page (decision 0109): every member's points still
 * available this gameweek and this season, and whether they can still win, are out of it, or are
 * champion. Worked out on the server from the league's own table and rule.
 */
export function OutlookPanel({ leagueId, season }: { leagueId: string; season: string | undefined }) {
  const q = useOutlook(leagueId, season);
  if (q.isPending || q.isError || !q.data) return null;
  return <OutlookView outlook={q.data} />;
}

export function OutlookView({ outlook }: { outlook: Outlook }) {
  const viewer = outlook.rows.find((r) => r.isViewer);
  const stays = ifItStaysLine(viewer);
  return (
    <section className="card mt-6" aria-labelledby="outlook-heading" data-testid="outlook-panel">
      <h2 id="outlook-heading" className="text-lg font-bold text-slate-900">
        What can still happen
      </h2>
      <p className="mt-1 text-sm text-slate-700">{outlookHeadline(outlook)}</p>
      {stays && <p className="mt-1 text-sm font-semibold text-amber-900">{stays}</p>}
      {/* A list, not a second table: the page's one table is the league's own. */}
      <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Points each member can still win">
        {outlook.rows.map((r) => {
          const badge = chanceBadge(r.chance, outlook.decided);
          return (
            <li
              key={r.userId}
              className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-1 py-2 ${r.isViewer ? 'bg-brand-50' : ''}`}
              data-testid="outlook-row"
            >
              <span className="min-w-0 font-medium break-words text-slate-900">
                {r.name}
                {r.isViewer && <span className="sr-only"> (you)</span>}
              </span>
              <span className="flex flex-wrap items-center gap-x-3 tabular-nums text-slate-700">
                <span>{r.points} pts</span>
                {outlook.gameweek !== null && (
                  <span>
                    +{r.availableGameweek ?? 0} <span className="text-slate-600">in GW {outlook.gameweek}</span>
                  </span>
                )}
                <span>
                  +{r.availableSeason} <span className="text-slate-600">this season</span>
                </span>
                <span
                  className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${badge.tone}`}
                >
                  {badge.label}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-600">
        The most each member can still score: every match still open, every pick on a match under way, a banker each
        gameweek and open bonus questions. Nobody’s picks are shown before their deadline.
      </p>
    </section>
  );
}

/** The live table's "if it stays like this" line for the viewer, while matches in play have a score. */
export function IfItStays({ leagueId, season }: { leagueId: string; season: string | undefined }) {
  const q = useOutlook(leagueId, season, true);
  const line = ifItStaysLine(q.data?.rows.find((r) => r.isViewer));
  if (!line) return null;
  return (
    <p className="text-sm font-semibold text-amber-900" data-testid="if-it-stays">
      {line}
    </p>
  );
}
