import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath, signUpFormSchema, type SignUpFormInput } from '../../contract/account';
import { TEAM_NAME_MAX } from '../../game/limits';
import { AuthShell } from '../features/account/AuthShell';
import { Field, fieldAria } from '../features/account/Field';
import { PasswordInput } from '../features/account/PasswordInput';
import { TermsModal } from '../features/account/TermsModal';
import { signUpError, teamNameSuggestion, useSignUp, withNext } from '../features/account/api';
import { Banner } from '../components/Banner';

type FieldName = keyof SignUpFormInput;
const FIELDS: FieldName[] = ['name', 'teamName', 'email', 'password', 'confirmPassword', 'agreeToTerms'];

export default function Signup() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signUp = useSignUp();
  const [terms, setTerms] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onSubmit',
    // Editing a field clears its error; it is checked again on the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', teamName: '', email: '', password: '', confirmPassword: '', agreeToTerms: false },
  });
  const field = (name: FieldName) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        if (name === 'teamName') setSuggestion(null);
      },
    });
  const teamNameLength = (watch('teamName') ?? '').length;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSuggestion(null);
    const email = values.email.trim().toLowerCase();
    try {
      await signUp.mutateAsync({
        name: values.name.trim(),
        teamName: values.teamName.trim(),
        email,
        password: values.password,
        next,
      });
    } catch (err) {
      const { field: name, message } = signUpError(err);
      if (name && (FIELDS as string[]).includes(name)) setError(name as FieldName, { message }, { shouldFocus: true });
      else setFormError(message);
      setSuggestion(teamNameSuggestion(err));
      return;
    }
    // The same screen whether the address was new or already had an account: the mail says which.
    navigate(withNext('/verify', next), { state: { fromSignup: true, email } });
  });

  const err = (name: FieldName) => errors[name]?.message;

  return (
    <AuthShell
      title="Create your account"
      subtitle="Join Scoreline and start predicting Premier League scores. It's free."
      footer={
        <>
          Already have an account?{' '}
          <Link to={withNext('/login', next)} className="font-semibold text-brand-800 underline">
            Sign In
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && (
          <Banner kind="error" onDismiss={() => setFormError(null)}>
            {formError}
          </Banner>
        )}
        <Field id="name" label="Full Name" error={err('name')}>
          <input
            {...field('name')}
            {...fieldAria('name', err('name'))}
            className="input"
            autoComplete="name"
            placeholder="Your full name"
          />
        </Field>
        <Field
          id="teamName"
          label="Team Name"
          error={err('teamName')}
          hint={
            <span className="flex justify-between gap-2">
              <span>Shown on leaderboards; no other team may have it.</span>
              <span aria-live="polite" data-testid="team-name-counter">
                {teamNameLength}/{TEAM_NAME_MAX}
              </span>
            </span>
          }
        >
          <input
            {...field('teamName')}
            {...fieldAria('teamName', err('teamName'), true)}
            className="input"
            maxLength={TEAM_NAME_MAX}
            placeholder="Your team's name"
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
        <Field id="email" label="Email Address" error={err('email')}>
          <input
            {...field('email')}
            {...fieldAria('email', err('email'))}
            className="input"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        </Field>
        <Field id="password" label="Password" error={err('password')} hint="At least 8 characters.">
          <PasswordInput
            label="Password"
            {...field('password')}
            {...fieldAria('password', err('password'), true)}
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
        <div>
          <div className="flex items-start gap-2">
            <input
              type="checkbox"
              {...field('agreeToTerms')}
              {...fieldAria('agreeToTerms', err('agreeToTerms'))}
              className="mt-1 h-4 w-4 accent-brand-700"
            />
            <label htmlFor="agreeToTerms" className="text-sm text-slate-800">
              I agree to the{' '}
              <button type="button" className="font-semibold text-brand-800 underline" onClick={() => setTerms(true)}>
                Terms and Conditions
              </button>
            </label>
          </div>
          {err('agreeToTerms') && (
            <p id="agreeToTerms-error" className="field-error" role="alert">
              {err('agreeToTerms')}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <TermsModal
        open={terms}
        onClose={() => setTerms(false)}
        onAccept={() => {
          setValue('agreeToTerms', true);
          clearErrors('agreeToTerms');
          setTerms(false);
        }}
      />
    </AuthShell>
  );
}
