import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KIND_LABELS, questionFields, type Question } from '../../../../contract/bonus-questions';
import { refineQuestion } from '../../../../contract/bonus-question-rules';
import { BONUS_LIMITS, defaultPrompt, QUESTION_KINDS, type QuestionKind } from '../../../../game/bonus-questions';
import { Banner } from '../../../components/Banner';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { viewerTimeZone } from '../../../lib/format';
import { useSeasonClubs } from '../../seasons/api';
import { notifyLeagues as notify } from '../api';
import { useAddQuestion, useEditQuestion } from './api';

/** The form: the routes' fields and rules, with the lock entered as the viewer's own date and time. */
const formSchema = z
  .object({ ...questionFields, locksAtLocal: z.string().min(1, { error: 'Enter a lock date and time.' }) })
  .superRefine(refineQuestion);
type FormValues = z.infer<typeof formSchema>;

const KIND_HINTS: Record<QuestionKind, string> = {
  champion: 'Members pick the club that wins the league.',
  relegated: 'Members pick the three clubs that go down; each right one scores.',
  'top-four': 'Members pick four clubs; each one that finishes in the top four scores.',
  'final-position': 'Members pick the place one club finishes in.',
  free: 'Write your question and the answers to choose from, like "Will Arsenal beat Man City on Saturday?".',
};

/** `YYYY-MM-DDTHH:mm` in the viewer's zone, as a datetime-local input holds it. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local value names in the viewer's zone (null when it names none). */
export function fromLocalInput(value: string): string | null {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Add a question, or change one nobody has answered: a dialog of its own. */
export function QuestionDialog({
  open,
  leagueId,
  season,
  question,
  onClose,
}: {
  open: boolean;
  leagueId: string;
  season: string;
  question: Question | null;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={question ? 'Change Question' : 'Add a Bonus Question'} size="lg">
      {open && <QuestionForm leagueId={leagueId} season={season} question={question} onClose={onClose} />}
    </Modal>
  );
}

function QuestionForm({
  leagueId,
  season,
  question,
  onClose,
}: {
  leagueId: string;
  season: string;
  question: Question | null;
  onClose: () => void;
}) {
  const add = useAddQuestion(leagueId);
  const edit = useEditQuestion(leagueId);
  const clubs = useSeasonClubs(season);
  const [failure, setFailure] = useState<string | null>(null);
  const [optionCount, setOptionCount] = useState(question?.kind === 'free' ? question.options.length : 2);
  // Only the fields the chosen kind has are checked and sent: the options of a free question, the club of a final position.
  const zod = zodResolver(formSchema) as Resolver<FormValues>;
  const resolver: Resolver<FormValues> = (values, ctx, opts) =>
    zod(
      {
        ...values,
        options: values.kind === 'free' ? (values.options ?? []).slice(0, optionCount) : undefined,
        club: values.kind === 'final-position' ? values.club : undefined,
      },
      ctx,
      opts,
    );
  const { register, handleSubmit, watch, formState, getValues, setValue } = useForm<FormValues>({
    resolver,
    defaultValues: question
      ? {
          kind: question.kind,
          prompt: question.prompt,
          club: question.club ?? '',
          options: question.kind === 'free' ? question.options : ['', ''],
          points: question.points,
          locksAtLocal: toLocalInput(question.locksAt),
        }
      : { kind: 'free', prompt: '', club: '', options: ['', ''], points: 5, locksAtLocal: '' },
  });
  const kind = watch('kind');
  const club = watch('club');
  const errors = formState.errors;
  const optionErrors = errors.options as (Array<{ message?: string } | undefined> & { message?: string }) | undefined;
  const describe = (id: string, error: unknown) => (error ? `${id}-help ${id}-error` : `${id}-help`);

  const removeOption = (i: number) => {
    const list = [...(getValues('options') ?? [])];
    list.splice(i, 1);
    setValue('options', list);
    setOptionCount((n) => n - 1);
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (v) => {
        setFailure(null);
        const locksAt = fromLocalInput(v.locksAtLocal);
        if (!locksAt) {
          setFailure('Enter a lock date and time.');
          return;
        }
        const body = {
          kind: v.kind,
          prompt: v.prompt || undefined,
          club: v.club,
          options: v.options,
          points: v.points,
          locksAt,
        };
        try {
          if (question) await edit.mutateAsync({ id: question.id, body });
          else await add.mutateAsync({ ...body, season });
          notify('success', question ? 'Question changed.' : 'Question added. Members can answer it until it locks.');
          onClose();
        } catch (err) {
          setFailure(err instanceof ApiError ? err.message : 'Failed to save the question. Please try again.');
        }
      })}
    >
      {failure && <Banner kind="error">{failure}</Banner>}
      <div>
        <label className="label" htmlFor="bq-kind">
          Question about
        </label>
        <select id="bq-kind" className="input" aria-describedby="bq-kind-help" {...register('kind')}>
          {QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        <p id="bq-kind-help" className="mt-1 text-xs text-slate-600">
          {KIND_HINTS[kind]}
          {kind !== 'free' && ' It settles itself from the final table when the season’s last match has its result.'}
        </p>
      </div>

      {kind === 'final-position' && (
        <div>
          <label className="label" htmlFor="bq-club">
            Club
          </label>
          <select
            id="bq-club"
            className="input"
            aria-invalid={errors.club ? true : undefined}
            aria-describedby={describe('bq-club', errors.club)}
            {...register('club')}
          >
            <option value="">Choose a club</option>
            {(clubs.data ?? []).map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <p id="bq-club-help" className="sr-only">
            The club whose final place members predict.
          </p>
          {errors.club && (
            <p id="bq-club-error" className="field-error" role="alert">
              {errors.club.message}
            </p>
          )}
        </div>
      )}

      <div>
        <label className="label" htmlFor="bq-prompt">
          Question{kind === 'free' ? '' : ' (optional)'}
        </label>
        <input
          id="bq-prompt"
          className="input"
          autoComplete="off"
          maxLength={BONUS_LIMITS.promptMax}
          placeholder={kind === 'free' ? 'Will Arsenal beat Man City on Saturday?' : defaultPrompt(kind, club || null)}
          aria-invalid={errors.prompt ? true : undefined}
          aria-describedby={describe('bq-prompt', errors.prompt)}
          {...register('prompt')}
        />
        <p id="bq-prompt-help" className="mt-1 text-xs text-slate-600">
          {kind === 'free'
            ? `Up to ${BONUS_LIMITS.promptMax} characters.`
            : `Leave it empty to ask “${defaultPrompt(kind, club || null)}”`}
        </p>
        {errors.prompt && (
          <p id="bq-prompt-error" className="field-error" role="alert">
            {errors.prompt.message}
          </p>
        )}
      </div>

      {kind === 'free' && (
        <fieldset>
          <legend className="label">Answers to choose from</legend>
          <p id="bq-options-help" className="mb-2 text-xs text-slate-600">
            {BONUS_LIMITS.optionsMin} to {BONUS_LIMITS.optionsMax} answers, each different. Members pick one.
          </p>
          <ol className="space-y-2">
            {Array.from({ length: optionCount }, (_, i) => (
              <li key={i}>
                <div className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={`bq-option-${i}`}>
                    Answer {i + 1}
                  </label>
                  <span aria-hidden="true" className="w-6 shrink-0 text-right text-sm text-slate-600">
                    {i + 1}.
                  </span>
                  <input
                    id={`bq-option-${i}`}
                    className="input"
                    autoComplete="off"
                    maxLength={BONUS_LIMITS.optionMax}
                    aria-invalid={optionErrors?.[i] ? true : undefined}
                    aria-describedby={optionErrors?.[i] ? `bq-option-${i}-error` : 'bq-options-help'}
                    {...register(`options.${i}`)}
                  />
                  {optionCount > BONUS_LIMITS.optionsMin && (
                    <button type="button" className="btn-secondary shrink-0 px-3" onClick={() => removeOption(i)}>
                      Remove<span className="sr-only"> answer {i + 1}</span>
                    </button>
                  )}
                </div>
                {optionErrors?.[i]?.message && (
                  <p id={`bq-option-${i}-error`} className="field-error ml-8" role="alert">
                    {optionErrors[i]!.message}
                  </p>
                )}
              </li>
            ))}
          </ol>
          {optionErrors?.message && (
            <p className="field-error" role="alert">
              {optionErrors.message}
            </p>
          )}
          {optionCount < BONUS_LIMITS.optionsMax && (
            <button
              type="button"
              className="btn-secondary mt-2"
              onClick={() => {
                setValue(`options.${optionCount}`, '');
                setOptionCount((n) => n + 1);
              }}
            >
              Add an Answer
            </button>
          )}
        </fieldset>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="label" htmlFor="bq-points">
            Points{kind === 'relegated' || kind === 'top-four' ? ' for each right club' : ''}
          </label>
          <input
            id="bq-points"
            type="number"
            inputMode="numeric"
            min={BONUS_LIMITS.pointsMin}
            max={BONUS_LIMITS.pointsMax}
            className="input"
            aria-invalid={errors.points ? true : undefined}
            aria-describedby={describe('bq-points', errors.points)}
            {...register('points', { valueAsNumber: true })}
          />
          <p id="bq-points-help" className="mt-1 text-xs text-slate-600">
            A whole number from {BONUS_LIMITS.pointsMin} to {BONUS_LIMITS.pointsMax}.
          </p>
          {errors.points && (
            <p id="bq-points-error" className="field-error" role="alert">
              {errors.points.message}
            </p>
          )}
        </div>
        <div>
          <label className="label" htmlFor="bq-locks">
            Answers close
          </label>
          <input
            id="bq-locks"
            type="datetime-local"
            className="input"
            aria-invalid={errors.locksAtLocal ? true : undefined}
            aria-describedby={describe('bq-locks', errors.locksAtLocal)}
            {...register('locksAtLocal')}
          />
          <p id="bq-locks-help" className="mt-1 text-xs text-slate-600">
            Your time ({viewerTimeZone()}). Answers stay hidden from other members until then.
            {kind !== 'free' && ' By the kick-off of the season’s last match at the latest.'}
          </p>
          {errors.locksAtLocal && (
            <p id="bq-locks-error" className="field-error" role="alert">
              {errors.locksAtLocal.message}
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : question ? 'Save Changes' : 'Add Question'}
        </button>
      </div>
    </form>
  );
}
