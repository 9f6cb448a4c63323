import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RequireAuth } from '../app/guards';
import { Banner } from '../components/Banner';
import { GameweekPicker } from '../components/GameweekPicker';
import { useDefaultSeason, useSeasonParam, useSeasons } from '../features/seasons/api';
import { summaryPath, useGameweekSummary } from '../features/summary/api';
import { SummaryView } from '../features/summary/SummaryView';
import { gameweekOrder } from '../features/summary/summary-note';
import { summaryCardPath } from '../../contract/share-images';
import { ShareCardButton } from '../features/share/ShareCardButton';

function SummaryScreen() {
  const { gameweek: raw } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Summaries lead with the season just played between seasons (the board already offers the next).
  const season = useSeasonParam();
  const boardSeason = useDefaultSeason('board');
  const label = useSeasons().data?.seasons.find((s) => s.id === season)?.label;
  const gameweek = Number(raw);
  const valid = Number.isInteger(gameweek) && gameweek >= 1 && gameweek <= 99;
  const q = useGameweekSummary(season, valid ? gameweek : null);
  const urlSeason = params.get('season');
  // Back to the board on this gameweek, naming the season when the board would open another one.
  const backSeason = urlSeason ?? (season !== boardSeason ? season : undefined);
  const backQuery = new URLSearchParams();
  if (valid) backQuery.set('gameweek', String(gameweek));
  if (backSeason) backQuery.set('season', backSeason);
  const back = `/predictions${backQuery.size ? `?${backQuery}` : ''}`;

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
          {label && (
            <p className="text-sm text-slate-700" data-testid="summary-season">
              {label} season
            </p>
          )}
        </div>
        {/* The summary as a picture to share (decision 0112). */}
        {valid && q.data && (
          <ShareCardButton
            path={summaryCardPath(gameweek, season)}
            fileName={`scoreline-gameweek-${gameweek}.png`}
            title={`My gameweek ${gameweek}`}
          />
        )}
        {q.data && q.data.scoredGameweeks.length > 0 && (
          <GameweekPicker
            id="summary-gameweek"
            value={gameweek}
            options={gameweekOrder(q.data.scoredGameweeks)}
            onChange={(g) => void navigate(summaryPath(g, urlSeason))}
          />
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

/** The player's gameweek summary: /predictions/gameweek/:gameweek[?season=]. */
export default function GameweekSummary() {
  return (
    <RequireAuth loading="Loading your gameweek...">
      <SummaryScreen />
    </RequireAuth>
  );
}
