import { Link } from 'react-router';
import { plural } from '../../lib/plural';
import { summaryPath, useGameweekSummary, useLatestResultGameweek } from '../summary/api';

/**
 * After a gameweek: its points at a glance, and the way to the full summary. Only for a gameweek
 * the player took part in (a pick in it): a newcomer is not told "Gameweek 2: 0 points" for a
 * gameweek they never played. Nothing before the season's first result.
 */
export function LatestGameweek({ season }: { season: string }) {
  const latest = useLatestResultGameweek(season).data ?? null;
  const q = useGameweekSummary(season, latest);
  if (latest === null || !q.data || q.data.totals.predicted === 0) return null;
  const { totals, leagues } = q.data;
  const best = leagues.length ? leagues.reduce((a, b) => (b.position < a.position ? b : a)) : null;
  return (
    <section
      className="card flex flex-wrap items-center justify-between gap-3 border-green-200 bg-brand-50"
      aria-labelledby="latest-gw-title"
    >
      <div className="min-w-0">
        <h2 id="latest-gw-title" className="text-lg font-bold text-slate-900">
          Gameweek {latest}: {plural(totals.points, 'point')}
        </h2>
        <p className="text-sm text-slate-700">
          {plural(totals.scored, 'pick')} scored, {plural(totals.exact, 'exact score')}
          {best ? ` · best league place: ${best.position} of ${best.memberCount}` : ''}
        </p>
      </div>
      <Link to={summaryPath(latest)} className="btn-primary">
        See your Gameweek {latest} summary
      </Link>
    </section>
  );
}
