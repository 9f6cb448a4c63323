import { isUpcoming, predictionWindow } from '../../../game/deadline';
import { deadlineCountdown } from '../../../game/countdown';
import type { PredictionOutcome } from '../../../game/scoring';
import { OUTCOME_MESSAGE } from '../../lib/outcome';
import { homeTeamColours } from './colours';
import { QuickEntry } from './QuickEntry';
import { BankerMark, BankerToggle } from './BankerToggle';
import { BANKER_RULE } from '../../../game/banker';
import { EmptyState, KickoffText, Teams } from './parts';
import { StatusBadge } from '../../components/StatusBadge';
import type { Fixture } from '../../../contract/fixtures';
import type { BoardMatch, Prediction } from '../../../contract/predictions';
import { useBoard, useServerNow } from './api';
import { useClub, useSeasonParam } from '../seasons/api';

export type Mode = 'upcoming' | 'past';

export function GameweekSelect({ id, value, options, onChange }: { id: string; value: number; options: number[]; onChange: (gw: number) => void }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        Gameweek
      </label>
      <select id={id} className="input w-40" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((g) => (
          <option key={g} value={g}>
            Gameweek {g}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Toggle({ label, pressed, onChange, onText, offText }: { label: string; pressed: boolean; onChange: (v: boolean) => void; onText: string; offText: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={`btn border ${pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800'}`}
    >
      {label}: {pressed ? onText : offText}
    </button>
  );
}

export function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  return (
    <div role="group" aria-label="Upcoming or past" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {(['upcoming', 'past'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold ${mode === m ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
        >
          {m === 'upcoming' ? 'Upcoming' : 'Past'}
        </button>
      ))}
    </div>
  );
}

const OUTCOME_CHIP: Record<PredictionOutcome, string> = {
  exact: 'border-green-300 bg-green-50 text-green-900',
  outcome: 'border-sky-300 bg-sky-50 text-sky-900',
  wrong: 'border-red-300 bg-red-50 text-red-900',
};

/** A kicked-off match: the actual score is the main score, the pick is labelled and its points shown. */
function PastFooter({ match }: { match: BoardMatch }) {
  const { fixture, prediction } = match;
  const result = fixture.result?.final ? fixture.result : null;
  if (!prediction) return <p className="text-sm text-slate-700">No prediction</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2 text-slate-800">
        <span>
          Your prediction <span className="font-bold tabular-nums">{`${prediction.homeScore}–${prediction.awayScore}`}</span>
        </span>
        {prediction.banker && <BankerMark />}
      </p>
      {result && prediction.outcome ? (
        <p className={`rounded-lg border px-2 py-0.5 font-semibold ${OUTCOME_CHIP[prediction.outcome]}`} data-outcome={prediction.outcome}>
          {OUTCOME_MESSAGE[prediction.outcome](prediction.points ?? 0)}
        </p>
      ) : (
        <p className="text-slate-700">Result pending...</p>
      )}
    </div>
  );
}

function Countdown({ deadline, now }: { deadline: string | null; now: Date }) {
  const text = deadlineCountdown(deadline, now);
  if (!text) return null;
  const soon = deadline !== null && Date.parse(deadline) - now.getTime() < 24 * 3_600_000;
  return (
    <p className={`inline-flex items-center gap-1 text-sm font-semibold ${soon ? 'text-amber-800' : 'text-slate-700'}`} data-testid="countdown">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
        <circle cx="8" cy="8" r="6.2" />
        <path d="M8 4.5V8l2.4 1.6" />
      </svg>
      {text}
    </p>
  );
}

function MatchCard({
  match,
  colours,
  now,
  readOnly,
  onPredict,
}: {
  match: BoardMatch;
  colours: boolean;
  now: Date;
  readOnly: boolean;
  onPredict: (f: Fixture, p: Prediction | null, now: Date) => void;
}) {
  const { fixture, prediction } = match;
  const home = useClub(fixture.homeTeam);
  const band = colours ? homeTeamColours(home) : null;
  const result = fixture.result;
  const started = !isUpcoming(fixture, now);
  const postponed = fixture.status === 'postponed';
  // The server's word counts too: a match moved after its deadline stays closed (DESIGN.md point 12).
  const closed = !postponed && (match.window === 'closed' || predictionWindow({ kickoffAt: fixture.kickoffAt, postponed }, now) === 'closed');
  const open = !postponed && !closed && !readOnly;
  const middle = started && result ? (
    <span className="flex flex-col items-center leading-tight">
      <span className="text-2xl font-extrabold tabular-nums" data-testid="card-score">{`${result.homeScore} - ${result.awayScore}`}</span>
      <span className="text-xs font-semibold text-slate-600">{result.final ? 'Full time' : 'In play'}</span>
    </span>
  ) : undefined;
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm" data-testid="fixture-card" data-window={open ? 'open' : 'closed'}>
      <div
        className={`flex flex-wrap items-center justify-between gap-2 px-4 py-1.5 text-sm ${band ? '' : 'border-b border-slate-100 bg-slate-50 text-slate-800'}`}
        style={band ? { background: band.band, color: band.text, borderBottom: `3px solid ${band.edge}` } : undefined}
        data-testid="card-band"
      >
        <span className="font-semibold">{fixture.league}</span>
        <StatusBadge status={fixture.status} />
      </div>
      <div className="p-4">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
          <p className="text-slate-700">
            <KickoffText fixture={fixture} />
          </p>
          {open && <Countdown deadline={match.deadline} now={now} />}
        </div>
        <div className="mt-3">
          <Teams fixture={fixture} middle={middle} />
        </div>
        {open && (
          <div className="mt-3 border-t border-slate-100 pt-3">
            <QuickEntry fixture={fixture} prediction={prediction} />
          </div>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          {started ? (
            <div className="w-full">
              <PastFooter match={match} />
            </div>
          ) : (
            <>
              <div className="text-sm">
                {prediction && (
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {`Your prediction: ${prediction.homeScore} - ${prediction.awayScore}`}
                    {!open && prediction.banker && <BankerMark />}
                  </p>
                )}
                {closed && <p className="text-slate-700">Predictions closed</p>}
              </div>
              {open && prediction && <BankerToggle fixture={fixture} prediction={prediction} />}
              {postponed ? (
                <button type="button" className="btn border border-slate-300 bg-white text-slate-900" disabled>
                  Postponed
                </button>
              ) : (
                open && (
                  <button
                    type="button"
                    className="btn border border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
                    onClick={() => onPredict(fixture, prediction, now)}
                    aria-label={`${prediction ? 'Edit' : 'Predict'}: ${fixture.homeTeam} v ${fixture.awayTeam}`}
                  >
                    {prediction ? 'Edit' : 'Predict'}
                  </button>
                )
              )}
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** "7 of 10 predicted": the gameweek's matches that take a pick (postponed ones do not) and how many have one. */
function Progress({ matches }: { matches: BoardMatch[] }) {
  const counted = matches.filter((m) => m.fixture.status !== 'postponed');
  // A gameweek already played has nothing left to fill in.
  if (counted.length === 0 || !counted.some((m) => m.window === 'open')) return null;
  const done = counted.filter((m) => m.prediction).length;
  return (
    <div className="flex items-center gap-3" data-testid="gameweek-progress">
      <p role="status" className="text-sm font-semibold text-slate-800">{`${done} of ${counted.length} predicted`}</p>
      <div aria-hidden="true" className="h-2 w-32 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${(100 * done) / counted.length}%` }} />
      </div>
    </div>
  );
}

/** The gameweek dropdown with previous / next beside it, each off at its end of the season. */
export function GameweekPicker({ id, value, options, onChange }: { id: string; value: number; options: number[]; onChange: (gw: number) => void }) {
  const i = options.indexOf(value);
  const prev = i > 0 ? options[i - 1] : undefined;
  const next = i >= 0 && i < options.length - 1 ? options[i + 1] : undefined;
  const arrow = 'flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';
  // Names come from the buttons' text (sr-only), not aria-label, so "Gameweek" stays the label of the dropdown alone.
  return (
    <div className="flex items-end gap-1.5">
      <button type="button" className={arrow} disabled={prev === undefined} onClick={() => prev !== undefined && onChange(prev)}>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M10 3 5 8l5 5" />
        </svg>
        <span className="sr-only">Previous gameweek</span>
      </button>
      <GameweekSelect id={id} value={value} options={options} onChange={onChange} />
      <button type="button" className={arrow} disabled={next === undefined} onClick={() => next !== undefined && onChange(next)}>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m6 3 5 5-5 5" />
        </svg>
        <span className="sr-only">Next gameweek</span>
      </button>
    </div>
  );
}

/** Tab 1: a gameweek's matches as cards (spec §2 Predictions). */
export function UpcomingTab({
  mode,
  onMode,
  gameweek,
  onGameweek,
  colours,
  onColours,
  onPredict,
  readOnly = false,
}: {
  mode: Mode;
  onMode: (m: Mode) => void;
  gameweek: number | undefined;
  onGameweek: (g: number) => void;
  colours: boolean;
  onColours: (v: boolean) => void;
  onPredict: (f: Fixture, p: Prediction | null, now: Date) => void;
  /** A finished season: every match of the gameweek with its result and points, no predict controls. */
  readOnly?: boolean;
}) {
  const board = useBoard(useSeasonParam(), gameweek);
  const now = useServerNow(board.data?.now, board.dataUpdatedAt);
  if (board.isPending) return <p role="status">Loading matches...</p>;
  if (board.isError) return <p role="alert">Could not load the matches. Please try again.</p>;
  const data = board.data;
  // A past season shows every match of the gameweek in kick-off order (no upcoming/past split).
  const shown = readOnly ? data.matches : data.matches.filter((m) => (mode === 'upcoming' ? isUpcoming(m.fixture, now) : !isUpcoming(m.fixture, now)));
  if (mode === 'past' && !readOnly) shown.reverse();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        {data.gameweeks.length > 0 && <GameweekPicker id="gameweek-upcoming" value={data.gameweek} options={data.gameweeks} onChange={onGameweek} />}
        {!readOnly && <ModeSwitch mode={mode} onChange={onMode} />}
        <Toggle label="Home Team Colours" pressed={colours} onChange={onColours} onText="ON" offText="OFF" />
      </div>
      <Progress matches={data.matches} />
      {!readOnly && mode === 'upcoming' && data.matches.some((m) => m.window === 'open') && (
        <p className="text-sm text-slate-700" data-testid="banker-rule">
          <span className="font-semibold text-slate-900">Banker:</span> {BANKER_RULE}
        </p>
      )}
      {shown.length === 0 ? (
        mode === 'upcoming' && !readOnly ? (
          <EmptyState title="No Upcoming Matches" text={`No upcoming matches scheduled for Gameweek ${data.gameweek}.`} />
        ) : (
          <EmptyState text={`No past matches found for Gameweek ${data.gameweek}.`} />
        )
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((m) => (
            <MatchCard key={m.fixture.id} match={m} colours={colours} now={now} readOnly={readOnly} onPredict={onPredict} />
          ))}
        </ul>
      )}
    </div>
  );
}
