import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Modal } from '../../components/Modal';
import { ClubBadge } from '../../components/ClubBadge';
import { displayTeamName } from '../../../game/clubs';
import { isAllowedScoreKey, parsePastedScores, sanitizeScore, SCORE_INPUT_MAX_LENGTH } from '../../../game/score-input';
import { PREDICTION_SCORE_MESSAGE, predictionBodySchema } from '../../../contract/predictions';
import { DEADLINE_MESSAGE } from '../../../game/deadline';
import { ApiError } from '../../lib/api';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { useSavePrediction } from './api';

/** Key and paste handling shared by every score input (spec §5). */
export function scoreInputHandlers(onPair: (home: string, away: string) => void, setValue: (v: string) => void) {
  return {
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (!isAllowedScoreKey(e)) e.preventDefault();
    },
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
      e.preventDefault();
      const parsed = parsePastedScores(e.clipboardData.getData('text'));
      if (!parsed) return;
      if ('single' in parsed) setValue(parsed.single);
      else onPair(parsed.home, parsed.away);
    },
    onChange: (e: { target: { value: string } }) => setValue(sanitizeScore(e.target.value)),
  };
}

export const scoreInputProps = {
  type: 'text',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  autoComplete: 'off',
  maxLength: SCORE_INPUT_MAX_LENGTH,
} as const;

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
  const save = useSavePrediction();
  const hintId = useId();
  const errorId = useId();
  const awayRef = useRef<HTMLInputElement>(null);
  const homeName = displayTeamName(fixture.homeTeam);
  const awayName = displayTeamName(fixture.awayTeam);

  const fillBoth = (h: string, a: string) => {
    setHome(h);
    setAway(a);
    setError(null);
    awayRef.current?.focus();
  };

  const submit = async () => {
    const parsed = predictionBodySchema.safeParse({ homeScore: Number(home), awayScore: Number(away) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PREDICTION_SCORE_MESSAGE);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ fixtureId: fixture.id, body: parsed.data });
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
          {fixture.kickoffAt ? `${formatKickoffDate(fixture.kickoffAt)} · ${formatKickoffTime(fixture.kickoffAt)}` : 'Kick-off to be confirmed'}
        </p>
        <div className="mt-4 grid grid-cols-[1fr_auto_1fr] items-end gap-3">
          <div className="flex flex-col items-center gap-2 text-center">
            <ClubBadge team={fixture.homeTeam} size={40} />
            <label htmlFor={`${hintId}-home`} className="text-sm font-semibold text-slate-900">
              {homeName}
            </label>
            <input
              id={`${hintId}-home`}
              {...scoreInputProps}
              autoFocus
              className="input w-16 text-center text-2xl font-bold"
              aria-describedby={`${hintId} ${error ? errorId : ''}`.trim()}
              aria-invalid={error ? true : undefined}
              value={home}
              {...scoreInputHandlers(fillBoth, (v) => {
                setHome(v);
                setError(null);
              })}
            />
          </div>
          <span className="pb-3 text-xl font-bold text-slate-600" aria-hidden="true">
            -
          </span>
          <div className="flex flex-col items-center gap-2 text-center">
            <ClubBadge team={fixture.awayTeam} size={40} />
            <label htmlFor={`${hintId}-away`} className="text-sm font-semibold text-slate-900">
              {awayName}
            </label>
            <input
              id={`${hintId}-away`}
              ref={awayRef}
              {...scoreInputProps}
              className="input w-16 text-center text-2xl font-bold"
              aria-describedby={`${hintId} ${error ? errorId : ''}`.trim()}
              aria-invalid={error ? true : undefined}
              value={away}
              {...scoreInputHandlers(fillBoth, (v) => {
                setAway(v);
                setError(null);
              })}
            />
          </div>
        </div>
        <p id={hintId} className="mt-3 text-center text-sm text-slate-700">
          {PREDICTION_SCORE_MESSAGE}
        </p>
        {error && (
          <p id={errorId} role="alert" className="field-error text-center">
            {error}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!filled || save.isPending}>
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
