import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  confirmRegistrationFormSchema,
  TEAM_NAME_TAKEN,
  type ConfirmRegistrationFormInput,
} from '../../../contract/account';
import { TEAM_NAME_MAX } from '../../../game/limits';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthShell } from './AuthShell';
import { Field, fieldAria } from './Field';
import { PasswordInput } from './PasswordInput';
import { afterSignIn, previewRegistration, teamNameSuggestion, useConfirmRegistration, withNext } from './api';

/**
 * A verification link opened in a browser that did not sign up (decision 0049): to be sure the
 * account belongs to whoever holds the mailbox, the verifier chooses its password here. Any
 * password set before stops working and every other session ends; the team name the
 * registration holds is shown, so a stranger's choice can be changed before anyone sees it.
 */
export function ConfirmRegistration({ token, next }: { token: string; next: string | null }) {
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: ['registration', 'preview', token],
    queryFn: () => previewRegistration(token),
    retry: false,
    staleTime: Infinity,
  });
  const confirm = useConfirmRegistration();
  const [formError, setFormError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmRegistrationFormInput>({
    resolver: zodResolver(confirmRegistrationFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { newPassword: '', confirmPassword: '', teamName: '' },
  });
  const teamName = watch('teamName');
  const shownTeamName = preview.data?.teamName ?? null;
  useEffect(() => {
    if (shownTeamName !== null) reset((v) => ({ ...v, teamName: shownTeamName }));
  }, [shownTeamName, reset]);
  const field = (name: keyof ConfirmRegistrationFormInput) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        if (name === 'teamName') setSuggestion(null);
      },
    });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSuggestion(null);
    try {
      await confirm.mutateAsync({ token, newPassword: values.newPassword, teamName: values.teamName });
    } catch (err) {
      if (err instanceof ApiError && err.code === TEAM_NAME_TAKEN) {
        setError('teamName', { message: err.message }, { shouldFocus: true });
        setSuggestion(teamNameSuggestion(err));
      } else
        setFormError(
          err instanceof ApiError && err.status < 500
            ? err.message
            : 'Failed to confirm your address. Please try again.',
        );
      return;
    }
    notify('success', 'Email verified! Your Scoreline account is ready.');
    navigate(afterSignIn(next), { replace: true });
  });

  const footer = (
    <Link to={withNext('/login', next)} className="font-semibold text-brand-800 underline">
      Back to Sign In
    </Link>
  );

  if (preview.isPending)
    return (
      <p className="p-6 text-slate-700" role="status">
        Loading...
      </p>
    );
  if (preview.isError) {
    const already = preview.error instanceof ApiError && preview.error.status === 409;
    return (
      <AuthShell title={already ? 'Email already verified' : 'Verification link not valid'} footer={footer}>
        <div className="space-y-5">
          <Banner kind={already ? 'info' : 'error'}>
            {preview.error instanceof ApiError && preview.error.status < 500
              ? preview.error.message
              : 'This link could not be checked. Please try again.'}
          </Banner>
          <Link to={already ? withNext('/login', next) : withNext('/signup', next)} className="btn-primary w-full">
            {already ? 'Sign In' : 'Sign Up Again'}
          </Link>
        </div>
      </AuthShell>
    );
  }

  const err = (name: keyof ConfirmRegistrationFormInput) => errors[name]?.message;
  return (
    <AuthShell
      title="Confirm your email"
      subtitle="Choose the password for your Scoreline account to finish."
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Banner kind="error">{formError}</Banner>}
        <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          <p>
            Account for <strong className="break-words text-slate-900">{preview.data.email}</strong>
          </p>
          <p className="mt-2">
            You opened the link in a different browser from the one that signed up, so to be sure the account is yours,
            choose its password here. If you signed up yourself on another device, you can type the same password again.
            Any password set before stops working.
          </p>
        </div>
        <Field
          id="teamName"
          label="Team Name"
          error={err('teamName')}
          hint={`Shown on leaderboards. ${teamName.length}/${TEAM_NAME_MAX}`}
        >
          <input
            {...field('teamName')}
            {...fieldAria('teamName', err('teamName'), true)}
            className="input"
            maxLength={TEAM_NAME_MAX}
            autoComplete="off"
          />
        </Field>
        {suggestion && (
          <button
            type="button"
            className="btn-secondary -mt-2 text-sm"
            onClick={() => {
              setValue('teamName', suggestion);
              clearErrors('teamName');
              setSuggestion(null);
            }}
          >
            Use “{suggestion}”
          </button>
        )}
        <Field id="newPassword" label="Password" error={err('newPassword')} hint="At least 8 characters.">
          <PasswordInput
            label="Password"
            {...field('newPassword')}
            {...fieldAria('newPassword', err('newPassword'), true)}
            autoComplete="new-password"
          />
        </Field>
        <Field id="confirmPassword" label="Confirm Password" error={err('confirmPassword')}>
          <PasswordInput
            label="Confirm password"
            {...field('confirmPassword')}
            {...fieldAria('confirmPassword', err('confirmPassword'))}
            autoComplete="new-password"
          />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Confirming...' : 'Confirm and Sign In'}
        </button>
        <p className="text-sm text-slate-600">
          Didn&apos;t sign up for Scoreline? Close this page: nobody gets an account with your address unless this form
          is sent. To delete the registration, use “This wasn&apos;t me” in the email.
        </p>
      </form>
    </AuthShell>
  );
}
