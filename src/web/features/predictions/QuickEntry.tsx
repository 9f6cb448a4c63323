import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { displayTeamName } from '../../../game/clubs';
import { PREDICTION_SCORE_MAX } from '../../../game/limits';
import { parsePastedScores, sanitizeScore } from '../../../game/score-input';
import { predictionBodySchema } from '../../../contract/predictions';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { ApiError } from '../../lib/api';
import { useClub } from '../seasons/api';
import { scoreInputProps } from './PredictionModal';
import { useSavePrediction } from './api';

/** How long a filled pair rests before it is saved: long enough to correct a digit, short enough to feel instant. */
export const QUICK_SAVE_DELAY_MS = 600;
/** Every quick-entry input of the page, in document order: typing a digit moves to the next one. */
const INPUT_SELECTOR = 'input[data-quick-entry]';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string; retry: boolean };

const pair = (p: { homeScore: number; awayScore: number } | null) => (p ? `${p.homeScore}-${p.awayScore}` : '');
const localPair = (home: string, away: string) => (home === '' && away === '' ? '' : `${home}-${away}`);

function focusNext(from: HTMLInputElement) {
  const all = Array.from(document.querySelectorAll<HTMLInputElement>(INPUT_SELECTOR));
  const next = all[all.indexOf(from) + 1];
  next?.focus();
}

function ScoreStepper({
  team,
  value,
  onValue,
  onEnter,
  onPastePair,
  describedBy,
}: {
  team: string;
  value: string;
  onValue: (v: string, typed: boolean) => void;
  onEnter: () => void;
  onPastePair: (home: string, away: string) => void;
  describedBy: string;
}) {
  const name = useClub(team)?.shortName ?? displayTeamName(team);
  const n = value === '' ? null : Number(value);
  const step = (by: 1 | -1) => {
    const next = n === null ? (by === 1 ? 1 : 0) : Math.min(PREDICTION_SCORE_MAX, Math.max(0, n + by));
    onValue(String(next), false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      step(e.key === 'ArrowUp' ? 1 : -1);
    } else if (e.key.length === 1 && !/^[0-9]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
    }
  };
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const typed = (e.nativeEvent as InputEvent).inputType === 'insertText';
    const v = sanitizeScore(e.target.value);
    onValue(v, typed);
    // One digit per side is the common case: move on, so a match is two key presses.
    if (typed && v !== '') focusNext(e.target);
  };
  // The steppers are for pointer and touch; from the keyboard the input takes digits and the arrow keys.
  const stepper = 'flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-bold text-slate-800 hover:bg-slate-100 disabled:opacity-40';
  return (
    <div className="flex items-center gap-1">
      <button type="button" tabIndex={-1} className={stepper} aria-label={`Decrease ${name} goals`} disabled={n === 0} onClick={() => step(-1)}>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <path d="M3 8h10" />
        </svg>
      </button>
      <input
        {...scoreInputProps}
        data-quick-entry=""
        aria-label={`${name} goals`}
        aria-describedby={describedBy}
        className="input h-10 w-12 px-1 text-center text-xl font-bold tabular-nums"
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={onKeyDown}
        onChange={onChange}
        onPaste={(e) => {
          e.preventDefault();
          const parsed = parsePastedScores(e.clipboardData.getData('text'));
          if (!parsed) return;
          if ('single' in parsed) onValue(parsed.single, false);
          else onPastePair(parsed.home, parsed.away);
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        className={stepper}
        aria-label={`Increase ${name} goals`}
        disabled={n !== null && n >= PREDICTION_SCORE_MAX}
        onClick={() => step(1)}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <path d="M3 8h10M8 3v10" />
        </svg>
      </button>
    </div>
  );
}

/**
 * Quick entry on a card: both scores with − / + steppers, saved by itself once both are filled
 * (debounced; Enter saves at once) through the same route and schema as the modal, with the
 * card's own saving / saved / failed state announced politely. `readOnly` shows the pick only
 * (a past season, or a match whose deadline has passed).
 */
export function QuickEntry({ fixture, prediction, readOnly = false }: { fixture: Fixture; prediction: Prediction | null; readOnly?: boolean }) {
  const [home, setHome] = useState(prediction ? String(prediction.homeScore) : '');
  const [away, setAway] = useState(prediction ? String(prediction.awayScore) : '');
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const save = useSavePrediction();
  const statusId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What the server holds for this match, as "h-a": a refetch only replaces what the player has not changed since.
  const stored = useRef(pair(prediction));
  const latest = useRef({ home, away });
  latest.current = { home, away };

  useEffect(() => {
    const server = pair(prediction);
    if (server === stored.current) return;
    // A pick saved elsewhere (the modal, another tab) shows here unless the player has changed this card since.
    const untouched = localPair(latest.current.home, latest.current.away) === stored.current;
    stored.current = server;
    if (untouched && prediction) {
      setHome(String(prediction.homeScore));
      setAway(String(prediction.awayScore));
    }
  }, [prediction]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const saveNow = async () => {
    clearTimeout(timer.current);
    const { home: h, away: a } = latest.current;
    const parsed = predictionBodySchema.safeParse({ homeScore: h === '' ? NaN : Number(h), awayScore: a === '' ? NaN : Number(a) });
    if (!parsed.success) {
      if (h !== '' && a !== '') setState({ kind: 'failed', message: parsed.error.issues[0]?.message ?? 'Enter scores between 0-20', retry: false });
      return;
    }
    if (pair(parsed.data) === stored.current) {
      setState((s) => (s.kind === 'failed' ? { kind: 'saved' } : s));
      return;
    }
    setState({ kind: 'saving' });
    try {
      const reply = await save.mutateAsync({ fixtureId: fixture.id, body: parsed.data });
      stored.current = pair(reply.prediction.prediction);
      // Typed on while this one was on its way: save the newer pair too.
      if (localPair(latest.current.home, latest.current.away) !== stored.current) schedule();
      else setState({ kind: 'saved' });
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Could not save your prediction. Please try again.';
      setState({ kind: 'failed', message, retry: !(err instanceof ApiError && (err.code === 'deadline_passed' || err.status === 400)) });
    }
  };
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), QUICK_SAVE_DELAY_MS);
  };
  const change = (side: 'home' | 'away') => (v: string) => {
    if (side === 'home') setHome(v);
    else setAway(v);
    latest.current = { ...latest.current, [side]: v };
    if (latest.current.home !== '' && latest.current.away !== '') schedule();
    else clearTimeout(timer.current);
  };
  const pastePair = (h: string, a: string) => {
    setHome(h);
    setAway(a);
    latest.current = { home: h, away: a };
    schedule();
  };

  const homeName = displayTeamName(fixture.homeTeam);
  const awayName = displayTeamName(fixture.awayTeam);
  if (readOnly) {
    return prediction ? (
      <p className="text-sm font-semibold" data-testid="quick-entry-readonly">{`Your prediction: ${prediction.homeScore} - ${prediction.awayScore}`}</p>
    ) : null;
  }
  return (
    <div role="group" aria-label={`Your prediction: ${homeName} v ${awayName}`} data-testid="quick-entry" data-state={state.kind}>
      <div className="flex items-center justify-center gap-2">
        <ScoreStepper team={fixture.homeTeam} value={home} onValue={change('home')} onEnter={() => void saveNow()} onPastePair={pastePair} describedBy={statusId} />
        <span aria-hidden="true" className="text-lg font-bold text-slate-500">
          –
        </span>
        <ScoreStepper team={fixture.awayTeam} value={away} onValue={change('away')} onEnter={() => void saveNow()} onPastePair={pastePair} describedBy={statusId} />
      </div>
      <div className="mt-2 flex min-h-6 items-center justify-center gap-2 text-sm">
        <p id={statusId} role="status" aria-live="polite" className={state.kind === 'failed' ? 'font-semibold text-red-800' : 'text-slate-700'}>
          {state.kind === 'saving' && 'Saving…'}
          {state.kind === 'saved' && (
            <span className="inline-flex items-center gap-1 font-semibold text-green-800">
              <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M3 8.5 6.5 12 13 4.5" />
              </svg>
              Saved
            </span>
          )}
          {state.kind === 'failed' && `Not saved: ${state.message}`}
        </p>
        {state.kind === 'failed' && state.retry && (
          <button type="button" className="rounded border border-red-300 bg-white px-2 py-0.5 text-sm font-semibold text-red-800 hover:bg-red-50" onClick={() => void saveNow()}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
