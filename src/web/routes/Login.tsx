import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { forgotPasswordSchema, loginSchema, type LoginInput } from '../../contract/account';
import { AuthShell } from '../features/account/AuthShell';
import { Field, fieldAria } from '../features/account/Field';
import { PasswordInput } from '../features/account/PasswordInput';
import {
  afterSignIn,
  isRateLimited,
  isUnverified,
  speaksForItself,
  useRequestReset,
  useSignIn,
  withNext,
} from '../features/account/api';
import { Banner } from '../components/Banner';
import { signInReason } from '../features/account/sign-in-reason';
import { ApiError } from '../lib/api';

interface LoginState {
  success?: boolean;
  message?: string;
  from?: string;
}

type FormError = { text: string; unverified?: boolean; rateLimited?: boolean };

export default function Login() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as LoginState;
  // Where to go after signing in: `?next=` (an invite link), else where the visitor was sent from;
  // only ever a path of this site.
  const nextParam = params.get('next');
  const next = afterSignIn(nextParam ?? state.from);
  const nextForLinks = next === '/dashboard' ? null : next;
  const signIn = useSignIn();
  const requestReset = useRequestReset();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [reset, setReset] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [resetting, setResetting] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  const field = (name: keyof LoginInput) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setFormError(null);
      },
    });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setReset(null);
    try {
      await signIn.mutateAsync({ email: values.email.toLowerCase(), password: values.password });
    } catch (err) {
      // Any failure reads the same, so an address cannot be probed; a throttle says so.
      // Only the right password of an address still waiting for its link hears that it waits.
      if (isUnverified(err)) setFormError({ text: (err as ApiError).message, unverified: true });
      else
        setFormError({
          text: speaksForItself(err) ? (err as ApiError).message : 'Invalid email or password',
          rateLimited: isRateLimited(err),
        });
      return;
    }
    navigate(next, { replace: true });
  });

  const forgot = async () => {
    setReset(null);
    setFormError(null);
    const parsed = forgotPasswordSchema.safeParse({ email: getValues('email') });
    if (!parsed.success) {
      setError(
        'email',
        { message: parsed.error.issues[0]?.message ?? 'Please enter your email to reset your password' },
        { shouldFocus: true },
      );
      return;
    }
    setResetting(true);
    try {
      await requestReset.mutateAsync(parsed.data.email.toLowerCase());
      setReset({ kind: 'success', text: 'Password reset email sent! Please check your inbox.' });
    } catch (err) {
      setReset({
        kind: 'error',
        text: speaksForItself(err)
          ? (err as ApiError).message
          : 'Failed to send password reset email. Please try again.',
      });
    } finally {
      setResetting(false);
    }
  };

  const err = (name: keyof LoginInput) => errors[name]?.message;
  const notice = state.success ? 'Account created successfully! Please sign in to continue.' : state.message;
  // Sent here by a member screen: say which, and why (a notice, when there is one, says more).
  const reason = notice ? null : signInReason(nextParam ?? state.from);

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to make your predictions."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={withNext('/signup', nextForLinks)} className="font-semibold text-brand-800 underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {notice && <Banner kind="success">{notice}</Banner>}
        {reason && <Banner kind="info">{reason}</Banner>}
        {formError && (
          <Banner kind="error">
            {formError.text}
            {formError.rateLimited && (
              <> If you can&apos;t wait, “Forgot your password?” below mails you a link to choose a new one.</>
            )}
            {formError.unverified && (
              <>
                {' '}
                <Link
                  to={withNext('/verify', nextForLinks)}
                  state={{ email: getValues('email').trim().toLowerCase() }}
                  className="font-semibold underline"
                >
                  Send a new link
                </Link>
              </>
            )}
          </Banner>
        )}
        {reset && (
          <Banner kind={reset.kind} onDismiss={() => setReset(null)}>
            {reset.text}
          </Banner>
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
        <Field id="password" label="Password" error={err('password')}>
          <PasswordInput
            label="Password"
            {...field('password')}
            {...fieldAria('password', err('password'))}
            autoComplete="current-password"
          />
        </Field>
        <div className="flex justify-end">
          <button
            type="button"
            className="text-sm font-semibold text-brand-800 underline disabled:opacity-60"
            onClick={forgot}
            disabled={resetting}
          >
            {resetting ? 'Sending...' : 'Forgot your password?'}
          </button>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing In...' : 'Sign In'}
        </button>
        {/* The contact form is open to visitors: the way out for someone who cannot get in. */}
        <p className="text-center text-sm text-slate-700">
          Trouble signing in?{' '}
          <Link to="/contact" className="font-semibold text-brand-800 underline" data-testid="login-contact">
            Contact us
          </Link>
        </p>
      </form>
    </AuthShell>
  );
}
