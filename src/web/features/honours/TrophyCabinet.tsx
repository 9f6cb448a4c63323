import type { Trophy } from '../../../contract/honours';
import { TrophyIcon } from '../leagues/icons';
import { useTrophies } from './api';
import { monthLabel } from './outlook-text';

/** What a trophy is for, in words. */
export function trophyTitle(t: Trophy): string {
  const shared = t.shared ? ' (shared)' : '';
  if (t.kind === 'champion') return `Champion ${t.seasonLabel}${shared}`;
  if (t.kind === 'runner-up') return `Runner-up ${t.seasonLabel}${shared}`;
  if (t.kind === 'month') return `Player of ${monthLabel(t.month ?? '')}${shared}`;
  return `Gameweek ${t.gameweek} winner, ${t.seasonLabel}${shared}`;
}

/** The signed-in player's trophy cabinet: every honour they won or shared in their leagues. */
export function TrophyCabinet() {
  const q = useTrophies();
  if (q.isPending || q.isError) return null;
  const trophies = q.data.trophies;
  return (
    <section className="card" aria-labelledby="trophy-cabinet-heading" data-testid="trophy-cabinet">
      <h2 id="trophy-cabinet-heading" className="text-lg font-bold text-slate-900">
        Trophy cabinet
      </h2>
      {trophies.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          No trophies yet. Win a gameweek or a month in one of your leagues to start your collection.
        </p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm">
          {trophies.map((t) => (
            <li key={`${t.leagueId}:${t.season}:${t.kind}:${t.gameweek ?? t.month ?? ''}`} className="flex gap-2">
              <TrophyIcon
                className={`h-5 w-5 shrink-0 ${t.kind === 'champion' ? 'text-amber-500' : t.kind === 'runner-up' ? 'text-slate-400' : 'text-brand-700'}`}
              />
              <span>
                <strong>{trophyTitle(t)}</strong> · {t.leagueName} · {t.points} pts
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
