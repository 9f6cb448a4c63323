import { Link, useSearchParams } from 'react-router';
import { competitionSeasonName } from '../lib/match-facts';
import { AdminGate } from '../features/admin/AdminGate';
import { Banner } from '../components/Banner';
import { GameweekPicker } from '../components/GameweekPicker';
import { useResultDesk } from '../features/results-desk/api';
import { ResultDesk } from '../features/results-desk/ResultDesk';
import { useSeasonParam, useSelectedSeason } from '../features/seasons/api';
import { AwaitingResultsNotice } from '../features/results-desk/AwaitingResults';

/** `?gameweek=N` (1–99), so a link can open the desk on a gameweek; anything else is the desk's own choice. */
function gameweekParam(params: URLSearchParams): number | undefined {
  const n = Number(params.get('gameweek'));
  return Number.isInteger(n) && n >= 1 && n <= 99 ? n : undefined;
}

function ResultDeskScreen() {
  const season = useSeasonParam();
  const shown = useSelectedSeason();
  // Which competition too: the desk serves the Champions League and the World Cup as well.
  const label = shown ? competitionSeasonName(shown) : undefined;
  // The gameweek lives in the address (?gameweek=, ?season=): the admin screens link to a gameweek's results.
  const [params, setParams] = useSearchParams();
  const gameweek = gameweekParam(params);
  const setGameweek = (g: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('gameweek', String(g));
      return next;
    });
  const desk = useResultDesk(season, gameweek);
  const data = desk.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Result Desk</h1>
          <p className="text-sm text-slate-700">
            Enter a gameweek's final scores {label ? `(${label}) ` : ''}and save them together. Points are scored as
            they are saved.
          </p>
        </div>
        <Link to="/admin" className="btn-secondary">
          Back to Admin
        </Link>
      </div>
      <AwaitingResultsNotice season={season} />
      {desk.isPending ? (
        <p role="status" className="text-slate-700">
          Loading matches...
        </p>
      ) : desk.isError || !data ? (
        <Banner kind="error">Could not load the matches. Please try again.</Banner>
      ) : (
        <>
          {data.gameweeks.length > 0 && (
            <GameweekPicker id="desk-gameweek" value={data.gameweek} options={data.gameweeks} onChange={setGameweek} />
          )}
          <h2 className="text-lg font-bold text-slate-900">Gameweek {data.gameweek}</h2>
          {data.fixtures.length === 0 ? (
            <p className="card text-center text-slate-700">No matches in Gameweek {data.gameweek}.</p>
          ) : (
            <ResultDesk key={`${data.season}:${data.gameweek}`} fixtures={data.fixtures} />
          )}
        </>
      )}
    </div>
  );
}

/** The admin's result desk: the gameweek just played, every score in one form. */
export default function AdminResults() {
  return (
    <AdminGate loading="Verifying admin access..." homeLabel="Go to Dashboard" homeTo="/dashboard">
      <ResultDeskScreen />
    </AdminGate>
  );
}
