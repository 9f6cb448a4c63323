import { Link } from 'react-router';
import type { Dashboard } from '../../../contract/dashboard';
import { deadlineCountdown } from '../../../game/countdown';
import { competitionName, competitionSeasonName } from '../../lib/match-facts';
import { useSeasons } from '../seasons/api';

type Elsewhere = NonNullable<Dashboard['elsewhere']>[number];

/** The board of that competition's season, at the gameweek with its next deadline. */
const boardOf = (e: Elsewhere) =>
  `/predictions?season=${encodeURIComponent(e.seasonId)}${e.gameweek === null ? '' : `&gameweek=${e.gameweek}`}`;

/**
 * The dashboard leads with the Premier League; below what to do there, the other competitions the
 * player plays with matches open now: each one's next deadline, how many of its open matches
 * have a pick, and the way to its board. Nothing when there is none.
 */
export function OtherCompetitions({ d, now }: { d: Dashboard; now: Date }) {
  const seasons = useSeasons();
  const list = (d.elsewhere ?? []).filter((e) => deadlineCountdown(e.deadline, now) !== null);
  if (list.length === 0) return null;
  const nameOf = (e: Elsewhere) => {
    const season = seasons.data?.seasons.find((s) => s.id === e.seasonId);
    return season ? competitionSeasonName(season) : competitionName({ id: e.competitionId, name: e.competitionId });
  };
  return (
    <section className="card" aria-labelledby="elsewhere-title" data-testid="other-competitions">
      <h2 id="elsewhere-title" className="text-lg font-bold text-slate-900">
        Your other competitions
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {list.map((e) => (
          <li
            key={e.seasonId}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="other-competition"
          >
            <p className="text-sm text-slate-800">
              <span className="font-semibold text-slate-900">{nameOf(e)}</span>
              {e.gameweek !== null && ` · Gameweek ${e.gameweek}`}
              {`: ${e.predicted} of ${e.open} open ${e.open === 1 ? 'match' : 'matches'} predicted · the first ${deadlineCountdown(e.deadline, now)}`}
            </p>
            <Link to={boardOf(e)} className="btn-secondary shrink-0 text-center" aria-label={`Predict: ${nameOf(e)}`}>
              Predict
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
