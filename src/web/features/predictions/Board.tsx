import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { deadlineCountdown } from '../../../game/countdown';
import type { GameweekState } from '../../../game/gameweek-to-open';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { useSession } from '../../lib/session';
import { summaryPath } from '../summary/api';
import { seasonParam, withSeason } from '../seasons/season-view';
import { useSeasonParam } from '../seasons/api';
import { useBoard, useServerNow } from './api';
import { GameweekBar, Toggle } from './GameweekBar';
import { GAMEWEEK_STATE_TEXT, tallyGameweek, tallyLine, type GameweekTally } from './gameweek-summary';
import { MatchCard } from './MatchCard';
import { EmptyState } from './parts';
import { BANKER_RULE } from '../../../game/banker';
import { PickScopePicker } from '../pick-shares/PickScopePicker';
import { picksClosed } from '../pick-shares/timing';

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
        <div aria-hidden="true" className="h-2 w-32 overflow-hidden rounded-full bg-slate-200">
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
 * The Predictions board (decision record 0041): one gameweek at a time, chosen with previous /
 * next or the dropdown, opening where the server says (the next gameweek with a match open for
 * predictions, else the last played). Every match of the gameweek is in one list in kick-off
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
  const [params] = useSearchParams();
  const { isAdmin } = useSession();
  const [colours, setColours] = useState(true);
  const board = useBoard(season, gameweek);
  const now = useServerNow(board.data?.now, board.dataUpdatedAt);
  if (board.isPending) return <p role="status">Loading matches...</p>;
  if (board.isError) return <p role="alert">Could not load the matches. Please try again.</p>;
  const data = board.data;
  const urlSeason = seasonParam(params);
  const state = data.gameweekStates.find((g) => g.gameweek === data.gameweek)?.state;
  const openingState = data.gameweekStates.find((g) => g.gameweek === data.openingGameweek)?.state;
  const tally = tallyGameweek(data.matches);
  const open = !readOnly && data.matches.some((m) => m.window === 'open');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {data.gameweekStates.length > 0 ? (
          <GameweekBar value={gameweek ?? data.gameweek} options={data.gameweekStates} onChange={onGameweek} />
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
            {!readOnly && data.gameweek !== data.openingGameweek && openingState === 'open' && (
              <button
                type="button"
                className="text-brand-800 underline"
                onClick={() => onGameweek(data.openingGameweek)}
              >
                {`Go to Gameweek ${data.openingGameweek}, open for predictions`}
              </button>
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
