import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RequireAuth } from '../app/guards';
import { Banner } from '../components/Banner';
import { GameweekPicker } from '../components/GameweekPicker';
import { useSeasonParam } from '../features/seasons/api';
import { summaryPath, useGameweekSummary } from '../features/summary/api';
import { SummaryView } from '../features/summary/SummaryView';

function SummaryScreen() {
  const { gameweek: raw } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const season = useSeasonParam();
  const gameweek = Number(raw);
  const valid = Number.isInteger(gameweek) && gameweek >= 1 && gameweek <= 99;
  const q = useGameweekSummary(season, valid ? gameweek : null);
  const urlSeason = params.get('season');
  // Back to the board on this gameweek (of this season).
  const back = `/predictions${valid ? `?gameweek=${gameweek}` : ''}${urlSeason ? `${valid ? '&' : '?'}season=${encodeURIComponent(urlSeason)}` : ''}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-brand-800">
            <Link to={back} className="underline">
              Predictions
            </Link>{' '}
            / Summary
          </p>
          <h1 className="text-2xl font-bold text-slate-900">Gameweek {valid ? gameweek : ''} summary</h1>
        </div>
        {q.data && q.data.scoredGameweeks.length > 0 && (
          <GameweekPicker id="summary-gameweek" value={gameweek} options={q.data.scoredGameweeks} onChange={(g) => void navigate(summaryPath(g, urlSeason))} />
        )}
      </div>
      {!valid ? (
        <Banner kind="error">There is no such gameweek.</Banner>
      ) : q.isPending ? (
        <p role="status" className="text-slate-700">
          Loading your gameweek...
        </p>
      ) : q.isError ? (
        <Banner kind="error">{q.error.message}</Banner>
      ) : (
        <SummaryView data={q.data} />
      )}
    </div>
  );
}

/** The player's gameweek summary (issue 14): /predictions/gameweek/:gameweek[?season=]. */
export default function GameweekSummary() {
  return (
    <RequireAuth loading="Loading your gameweek...">
      <SummaryScreen />
    </RequireAuth>
  );
}
