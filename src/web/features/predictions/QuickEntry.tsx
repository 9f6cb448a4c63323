import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { displayTeamName } from '../../../game/clubs';
import { PREDICTION_SCORE_MAX } from '../../../game/limits';
import { hasDoubleFigures, scorePair } from '../../../game/score-input';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { ApiError } from '../../lib/api';
import { useClub } from '../seasons/api';
import { scoreInputProps } from './PredictionModal';
import { keptQualifier, tieRoleOf } from '../../../game/qualifier';
import { savePrediction, useSavePrediction } from './api';
import { StepButton, useScoreBox, type ScoreBoxOptions } from './score-box';

/** How long a changed pair rests before it is saved while focus stays on its match: long enough to correct a digit. */
export const QUICK_SAVE_DELAY_MS = 600;
/** Every quick-entry input of the page, in document order: a typed digit moves to the next one. */
const INPUT_SELECTOR = 'input[data-quick-entry]';

type SaveState =
  | { kind: 'idle' }
  /** Changed; saved after a short pause, or at once when focus leaves the match. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** Double figures: saved only when the player confirms (Enter or the button). */
  | { kind: 'confirm' }
  /** A box emptied while a pick is saved: the saved pick stays and comes back when focus leaves. */
  | { kind: 'incomplete' }
  /** Pasted text that is no score: nothing changed. */
  | { kind: 'unreadable' }
  | { kind: 'failed'; message: string; retry: boolean };

type Pair = { homeScore: number; awayScore: number };
const key = (p: Pair | null) => (p ? `${p.homeScore}-${p.awayScore}` : '');
const shown = (p: Pair) => `${p.homeScore}–${p.awayScore}`;

function boxAfter(from: HTMLInputElement | null): HTMLInputElement | null {
  if (!from) return null;
  const all = Array.from(document.querySelectorAll<HTMLInputElement>(INPUT_SELECTOR));
  return all[all.indexOf(from) + 1] ?? null;
}

function ScoreField({
  team,
  describedBy,
  box,
}: {
  team: string;
  describedBy: string;
  box: Omit<ScoreBoxOptions, 'max'>;
}) {
  const name = useClub(team)?.shortName ?? displayTeamName(team);
  const props = useScoreBox({ ...box, max: PREDICTION_SCORE_MAX });
  return (
    <div className="flex items-center gap-1">
      <StepButton by={-1} name={name} value={box.value} max={PREDICTION_SCORE_MAX} onStep={box.onValue} />
      <input
        {...scoreInputProps}
        {...props}
        data-quick-entry=""
        aria-label={`${name} goals`}
        aria-describedby={describedBy}
        className="input h-10 w-12 px-1 text-center text-xl font-bold tabular-nums"
      />
      <StepButton by={1} name={name} value={box.value} max={PREDICTION_SCORE_MAX} onStep={box.onValue} />
    </div>
  );
}

/**
 * Quick entry on a card: both scores with − / + steppers, saved by itself once both are filled
 * (when focus leaves the match, or after a short pause; Enter saves at once) through the same
 * route and schema as the modal, with the card's own state announced politely. A double-figure
 * score waits for the player to confirm it. What the boxes show is what is saved, or the card
 * says why not (decision 0039). `readOnly` shows the pick only (a past season, or a closed match).
 */
export function QuickEntry({
  fixture,
  prediction,
  readOnly = false,
}: {
  fixture: Fixture;
  prediction: Prediction | null;
  readOnly?: boolean;
}) {
  const [home, setHome] = useState(prediction ? String(prediction.homeScore) : '');
  const [away, setAway] = useState(prediction ? String(prediction.awayScore) : '');
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const save = useSavePrediction();
  const statusId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const awayInput = useRef<HTMLInputElement | null>(null);
  // What the server holds for this match, as "h-a": a refetch only replaces what the player has not changed since.
  const stored = useRef(key(prediction));
  const [storedPair, setStoredPair] = useState<Pair | null>(prediction);
  const latest = useRef({ home, away });
  latest.current = { home, away };

  // The team the saved pick names to go through: a save of new scores keeps it where it still stands.
  const named = useRef(prediction?.qualifier ?? null);
  const remember = (p: Prediction | null) => {
    stored.current = key(p);
    named.current = p?.qualifier ?? null;
    setStoredPair(p);
  };
  const bodyOf = (pair: Pair) => {
    const qualifier = keptQualifier(tieRoleOf(fixture), pair, named.current);
    return qualifier ? { ...pair, qualifier } : pair;
  };
  const localKey = () => key(scorePair(latest.current.home, latest.current.away, PREDICTION_SCORE_MAX));
  const untouched = () => {
    const { home: h, away: a } = latest.current;
    return (h === '' && a === '') || localKey() === stored.current;
  };

  useEffect(() => {
    const server = key(prediction);
    if (server === stored.current) return;
    // A pick saved elsewhere (the modal, another tab) shows here unless the player has changed this card since.
    const unchanged = untouched();
    remember(prediction);
    if (unchanged && prediction) {
      setHome(String(prediction.homeScore));
      setAway(String(prediction.awayScore));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the server's pick changes; the rest is read from refs
  }, [prediction]);

  const saveNow = async (confirmed = false) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const pair = scorePair(latest.current.home, latest.current.away, PREDICTION_SCORE_MAX);
    if (!pair) return;
    if (key(pair) === stored.current) {
      setState({ kind: 'saved' });
      return;
    }
    if (hasDoubleFigures(latest.current.home, latest.current.away) && !confirmed) {
      setState({ kind: 'confirm' });
      return;
    }
    setState({ kind: 'saving' });
    try {
      const reply = await save.mutateAsync({ fixtureId: fixture.id, body: bodyOf(pair) });
      remember(reply.prediction.prediction);
      // Changed on while this one was on its way: deal with the newer pair too.
      if (localKey() !== stored.current) settle();
      else setState({ kind: 'saved' });
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Could not save your prediction. Please try again.';
      setState({
        kind: 'failed',
        message,
        retry: !(err instanceof ApiError && (err.code === 'deadline_passed' || err.status === 400)),
      });
    }
  };

  /** After any change: what the card should do with the pair the boxes now show. */
  const settle = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const { home: h, away: a } = latest.current;
    const pair = scorePair(h, a, PREDICTION_SCORE_MAX);
    if (!pair) setState({ kind: stored.current !== '' && (h === '' || a === '') ? 'incomplete' : 'idle' });
    else if (key(pair) === stored.current) setState({ kind: stored.current === '' ? 'idle' : 'saved' });
    else if (hasDoubleFigures(h, a)) setState({ kind: 'confirm' });
    else {
      setState({ kind: 'pending' });
      timer.current = setTimeout(() => void saveNow(), QUICK_SAVE_DELAY_MS);
    }
  };

  const change = (side: 'home' | 'away') => (v: string) => {
    if (side === 'home') setHome(v);
    else setAway(v);
    latest.current = { ...latest.current, [side]: v };
    settle();
  };
  const setPair = (h: string, a: string) => {
    setHome(h);
    setAway(a);
    latest.current = { home: h, away: a };
    settle();
  };

  // Leaving the match saves what it shows at once; an emptied box gets the saved pick back.
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
    if (timer.current !== undefined) void saveNow();
    else if (storedPair && scorePair(latest.current.home, latest.current.away, PREDICTION_SCORE_MAX) === null) {
      setPair(String(storedPair.homeScore), String(storedPair.awayScore));
    }
  };

  // A change still waiting when the card goes away (another gameweek, another screen) or the page is hidden or left is saved then.
  const flush = useRef<(leaving: boolean) => void>(() => undefined);
  flush.current = (leaving) => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    const pair = scorePair(latest.current.home, latest.current.away, PREDICTION_SCORE_MAX);
    if (!pair) return;
    if (leaving)
      void savePrediction({ fixtureId: fixture.id, body: bodyOf(pair), keepalive: true }).catch(() => undefined);
    else void saveNow();
  };
  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && flush.current(false);
    const gone = () => flush.current(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', gone);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', gone);
      flush.current(false);
    };
  }, []);

  const homeName = displayTeamName(fixture.homeTeam);
  const awayName = displayTeamName(fixture.awayTeam);
  if (readOnly) {
    return prediction ? (
      <p
        className="text-sm font-semibold"
        data-testid="quick-entry-readonly"
      >{`Your prediction: ${prediction.homeScore} - ${prediction.awayScore}`}</p>
    ) : null;
  }
  const box = {
    onPair: setPair,
    onUnreadable: () => setState({ kind: 'unreadable' }),
    onEnter: () => void saveNow(true),
    next: boxAfter,
    afterPair: () => boxAfter(awayInput.current),
  };
  const pair = scorePair(home, away, PREDICTION_SCORE_MAX);
  // The button goes once the save is done: focus returns to the match rather than to the page.
  const confirmFromButton = () => {
    awayInput.current?.focus();
    void saveNow(true);
  };
  return (
    <div
      role="group"
      aria-label={`Your prediction: ${homeName} v ${awayName}`}
      data-testid="quick-entry"
      data-state={state.kind}
      onBlur={onBlur}
    >
      <div className="flex items-center justify-center gap-2">
        <ScoreField
          team={fixture.homeTeam}
          describedBy={statusId}
          box={{ ...box, value: home, onValue: change('home') }}
        />
        <span aria-hidden="true" className="text-lg font-bold text-slate-500">
          –
        </span>
        <ScoreField
          team={fixture.awayTeam}
          describedBy={statusId}
          box={{ ...box, value: away, onValue: change('away'), inputRef: awayInput }}
        />
      </div>
      <div className="mt-2 flex min-h-6 flex-wrap items-center justify-center gap-2 text-sm">
        <p
          id={statusId}
          role="status"
          aria-live="polite"
          className={
            state.kind === 'failed'
              ? 'font-semibold text-red-800'
              : state.kind === 'confirm'
                ? 'font-semibold text-amber-900'
                : 'text-slate-700'
          }
        >
          {(state.kind === 'pending' || state.kind === 'saving') && 'Saving…'}
          {state.kind === 'saved' && (
            <span className="inline-flex items-center gap-1 font-semibold text-green-800">
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M3 8.5 6.5 12 13 4.5" />
              </svg>
              Saved
            </span>
          )}
          {state.kind === 'confirm' && 'Double figures: not saved yet.'}
          {state.kind === 'incomplete' &&
            storedPair &&
            `Your prediction stays ${shown(storedPair)} until both scores are filled.`}
          {state.kind === 'unreadable' && 'Not a score: paste one such as 2-1.'}
          {state.kind === 'failed' && `Not saved: ${state.message}`}
        </p>
        {state.kind === 'confirm' && pair && (
          <button
            type="button"
            className="rounded border border-amber-400 bg-white px-2 py-0.5 text-sm font-semibold text-amber-900 hover:bg-amber-50"
            onClick={confirmFromButton}
          >
            Save {shown(pair)}
          </button>
        )}
        {state.kind === 'failed' && state.retry && (
          <button
            type="button"
            className="rounded border border-red-300 bg-white px-2 py-0.5 text-sm font-semibold text-red-800 hover:bg-red-50"
            onClick={confirmFromButton}
          >
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
