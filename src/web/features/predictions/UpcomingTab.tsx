import { isUpcoming, predictionWindow } from '../../../game/deadline';
import { homeTeamColours } from './colours';
import { EmptyState, KickoffText, Teams } from './parts';
import { StatusBadge } from '../../components/StatusBadge';
import type { Fixture } from '../../../contract/fixtures';
import type { BoardMatch, Prediction } from '../../../contract/predictions';
import { useBoard, useServerNow } from './api';
import { useClub, useSeasonParam } from '../seasons/api';
import { PastMatchPoints } from '../seasons/PastMatchPoints';

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

function MatchCard({ match, colours, now, onPredict, readOnly }: { match: BoardMatch; colours: boolean; now: Date; onPredict: (f: Fixture, p: Prediction | null, now: Date) => void; readOnly?: boolean }) {
  const { fixture, prediction } = match;
  const home = useClub(fixture.homeTeam);
  const style = colours ? homeTeamColours(home) : null;
  const finalResult = fixture.result?.final ? fixture.result : null;
  const postponed = fixture.status === 'postponed';
  // The server's word counts too: a match moved after its deadline stays closed (DESIGN.md point 12).
  const closed = !postponed && (match.window === 'closed' || predictionWindow({ kickoffAt: fixture.kickoffAt, postponed }, now) === 'closed');
  return (
    <li
      className={`rounded-xl border-2 p-4 shadow-sm ${style ? '' : 'border-slate-200 bg-white text-slate-900'}`}
      style={style ? { background: style.background, color: style.color, borderColor: style.borderColor } : undefined}
      data-testid="fixture-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold">{fixture.league}</span>
        <StatusBadge status={fixture.status} />
      </div>
      <p className="mt-1 text-sm">
        <KickoffText fixture={fixture} />
      </p>
      <div className="mt-3">
        <Teams fixture={fixture} middle={finalResult ? `${finalResult.homeScore} - ${finalResult.awayScore}` : undefined} />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <div className="text-sm">
          {prediction && <p className="font-semibold">{`Your prediction: ${prediction.homeScore} - ${prediction.awayScore}`}</p>}
          {closed && !readOnly && <p className="opacity-90">Predictions closed</p>}
        </div>
        {/* A finished season (readOnly) shows the points scored instead of predict controls. */}
        {readOnly ? <PastMatchPoints prediction={prediction} hasResult={finalResult !== null} /> : <button
          type="button"
          className="btn border border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
          disabled={postponed}
          onClick={() => onPredict(fixture, prediction, now)}
          aria-label={`${prediction ? 'Edit' : 'Predict'}: ${fixture.homeTeam} v ${fixture.awayTeam}`}
        >
          {postponed ? 'Postponed' : prediction ? 'Edit' : 'Predict'}
        </button>}
      </div>
    </li>
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
  const shown = readOnly ? data.matches : data.matches.filter((m) => (mode === 'upcoming' ? isUpcoming(m.fixture, now) : !isUpcoming(m.fixture, now)));
  if (mode === 'past' && !readOnly) shown.reverse();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        {data.gameweeks.length > 0 && <GameweekSelect id="gameweek-upcoming" value={data.gameweek} options={data.gameweeks} onChange={onGameweek} />}
        {!readOnly && <ModeSwitch mode={mode} onChange={onMode} />}
        <Toggle label="Home Team Colours" pressed={colours} onChange={onColours} onText="ON" offText="OFF" />
      </div>
      {shown.length === 0 ? (
        mode === 'upcoming' && !readOnly ? (
          <EmptyState title="No Upcoming Matches" text={`No upcoming matches scheduled for Gameweek ${data.gameweek}.`} />
        ) : (
          <EmptyState text={`No past matches found for Gameweek ${data.gameweek}.`} />
        )
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((m) => (
            <MatchCard key={m.fixture.id} match={m} colours={colours} now={now} onPredict={onPredict} readOnly={readOnly} />
          ))}
        </ul>
      )}
    </div>
  );
}
