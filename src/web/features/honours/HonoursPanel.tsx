import type { SeasonHonoursInfo } from '../../../contract/honours';
import { TrophyIcon } from '../leagues/icons';
import { useLeagueArchive, useLeagueHonours } from './api';
import { monthLabel, winnersLine } from './outlook-text';

/**
 * A league's honours of a season (decision 0109): champions and runners-up once it is finished,
 * each month's and each gameweek's winners; then the archive of the league's past seasons. A
 * league that did not exist in the season says so instead of showing a table of it.
 */
export function HonoursPanel({
  leagueId,
  season,
  seasonLabel,
}: {
  leagueId: string;
  season: string | undefined;
  seasonLabel?: string;
}) {
  const q = useLeagueHonours(leagueId, season);
  const archive = useLeagueArchive(leagueId);
  if (q.isPending) return null;
  const past = archive.data?.seasons.filter((s) => s.honours.season !== season) ?? [];
  return (
    <section className="card mt-6" aria-labelledby="honours-heading" data-testid="honours-panel">
      <h2 id="honours-heading" className="text-lg font-bold text-slate-900">
        Honours
      </h2>
      {q.isError && <p className="text-sm text-red-800">Could not load the honours.</p>}
      {q.data === null && (
        <p className="mt-1 text-sm text-slate-700">
          This league did not exist in {seasonLabel ?? 'that season'}, so it has no table or honours for it.
        </p>
      )}
      {q.data && <SeasonHonours honours={q.data.honours} />}
      {past.length > 0 && (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <h3 className="font-semibold text-slate-900">Season archive</h3>
          <ul className="mt-2 space-y-3">
            {past.map((s) => (
              <li key={s.honours.season}>
                <details>
                  <summary className="cursor-pointer text-sm font-semibold text-slate-900">
                    {s.honours.seasonLabel}
                    {s.honours.champions && ` · Champion: ${winnersLine(s.honours.champions)}`}
                  </summary>
                  <ol className="mt-2 space-y-0.5 text-sm">
                    {s.table.map((r) => (
                      <li key={r.userId} className="flex justify-between gap-2">
                        <span className="break-words">
                          {r.rank}. {r.name}
                        </span>
                        <span className="tabular-nums">{r.points}</span>
                      </li>
                    ))}
                  </ol>
                  <SeasonHonours honours={s.honours} />
                </details>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function SeasonHonours({ honours }: { honours: SeasonHonoursInfo }) {
  const nothing = !honours.champions && honours.months.length === 0 && honours.gameweeks.length === 0;
  return (
    <div className="mt-2 space-y-3 text-sm text-slate-800">
      {honours.champions && (
        <p className="flex items-start gap-2">
          <TrophyIcon className="h-5 w-5 shrink-0 text-amber-500" />
          <span>
            <strong>{honours.seasonLabel} champion:</strong> {winnersLine(honours.champions)}
            {honours.runnersUp && (
              <>
                <br />
                <strong>Runners-up:</strong> {winnersLine(honours.runnersUp)}
              </>
            )}
          </span>
        </p>
      )}
      {!honours.finished && (
        <p className="text-slate-700">The champion is crowned when the season’s last result is in.</p>
      )}
      {nothing && <p className="text-slate-700">No honours yet: a gameweek is won once all its results are in.</p>}
      {honours.months.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">Month winners</h3>
          <ul className="mt-1 space-y-0.5">
            {honours.months.map((m) => (
              <li key={m.month}>
                {monthLabel(m.month)}: {winnersLine(m)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {honours.gameweeks.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">Gameweek winners</h3>
          <ul className="mt-1 space-y-0.5">
            {[...honours.gameweeks].reverse().map((g) => (
              <li key={g.gameweek}>
                GW {g.gameweek}: {winnersLine(g)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
