import { useId, useRef, useState, type RefObject } from 'react';
import { Modal } from '../../components/Modal';
import { ClubBadge } from '../../components/ClubBadge';
import { displayTeamName } from '../../../game/clubs';
import { hasDoubleFigures, SCORE_INPUT_MAX_LENGTH } from '../../../game/score-input';
import { PREDICTION_SCORE_MAX } from '../../../game/limits';
import { PREDICTION_SCORE_MESSAGE, predictionBodySchema } from '../../../contract/predictions';
import { DEADLINE_MESSAGE } from '../../../game/deadline';
import { ApiError } from '../../lib/api';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { useBanker, useSavePrediction } from './api';
import { BANKER_RULE } from '../../../game/banker';
import { StepButton, useScoreBox, type ScoreBoxOptions } from './score-box';
import { tieRoleOf } from '../../../game/qualifier';
import type { Side } from '../../../game/knockout';
import { QualifierField, typedWinner } from './qualifier-field';

/** What every prediction score box is: a short text box that brings up a phone's digit keypad. */
export const scoreInputProps = {
  type: 'text',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  autoComplete: 'off',
  maxLength: SCORE_INPUT_MAX_LENGTH,
} as const;

function ModalScore({
  id,
  team,
  name,
  describedBy,
  invalid,
  autoFocus,
  box,
}: {
  id: string;
  team: string;
  name: string;
  describedBy: string;
  invalid: boolean;
  autoFocus?: boolean;
  box: Omit<ScoreBoxOptions, 'max'>;
}) {
  const props = useScoreBox({ ...box, max: PREDICTION_SCORE_MAX });
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <ClubBadge team={team} size={40} />
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {name}
      </label>
      <input
        id={id}
        {...scoreInputProps}
        {...props}
        autoFocus={autoFocus}
        className="input w-16 text-center text-2xl font-bold"
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
      />
      <div className="flex gap-1">
        <StepButton by={-1} name={name} value={box.value} max={PREDICTION_SCORE_MAX} onStep={box.onValue} />
        <StepButton by={1} name={name} value={box.value} max={PREDICTION_SCORE_MAX} onStep={box.onValue} />
      </div>
    </div>
  );
}

const enabled = (ref: RefObject<HTMLButtonElement | null>) =>
  ref.current && !ref.current.disabled ? ref.current : null;

/** 'Make Your Prediction': two score inputs, Save/Update disabled until both are filled. */
export function PredictionModal({
  fixture,
  prediction,
  onClose,
  onDeadlinePassed,
}: {
  fixture: Fixture;
  prediction: Prediction | null;
  onClose: () => void;
  onDeadlinePassed: () => void;
}) {
  const [home, setHome] = useState(prediction ? String(prediction.homeScore) : '');
  const [away, setAway] = useState(prediction ? String(prediction.awayScore) : '');
  const [error, setError] = useState<string | null>(null);
  // The banker is set with the pick: after it is saved (a banker goes only on a saved pick).
  const [banker, setBanker] = useState(prediction?.banker ?? false);
  // The team named to go through, on a match that decides a knockout tie.
  const role = tieRoleOf(fixture);
  const [qualifier, setQualifier] = useState<Side | null>(prediction?.qualifier ?? null);
  const winner = typedWinner(role, home, away);
  const save = useSavePrediction();
  const bankerChange = useBanker();
  const bankerHint = useId();
  const hintId = useId();
  const errorId = useId();
  const homeRef = useRef<HTMLInputElement | null>(null);
  const awayRef = useRef<HTMLInputElement | null>(null);
  const saveRef = useRef<HTMLButtonElement | null>(null);
  const homeName = displayTeamName(fixture.homeTeam);
  const awayName = displayTeamName(fixture.awayTeam);

  const fillBoth = (h: string, a: string) => {
    setHome(h);
    setAway(a);
    setError(null);
  };
  // Same boxes as on the cards (decision 0039): a typed digit moves home → away → Save.
  const box = {
    onPair: fillBoth,
    onUnreadable: () => setError('Not a score: paste one such as 2-1.'),
    afterPair: () => enabled(saveRef),
  };

  const submit = async () => {
    // A predicted winner of a one-match knockout says who goes through; elsewhere the team named, if any.
    const named = role !== 'none' && !winner && qualifier ? { qualifier } : {};
    const parsed = predictionBodySchema.safeParse({ homeScore: Number(home), awayScore: Number(away), ...named });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PREDICTION_SCORE_MESSAGE);
      return;
    }
    setError(null);
    try {
      const saved = await save.mutateAsync({ fixtureId: fixture.id, body: parsed.data });
      if (banker !== saved.prediction.prediction.banker) {
        try {
          await bankerChange.mutateAsync({ fixtureId: fixture.id, on: banker });
        } catch (err) {
          setError(
            `Your prediction is saved, but your banker could not be changed: ${err instanceof Error ? err.message : 'please try again.'}`,
          );
          return;
        }
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'deadline_passed') {
        onDeadlinePassed();
        return;
      }
      setError(err instanceof Error ? err.message : 'Could not save your prediction. Please try again.');
    }
  };

  const filled = home !== '' && away !== '';
  return (
    <Modal open onClose={onClose} title="Make Your Prediction">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (filled && !save.isPending) void submit();
        }}
      >
        <p className="text-sm text-slate-700">
          {fixture.kickoffAt
            ? `${formatKickoffDate(fixture.kickoffAt)} · ${formatKickoffTime(fixture.kickoffAt)}`
            : 'Kick-off to be confirmed'}
        </p>
        <div className="mt-4 grid grid-cols-[1fr_auto_1fr] items-end gap-3">
          <ModalScore
            id={`${hintId}-home`}
            team={fixture.homeTeam}
            name={homeName}
            describedBy={`${hintId} ${error ? errorId : ''}`.trim()}
            invalid={Boolean(error)}
            autoFocus
            box={{
              ...box,
              inputRef: homeRef,
              value: home,
              onValue: (v) => {
                setHome(v);
                setError(null);
              },
              next: () => awayRef.current,
            }}
          />
          <span className="pb-14 text-xl font-bold text-slate-600" aria-hidden="true">
            -
          </span>
          <ModalScore
            id={`${hintId}-away`}
            team={fixture.awayTeam}
            name={awayName}
            describedBy={`${hintId} ${error ? errorId : ''}`.trim()}
            invalid={Boolean(error)}
            box={{
              ...box,
              inputRef: awayRef,
              value: away,
              onValue: (v) => {
                setAway(v);
                setError(null);
              },
              next: () => (home === '' ? homeRef.current : enabled(saveRef)),
            }}
          />
        </div>
        <p id={hintId} className="mt-3 text-center text-sm text-slate-700">
          {PREDICTION_SCORE_MESSAGE}
        </p>
        {hasDoubleFigures(home, away) && (
          <p className="mt-1 text-center text-sm font-semibold text-amber-900" data-testid="double-figures">
            Double figures: check the score before you save it.
          </p>
        )}
        <QualifierField
          role={role}
          winner={winner}
          homeName={homeName}
          awayName={awayName}
          value={qualifier}
          onChange={(side) => {
            setQualifier(side);
            setError(null);
          }}
        />
        {error && (
          <p id={errorId} role="alert" className="field-error text-center">
            {error}
          </p>
        )}
        <div className="mt-4 flex flex-col items-center gap-1 text-center">
          <button
            type="button"
            aria-pressed={banker}
            aria-describedby={bankerHint}
            onClick={() => setBanker(!banker)}
            className={`btn border text-sm ${banker ? 'border-amber-500 bg-amber-100 text-amber-950' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
            data-testid="modal-banker"
          >
            <span aria-hidden="true">{banker ? '★ ' : '☆ '}</span>
            Banker
          </button>
          <p id={bankerHint} className="text-xs text-slate-700">
            {BANKER_RULE}
          </p>
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            ref={saveRef}
            type="submit"
            className="btn-primary"
            disabled={!filled || save.isPending || bankerChange.isPending}
          >
            {prediction ? 'Update Prediction' : 'Save Prediction'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** 'Prediction Deadline Passed': shown instead of the editor once predictions have closed. */
export function DeadlineModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Prediction Deadline Passed" size="sm">
      <p className="text-slate-800">{DEADLINE_MESSAGE}</p>
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-primary" autoFocus onClick={onClose}>
          Understood
        </button>
      </div>
    </Modal>
  );
}
