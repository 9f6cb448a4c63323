import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { deadlineCountdown } from '../../../game/countdown';
import type { GameweekState } from '../../../game/gameweek-to-open';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { useSession } from '../../lib/session';
import { summaryPath } from '../summary/api';
import { seasonParam, withSeason } from '../seasons/season-view';
import { useSeasonParam, useSelectedSeason } from '../seasons/api';
import { competitionSeasonName, gameweekStages } from '../../lib/match-facts';
import { useQueryClient } from '@tanstack/react-query';
import { useBoard } from './api';
import { pageNowMs, useAtInstants, usePageClock } from '../../lib/page-clock';
import { boardInstants, matchesAt, openAt, statesAt } from './board-clock';
import { GameweekBar, Toggle } from './GameweekBar';
import { GAMEWEEK_STATE_TEXT, tallyGameweek, tallyLine, type GameweekTally } from './gameweek-summary';
import { MatchCard } from './MatchCard';
import { EmptyState } from './parts';
import { BANKER_RULE } from '../../../game/banker';
import { PickScopePicker } from '../pick-shares/PickScopePicker';
import { picksClosed } from '../pick-shares/timing';

const NO_INSTANTS = { refetch: [], wake: [] };

const STATE_STYLE: Record<GameweekState, string> = {
  open: 'bg-green-100 text-green-900',
  live: 'bg-red-100 text-red-900',
  closed: 'bg-slate-200 text-slate-900',
  played: 'bg-slate-200 text-slate-900',
  postponed: 'bg-amber-100 text-amber-900',
};

/** The gameweek's line: "7 of 10 predicted · 9 points", a bar while picks can still be made, and when the first open match closes. */
function Tally({ tally, open, now }: { tally: GameweekTally; open: boolean; now: Date }) {
  if (tally.matches === 0) return null;
  const closes = open ? deadlineCountdown(tally.nextDeadline, now) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="gameweek-progress">
      <p role="status" className="text-sm font-semibold text-slate-800" data-testid="gameweek-tally">
        {tallyLine(tally)}
      </p>
      {open && (
        <div
          aria-hidden="true"
          className="h-2 w-32 overflow-hidden rounded-full bg-slate-200"
          data-testid="gameweek-bar"
        >
          <div
            className="h-full rounded-full bg-brand-700"
            style={{ width: `${(100 * tally.predicted) / tally.matches}%` }}
          />
        </div>
      )}
      {closes && <p className="text-sm text-slate-700">{`The first open match ${closes}.`}</p>}
    </div>
  );
}

/**
 * The Predictions board (decision records 0041 and 0108): one gameweek at a time, chosen with
 * previous / next or the dropdown, opening where the server says (the gameweek in progress, else
 * the next gameweek with a match open for predictions, else the last played). Every match of the gameweek is in one list in kick-off
 * order, each card in its own state. `gameweek` undefined: the server's choice.
 */
export function Board({
  gameweek,
  onGameweek,
  onPredict,
  readOnly,
}: {
  gameweek: number | undefined;
  onGameweek: (gameweek: number) => void;
  onPredict: (f: Fixture, p: Prediction | null, now: Date) => void;
  /** A finished season: results and points, nothing to enter. */
  readOnly: boolean;
}) {
  const season = useSeasonParam();
  const shown = useSelectedSeason();
  const [params] = useSearchParams();
  const { isAdmin } = useSession();
  const [colours, setColours] = useState(true);
  const board = useBoard(season, gameweek);
  const qc = useQueryClient();
  // One clock for the page (decision record 0108): it wakes the board at each deadline, kick-off,
  // full time and countdown step on screen, and asks the server again where its answer moves.
  const instants = board.data ? boardInstants(board.data, new Date(pageNowMs())) : NO_INSTANTS;
  usePageClock(instants.wake);
  const now = useAtInstants(instants.refetch, board.data?.now, () => {
    void qc.invalidateQueries({ queryKey: ['fixtures', season ?? '', 'predictions-board'] });
  });
  if (board.isPending) return <p role="status">Loading matches...</p>;
  if (board.isError) return <p role="alert">Could not load the matches. Please try again.</p>;
  const data = board.data;
  const urlSeason = seasonParam(params);
  // The header follows the clock as the cards do: a deadline passed since the answer closes its match here.
  const { state, options } = statesAt(data, now);
  const tally = tallyGameweek(matchesAt(data.matches, now));
  const open = !readOnly && data.matches.some((m) => openAt(m, now));
  const nextOpen =
    !readOnly && data.nextOpen && data.nextOpen.gameweek !== data.gameweek
      ? { gameweek: data.nextOpen.gameweek, closes: deadlineCountdown(data.nextOpen.deadline, now) }
      : null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {data.gameweekStates.length > 0 ? (
          <GameweekBar value={gameweek ?? data.gameweek} options={options} onChange={onGameweek} />
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-end gap-3">
          <PickScopePicker show={data.matches.some((m) => picksClosed(m.window, m.fixture, now))} />
          <Toggle label="Home Team Colours" pressed={colours} onChange={setColours} onText="ON" offText="OFF" />
        </div>
      </div>
      <div aria-busy={board.isPlaceholderData} className={`space-y-4 ${board.isPlaceholderData ? 'opacity-60' : ''}`}>
        <div className="space-y-2">
          {shown && (
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-800" data-testid="board-competition">
              {[competitionSeasonName(shown), ...gameweekStages(data.matches.map((m) => m.fixture))].join(' · ')}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 className="text-xl font-bold text-slate-900">Gameweek {data.gameweek}</h2>
            {state && (
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATE_STYLE[state]}`}
                data-testid="gameweek-state"
              >
                {readOnly && state === 'open' ? 'Not played' : GAMEWEEK_STATE_TEXT[state]}
              </span>
            )}
          </div>
          <Tally tally={tally} open={open} now={now} />
          {open && (
            <p className="text-sm text-slate-700" data-testid="banker-rule">
              <span className="font-semibold text-slate-900">Banker:</span> {BANKER_RULE}
            </p>
          )}
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
            {/* On match day the gameweek in progress leads; the next open one comes second, with its deadline. */}
            {nextOpen?.closes && (
              <span data-testid="next-open">
                <button
                  type="button"
                  className="text-brand-800 underline"
                  onClick={() => onGameweek(nextOpen.gameweek)}
                >
                  {`Go to Gameweek ${nextOpen.gameweek}, open for predictions`}
                </button>
                <span className="font-normal text-slate-700">{` · its first match ${nextOpen.closes}`}</span>
              </span>
            )}
            {tally.results > 0 && (
              <Link to={summaryPath(data.gameweek, urlSeason)} className="text-brand-800 underline">
                {`Your Gameweek ${data.gameweek} summary`}
              </Link>
            )}
            {isAdmin && data.matches.length > 0 && (
              <Link to={withSeason('/admin/results', urlSeason)} className="text-brand-800 underline">
                Enter results on the Result Desk (admin)
              </Link>
            )}
          </div>
        </div>
        {data.matches.length === 0 ? (
          data.gameweeks.length === 0 ? (
            <EmptyState title="No matches yet" text="This season has no matches scheduled yet." />
          ) : (
            <EmptyState title="No matches" text={`Gameweek ${data.gameweek} has no matches.`} />
          )
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {data.matches.map((m) => (
              <MatchCard
                key={m.fixture.id}
                match={m}
                colours={colours}
                now={now}
                readOnly={readOnly}
                onPredict={onPredict}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
