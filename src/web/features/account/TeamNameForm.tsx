import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { teamNameSchema, type TeamNameInput } from '../../../contract/account';
import { TEAM_NAME_MAX } from '../../../game/limits';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import { Field, fieldAria } from './Field';
import { teamNameSuggestion, useSaveTeamName } from './api';

const CLEAR_AFTER_MS = 5_000;

/** Settings: change the team name shown on leaderboards (the same rule as the server's, from src/contract). */
export function TeamNameForm({ current }: { current: string | null }) {
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const dismiss = useCallback(() => setBanner(null), []);
  const save = useSaveTeamName();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<TeamNameInput>({
    resolver: zodResolver(teamNameSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { teamName: current ?? '' },
  });
  const value = watch('teamName');
  const unchanged = value.trim() === (current ?? '');

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    setSuggestion(null);
    try {
      const res = await save.mutateAsync(values);
      reset({ teamName: res.user.teamName ?? '' });
      setBanner({ kind: 'success', text: `Team name updated to "${res.user.teamName}". Leaderboards show it now.` });
    } catch (err) {
      // A name another team has: the server's message names a free one, offered as a button.
      setBanner({
        kind: 'error',
        text:
          err instanceof ApiError && err.status !== 500
            ? err.message
            : 'Failed to update your team name. Please try again.',
      });
      setSuggestion(teamNameSuggestion(err));
    }
  });
  const error = errors.teamName?.message;

  return (
    <section className="card" aria-labelledby="team-name-heading">
      <h2 id="team-name-heading" className="text-lg font-bold">
        Change Team Name
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        How other players see you on the leaderboards. No two teams share a name.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        {banner && (
          <Banner kind={banner.kind} onDismiss={dismiss} clearAfterMs={CLEAR_AFTER_MS}>
            {banner.text}
          </Banner>
        )}
        <Field id="settings-team-name-input" label="Team Name" error={error} hint={`${value.length}/${TEAM_NAME_MAX}`}>
          <input
            className="input"
            maxLength={TEAM_NAME_MAX}
            autoComplete="off"
            {...fieldAria('settings-team-name-input', error, true)}
            {...register('teamName', {
              onChange: () => {
                clearErrors('teamName');
                setSuggestion(null);
              },
            })}
          />
        </Field>
        {suggestion && (
          <button
            type="button"
            className="btn-secondary -mt-2 text-sm"
            onClick={() => {
              setValue('teamName', suggestion);
              setSuggestion(null);
              setBanner(null);
            }}
          >
            Use “{suggestion}”
          </button>
        )}
        <button type="submit" className="btn-primary" disabled={isSubmitting || unchanged}>
          {isSubmitting ? 'Saving...' : 'Save Team Name'}
        </button>
      </form>
    </section>
  );
}
