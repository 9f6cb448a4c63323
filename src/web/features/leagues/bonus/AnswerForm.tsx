import { useEffect, useId, useRef, useState } from 'react';
import type { Question } from '../../../../contract/bonus-questions';
import { choicesProblem } from '../../../../game/bonus-questions';
import { Banner } from '../../../components/Banner';
import { ApiError } from '../../../lib/api';
import { notifyLeagues as notify } from '../api';
import { useAnswerQuestion } from './api';
import { chooseText, optionList, optionLabel } from './labels';

/**
 * A member's answer before the lock: a radio group for one pick, a checkbox group for several
 * (with the count chosen so far announced), saved with one button. The server decides: the lock
 * by its clock, and the number of picks.
 */
export function AnswerForm({ leagueId, question }: { leagueId: string; question: Question }) {
  const save = useAnswerQuestion(leagueId);
  const [chosen, setChosen] = useState<number[]>(question.mine?.choices ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  // An answer given shows as one line with a Change button; the options open to give or change it.
  const [open, setOpen] = useState(question.mine === null);
  const focusNext = useRef<'change' | 'options' | null>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const id = useId();
  const many = question.picks > 1;

  // Focus follows the switch, so a keyboard or screen reader user is never left on a control that went away.
  useEffect(() => {
    if (focusNext.current === 'change') changeButton.current?.focus();
    if (focusNext.current === 'options')
      (
        fieldset.current?.querySelector<HTMLInputElement>('input:checked') ??
        fieldset.current?.querySelector<HTMLInputElement>('input')
      )?.focus();
    focusNext.current = null;
  }, [open]);

  const toggle = (i: number, on: boolean) => {
    setProblem(null);
    setChosen((now) => (many ? (on ? [...now, i] : now.filter((c) => c !== i)) : [i]));
  };

  if (!open && question.mine) {
    return (
      <div className="mt-3 space-y-2 text-sm">
        <p className="text-slate-900">
          <span className="font-semibold">Your answer: </span>
          {optionList(question, question.mine.choices)}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button
            ref={changeButton}
            type="button"
            className="btn-secondary"
            onClick={() => {
              focusNext.current = 'options';
              setChosen(question.mine?.choices ?? []);
              setOpen(true);
            }}
            aria-label={`Change Answer: ${question.prompt}`}
          >
            Change Answer
          </button>
          <p className="text-slate-700">You can change it until the lock. Other members see answers only after it.</p>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="mt-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const why = choicesProblem(question.picks, question.options.length, chosen);
        if (why) {
          setProblem(why);
          return;
        }
        try {
          await save.mutateAsync({ id: question.id, choices: chosen });
          notify(
            'success',
            `Answer saved: ${optionList(
              question,
              [...chosen].sort((a, b) => a - b),
            )}.`,
          );
          focusNext.current = 'change';
          setOpen(false);
        } catch (err) {
          setProblem(err instanceof ApiError ? err.message : 'Failed to save your answer. Please try again.');
        }
      }}
    >
      <fieldset ref={fieldset} aria-describedby={`${id}-help`}>
        <legend className="text-sm font-semibold text-slate-900">Your answer</legend>
        <p id={`${id}-help`} className="text-xs text-slate-600">
          {chooseText(question.picks)}{' '}
          {many && <span aria-live="polite">{`${chosen.length} of ${question.picks} chosen.`}</span>}
        </p>
        <div
          className={`mt-2 grid gap-2 ${question.options.length > 6 ? 'grid-cols-1 min-[480px]:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-2'}`}
        >
          {question.options.map((_, i) => (
            <label
              key={i}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type={many ? 'checkbox' : 'radio'}
                name={`${id}-choice`}
                className="h-4 w-4 shrink-0 accent-brand-700"
                checked={chosen.includes(i)}
                onChange={(e) => toggle(i, e.target.checked)}
              />
              <span className="min-w-0 break-words">{optionLabel(question, i)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {problem && (
        <div className="mt-3">
          <Banner kind="error">{problem}</Banner>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="btn-primary"
          disabled={save.isPending}
          aria-label={`${save.isPending ? 'Saving...' : 'Save Answer'}: ${question.prompt}`}
        >
          {save.isPending ? 'Saving...' : 'Save Answer'}
        </button>
        {question.mine ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setProblem(null);
              focusNext.current = 'change';
              setOpen(false);
            }}
          >
            Cancel
          </button>
        ) : (
          <p className="text-sm text-slate-700">Other members see answers only after the lock.</p>
        )}
      </div>
    </form>
  );
}
