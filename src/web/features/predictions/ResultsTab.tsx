import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GameweekPicker } from '../../components/GameweekPicker';
import { summaryPath, useLatestResultGameweek } from '../summary/api';
import { displayTeamName } from '../../../game/clubs';
import { resultBodySchema } from '../../../contract/results';
import { isAllowedScoreKey, sanitizeScore } from '../../../game/score-input';
import { EmptyState, KickoffText, OutcomePanel, Teams } from './parts';
import { GameweekSelect } from './UpcomingTab';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../lib/notify';
import type { BoardMatch } from '../../../contract/predictions';
import { useBoard, useClearResult, useSaveResult } from './api';
import { useSeasonParam } from '../seasons/api';
import { BankerMark } from './BankerToggle';

/**
 * Tab 3 for players: a gameweek's matches with the score or 'Result Pending', and how their pick
 * compares. It opens on the most recent gameweek with results (else the current one) and links
 * to that gameweek's summary.
 */
export function PlayerResults() {
  const season = useSeasonParam();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const scored = useLatestResultGameweek(season);
  const gameweek = chosen ?? scored.data ?? undefined;
  const board = useBoard(season, scored.isPending ? undefined : gameweek);
  if (scored.isPending || board.isPending) return <p role="status">Loading results...</p>;
  if (board.isError) return <p role="alert">Could not load the results. Please try again.</p>;
  const { matches } = board.data;
  const shown = board.data.gameweek;
  const hasResults = matches.some((m) => m.fixture.result?.final);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {board.data.gameweeks.length > 0 && <GameweekPicker id="gameweek-player-results" value={shown} options={board.data.gameweeks} onChange={setChosen} />}
        {hasResults && (
          <Link to={summaryPath(shown, params.get('season'))} className="btn-primary">
            Your Gameweek {shown} summary
          </Link>
        )}
      </div>
      <h2 className="text-lg font-bold">Gameweek {shown} Results</h2>
      {matches.length === 0 ? (
        <EmptyState title="No Matches Found" text={`There are no matches in Gameweek ${shown}.`} />
      ) : (
        <ul className="space-y-4">
          {matches.map(({ fixture, prediction }) => {
            const result = fixture.result?.final ? fixture.result : null;
            return (
              <li key={fixture.id} className="card" data-testid="result-card">
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
                  <KickoffText fixture={fixture} />
                  <StatusBadge status={fixture.status} />
                </div>
                <div className="mt-3">
                  <Teams fixture={fixture} middle={result ? `${result.homeScore} - ${result.awayScore}` : undefined} />
                </div>
                {!result && <p className="mt-2 text-center text-sm font-semibold text-slate-700">Result Pending</p>}
                {prediction ? (
                  <>
                    <p className="mt-3 text-sm text-slate-800">
                      Your prediction: {prediction.homeScore} - {prediction.awayScore} {prediction.banker && <BankerMark />}
                    </p>
                    <OutcomePanel fixture={fixture} prediction={prediction} />
                  </>
                ) : (
                  <p className="mt-3 text-sm text-slate-700">You did not make a prediction for this match.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function AdminResultRow({ match }: { match: BoardMatch }) {
  const { fixture } = match;
  const saved = fixture.result;
  const [home, setHome] = useState(saved ? String(saved.homeScore) : '');
  const [away, setAway] = useState(saved ? String(saved.awayScore) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveResult();
  const clear = useClearResult();
  const homeName = displayTeamName(fixture.homeTeam);
  const awayName = displayTeamName(fixture.awayTeam);
  const busy = save.isPending || clear.isPending;
  const postponed = fixture.status === 'postponed';

  const onSave = async () => {
    const parsed = resultBodySchema.safeParse({ homeScore: home === '' ? undefined : Number(home), awayScore: away === '' ? undefined : Number(away) });
    if (!parsed.success) {
      setError(home === '' || away === '' ? 'Enter both scores.' : (parsed.error.issues[0]?.message ?? 'Invalid score.'));
      return;
    }
    setError(null);
    try {
      const res = await save.mutateAsync({ fixtureId: fixture.id, body: parsed.data });
      notify('success', `Result saved: ${homeName} ${res.fixture.result?.homeScore} - ${res.fixture.result?.awayScore} ${awayName}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the result.');
    }
  };
  const onClear = async () => {
    setError(null);
    try {
      await clear.mutateAsync(fixture.id);
      setHome('');
      setAway('');
      notify('success', `Result cleared: ${homeName} v ${awayName}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not clear the result.');
    }
  };
  const input = (id: string, label: string, value: string, set: (v: string) => void) => (
    <div className="flex flex-col items-center">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={2}
        autoComplete="off"
        className="input w-14 text-center text-lg font-bold"
        value={value}
        disabled={postponed}
        aria-invalid={error ? true : undefined}
        onKeyDown={(e) => {
          if (!isAllowedScoreKey(e)) e.preventDefault();
        }}
        onChange={(e) => {
          set(sanitizeScore(e.target.value));
          setError(null);
        }}
      />
    </div>
  );
  return (
    <li className="card" data-testid="admin-result-row">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <KickoffText fixture={fixture} />
        <StatusBadge status={fixture.status} />
      </div>
      <form
        className="mt-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        <Teams
          fixture={fixture}
          middle={
            <span className="flex items-center gap-1">
              {input(`res-${fixture.id}-home`, `${homeName} score`, home, setHome)}
              <span aria-hidden="true">-</span>
              {input(`res-${fixture.id}-away`, `${awayName} score`, away, setAway)}
            </span>
          }
        />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-800" data-testid="saved-score">
            {saved ? (saved.final ? `Saved result: ${saved.homeScore} - ${saved.awayScore}` : `Live score: ${saved.homeScore} - ${saved.awayScore} (not final)`) : 'No result saved'}
          </p>
          <div className="flex gap-2">
            {saved && (
              <button type="button" className="btn-secondary" disabled={busy} onClick={() => void onClear()} aria-label={`Clear result: ${homeName} v ${awayName}`}>
                Clear
              </button>
            )}
            <button type="submit" className="btn-primary" disabled={busy || postponed || home === '' || away === ''} aria-label={`Save result: ${homeName} v ${awayName}`}>
              Save
            </button>
          </div>
        </div>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

/** Tab 3 for the admin: 'Update Match Results (Admin)'. */
export function AdminResults() {
  const [gameweek, setGameweek] = useState<number | undefined>(undefined);
  const board = useBoard(useSeasonParam(), gameweek);
  if (board.isPending) return <p role="status">Loading matches...</p>;
  if (board.isError) return <p role="alert">Could not load the matches. Please try again.</p>;
  const data = board.data;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-bold">Update Match Results (Admin)</h2>
      {data.gameweeks.length > 0 && <GameweekSelect id="gameweek-results" value={data.gameweek} options={data.gameweeks} onChange={setGameweek} />}
      {data.matches.length === 0 ? (
        <EmptyState title="No Matches Found" text={`There are no matches in Gameweek ${data.gameweek}.`} />
      ) : (
        <ul className="space-y-4">
          {data.matches.map((m) => (
            <AdminResultRow key={`${m.fixture.id}:${m.fixture.result ? `${m.fixture.result.homeScore}-${m.fixture.result.awayScore}` : 'none'}`} match={m} />
          ))}
        </ul>
      )}
    </div>
  );
}
