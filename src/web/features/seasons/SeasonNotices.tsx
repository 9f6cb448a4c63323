import { Link, useLocation, useSearchParams } from 'react-router';
import { competitionSeasonName } from '../../lib/match-facts';
import { formatKickoffDate } from '../../lib/format';
import type { Season } from '../../../contract/seasons';
import { useSeasons } from './api';
import {
  defaultSeason,
  leadOfPath,
  nextSeasonStart,
  searchWithSeason,
  seasonBreak,
  withSeason,
  type SeasonBreak,
  type SeasonChoice,
} from './season-view';

/** "Saturday 14 August 2027" in the viewer's zone (British English would put a comma after the weekday). */
const longDate = (iso: string) =>
  `${formatKickoffDate(iso, { weekday: 'long' })} ${formatKickoffDate(iso, { day: 'numeric', month: 'long', year: 'numeric' })}`;
const linkClass = 'font-semibold text-brand-800 underline hover:text-brand-900';

/** `?season=` named a season that does not exist: say so, and offer the current one. */
export function SeasonNotFound({ id }: { id: string }) {
  const { pathname } = useLocation();
  return (
    <div className="card text-center" role="alert" data-testid="season-not-found">
      <h2 className="text-lg font-bold text-slate-900">Season not found</h2>
      <p className="mt-1 break-words text-slate-700">
        There is no season “{id}”. Choose one above, or go back to the current season.
      </p>
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

/** Links to the same season's other screens (not the one on show). */
function OtherScreens({ season, pathname }: { season: Season; pathname: string }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {SCREENS.filter((s) => !pathname.startsWith(s.path)).map((s) => (
        <li key={s.path}>
          <Link to={withSeason(s.path, season.id)} className={linkClass}>
            {s.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Above a season-scoped screen: what the season shown is, when that needs saying.
 * - Between seasons, on the screens about what has been played (tables, statistics, summaries):
 *   the season just finished leads, with its final standings and a way to switch to the next
 *   one (`FinalStandingsNote`); the next one, chosen there, says it has not started yet.
 * - A past season is read-only: said once, with links to the same season's other screens (the
 *   final tables, the player's statistics and rank history, the results). A finished current
 *   season on the board is the between-seasons state instead (SeasonBreakBanner).
 */
export function PastSeasonNote({ choice }: { choice: SeasonChoice }) {
  const { pathname } = useLocation();
  const seasons = useSeasons();
  if (choice.kind !== 'season') return null;
  const brk = leadOfPath(pathname) === 'standings' ? seasonBreak(seasons.data) : null;
  if (brk && choice.season.id === brk.over.id) return <FinalStandingsNote brk={brk} />;
  if (brk && choice.season.id === brk.next?.id) return <NotStartedNote brk={brk} next={brk.next} />;
  if (!choice.readOnly || choice.isCurrent) return null;
  const { season } = choice;
  const complete = season.results >= season.fixtures;
  return (
    <div
      className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800"
      data-testid="past-season-note"
    >
      <p className="font-semibold">
        The {season.competition.id === 'premier-league' ? season.label : competitionSeasonName(season)} season is over:
        predictions are closed{complete ? ', these are its final results' : ''}.
      </p>
      <OtherScreens season={season} pathname={pathname} />
    </div>
  );
}

/** `?…` of the screen on show with `season` chosen (the screen's own default leaves the parameter out). */
function useSeasonSearch(season: string): string {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const fallback = defaultSeason(useSeasons().data, leadOfPath(pathname))?.id;
  const qs = searchWithSeason(params, season, fallback).toString();
  return `${pathname}${qs ? `?${qs}` : ''}`;
}

/**
 * Between seasons, on tables, statistics and summaries: the season just finished leads with its
 * final standings (the fans' trophy moment), the next season one click away.
 */
function FinalStandingsNote({ brk }: { brk: SeasonBreak }) {
  const { pathname } = useLocation();
  const { over, next } = brk;
  const toNext = useSeasonSearch(next?.id ?? over.id);
  const start = next && nextSeasonStart(next);
  return (
    <section
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      aria-label={`The ${over.label} season is over`}
      data-testid="season-final"
    >
      <p className="text-lg font-bold">The {over.label} season is over: these are its final standings.</p>
      <p className="mt-1 text-sm">
        {next && start
          ? `The ${next.label} season starts on ${longDate(start)}.`
          : 'The next season’s fixtures are not out yet.'}
        {next && (
          <>
            {' '}
            <Link to={toNext} className={linkClass}>
              Switch to {next.label}
            </Link>
          </>
        )}
      </p>
      <OtherScreens season={over} pathname={pathname} />
    </section>
  );
}

/** Between seasons, the next season chosen on a table or statistics screen: nothing has been played in it yet. */
function NotStartedNote({ brk, next }: { brk: SeasonBreak; next: Season }) {
  const back = useSeasonSearch(brk.over.id);
  const start = nextSeasonStart(next);
  return (
    <div
      className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800"
      data-testid="season-not-started"
    >
      <p className="font-semibold">
        {start
          ? `The ${next.label} season starts on ${longDate(start)}`
          : `The ${next.label} season has not started yet`}
        : nothing has been played in it yet.
      </p>
      <p className="mt-1">
        <Link to={back} className={linkClass}>
          See the {brk.over.label} final standings
        </Link>
      </p>
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
  // The tables lead with the season just over anyway; name it only if they would not.
  const param = over.id === defaultSeason(seasons.data, 'standings')?.id ? null : over.id;
  return (
    <section
      className="rounded-xl border border-green-300 bg-brand-50 px-4 py-4 text-brand-900"
      aria-label="Season over"
      data-testid="season-break"
    >
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
