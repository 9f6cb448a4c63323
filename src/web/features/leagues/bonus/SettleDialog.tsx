import { useId, useState } from 'react';
import type { Question } from '../../../../contract/bonus-questions';
import { BONUS_LIMITS, settlementProblem } from '../../../../game/bonus-questions';
import { Banner } from '../../../components/Banner';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { notifyLeagues as notify } from '../api';
import { useSettleQuestion } from './api';
import { optionLabel } from './labels';

/**
 * The organiser (or an admin) marks the right answers of a locked question, or changes them:
 * every answer is scored again, and the table follows. The settlement seen is sent along, so a
 * settlement made meanwhile by someone else is never overwritten unseen.
 */
export function SettleDialog({
  leagueId,
  question,
  onClose,
}: {
  leagueId: string;
  question: Question | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={question !== null}
      onClose={onClose}
      title={question?.settlement ? 'Change Settlement' : 'Settle Question'}
      size="lg"
    >
      {question && <SettleForm leagueId={leagueId} question={question} onClose={onClose} />}
    </Modal>
  );
}

function SettleForm({ leagueId, question, onClose }: { leagueId: string; question: Question; onClose: () => void }) {
  const settle = useSettleQuestion(leagueId);
  const [correct, setCorrect] = useState<number[]>(question.settlement?.correct ?? []);
  const [note, setNote] = useState(question.settlement?.note ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const why = settlementProblem(question.options.length, correct);
        if (why) {
          setFailure(why);
          return;
        }
        setFailure(null);
        try {
          await settle.mutateAsync({
            id: question.id,
            body: { correct, note: note.trim() || undefined, version: question.settlementVersion },
          });
          notify(
            'success',
            question.settlement
              ? 'Settlement changed. Every answer was scored again.'
              : 'Question settled. The points are in the table.',
          );
          onClose();
        } catch (err) {
          setFailure(err instanceof ApiError ? err.message : 'Failed to settle the question. Please try again.');
        }
      }}
    >
      <p className="font-semibold text-slate-900">{question.prompt}</p>
      {question.fromTable && (
        <p className="text-sm text-slate-700">
          {question.settlement?.by === 'results'
            ? 'This was settled from the final table. A settlement by hand replaces it until you take it back.'
            : 'This question settles itself from the final table once the season’s last match has its result. Settling it by hand overrides that until you take it back.'}
        </p>
      )}
      {failure && <Banner kind="error">{failure}</Banner>}
      <fieldset>
        <legend className="label">Right answers</legend>
        <p className="mb-2 text-xs text-slate-600">
          Mark every right answer. Each member scores for each right answer they picked.
        </p>
        <div className="grid max-h-[40vh] gap-2 overflow-y-auto sm:grid-cols-2">
          {question.options.map((_, i) => (
            <label
              key={i}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                className="h-4 w-4 shrink-0 accent-brand-700"
                checked={correct.includes(i)}
                onChange={(e) => setCorrect((now) => (e.target.checked ? [...now, i] : now.filter((c) => c !== i)))}
              />
              <span className="min-w-0 break-words">{optionLabel(question, i)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label className="label" htmlFor={`${id}-note`}>
          Note for members (optional)
        </label>
        <textarea
          id={`${id}-note`}
          className="input"
          rows={2}
          maxLength={BONUS_LIMITS.noteMax}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${id}-note-help`}
        />
        <p id={`${id}-note-help`} className="mt-1 text-xs text-slate-600">
          Say why, if it may surprise anyone. Up to {BONUS_LIMITS.noteMax} characters.
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={settle.isPending}>
          {settle.isPending ? 'Saving...' : question.settlement ? 'Save Settlement' : 'Settle'}
        </button>
      </div>
    </form>
  );
}
