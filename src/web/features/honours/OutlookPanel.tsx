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
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Points each member can still win and their chance of finishing first</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="py-2 pr-2">
                Member
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Pts
              </th>
              {outlook.gameweek !== null && (
                <th scope="col" className="px-2 py-2 text-right whitespace-nowrap">
                  <abbr title={`Still available in Gameweek ${outlook.gameweek}`}>GW {outlook.gameweek}</abbr>
                </th>
              )}
              <th scope="col" className="px-2 py-2 text-right">
                <abbr title="Still available this season">Season</abbr>
              </th>
              <th scope="col" className="py-2 pl-2">
                Chance
              </th>
            </tr>
          </thead>
          <tbody>
            {outlook.rows.map((r) => {
              const badge = chanceBadge(r.chance, outlook.decided);
              return (
                <tr key={r.userId} className={`border-b border-slate-100 ${r.isViewer ? 'bg-brand-50' : ''}`}>
                  <th scope="row" className="max-w-[10rem] py-2 pr-2 font-medium break-words text-slate-900">
                    {r.name}
                    {r.isViewer && <span className="sr-only"> (you)</span>}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{r.points}</td>
                  {outlook.gameweek !== null && (
                    <td className="px-2 py-2 text-right tabular-nums">+{r.availableGameweek ?? 0}</td>
                  )}
                  <td className="px-2 py-2 text-right tabular-nums">+{r.availableSeason}</td>
                  <td className="py-2 pl-2">
                    <span
                      className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${badge.tone}`}
                    >
                      {badge.label}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
