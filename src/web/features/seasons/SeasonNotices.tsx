import { Link, useLocation } from 'react-router';
import { formatKickoffDate } from '../../lib/format';
import type { Season } from '../../../contract/seasons';
import { useSeasons } from './api';
import { nextSeasonStart, seasonBreak, withSeason, type SeasonChoice } from './season-view';

/** "Saturday 14 August 2027" in the viewer's zone (British English would put a comma after the weekday). */
const longDate = (iso: string) => `${formatKickoffDate(iso, { weekday: 'long' })} ${formatKickoffDate(iso, { day: 'numeric', month: 'long', year: 'numeric' })}`;
const linkClass = 'font-semibold text-brand-800 underline hover:text-brand-900';

/** `?season=` named a season that does not exist: say so, and offer the current one. */
export function SeasonNotFound({ id }: { id: string }) {
  const { pathname } = useLocation();
  return (
    <div className="card text-center" role="alert" data-testid="season-not-found">
      <h2 className="text-lg font-bold text-slate-900">Season not found</h2>
      <p className="mt-1 break-words text-slate-700">There is no season “{id}”. Choose one above, or go back to the current season.</p>
      <Link to={pathname} className="btn-primary mt-4">
        Show the current season
      </Link>
    </div>
  );
}

/** The three season-scoped screens, each linked with the season shown. */
const SCREENS = [
  { path: '/predictions', text: 'Results and your predictions' },
  { path: '/leaderboard', text: 'Final league tables' },
  { path: '/statistics', text: 'Your season statistics' },
] as const;

/**
 * A past season is read-only: say so once, above the screen, with links to the same season's
 * other screens (the final tables, the player's statistics and rank history, the results). A
 * finished current season is the between-seasons state instead (SeasonBreakBanner).
 */
export function PastSeasonNote({ choice }: { choice: SeasonChoice }) {
  const { pathname } = useLocation();
  if (choice.kind !== 'season' || !choice.readOnly || choice.isCurrent) return null;
  const { season } = choice;
  const complete = season.results >= season.fixtures;
  return (
    <div className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="past-season-note">
      <p className="font-semibold">
        The {season.label} season is over: predictions are closed{complete ? ', these are its final results' : ''}.
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {SCREENS.filter((s) => !pathname.startsWith(s.path)).map((s) => (
          <li key={s.path}>
            <Link to={withSeason(s.path, season.id)} className={linkClass}>
              {s.text}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function nextSeasonText(next: Season | null): string {
  const start = next && nextSeasonStart(next);
  if (!next || !start) return 'Season over — the next season’s fixtures are not out yet.';
  return `Season over — the ${next.label} season starts on ${longDate(start)}.`;
}

/**
 * Between seasons (the last one finished, the next not started or not scheduled): a clear state
 * with the date the next season starts, in the viewer's zone, and the just-finished season's final
 * table, instead of lists with nothing in them.
 */
export function SeasonBreakBanner() {
  const seasons = useSeasons();
  const brk = seasonBreak(seasons.data);
  if (!brk || !seasons.data) return null;
  const { over, next } = brk;
  const param = over.id === seasons.data.current ? null : over.id;
  return (
    <section className="rounded-xl border border-green-300 bg-brand-50 px-4 py-4 text-brand-900" aria-label="Season over" data-testid="season-break">
      <p className="text-lg font-bold">{nextSeasonText(next)}</p>
      <p className="mt-1 text-sm">
        The {over.label} season has finished.{' '}
        <Link to={withSeason('/leaderboard', param)} className={linkClass}>
          See the {over.label} final table
        </Link>
        .
      </p>
    </section>
  );
}

/** Whether the app is between seasons (for screens that hide empty lists then). */
export function useSeasonBreak() {
  return seasonBreak(useSeasons().data);
}
