import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordSchema } from '../../contract/account';
import { AuthShell } from '../features/account/AuthShell';
import { Field, fieldAria } from '../features/account/Field';
import { PasswordInput } from '../features/account/PasswordInput';
import { useResetPassword } from '../features/account/api';
import { Banner } from '../components/Banner';
import { ApiError } from '../lib/api';

type ResetInput = z.infer<typeof resetPasswordSchema>;
const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';

/** Reached from the reset e-mail (/reset-password?token=…): sets a new password. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput>({
    resolver: zodResolver(resetPasswordSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const field = (name: keyof ResetInput) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setFormError(null);
    try {
      await resetPassword.mutateAsync({ newPassword: values.newPassword, token });
    } catch (err) {
      setFormError(err instanceof ApiError ? err.message : 'Failed to reset your password. Please try again.');
      return;
    }
    navigate('/login', {
      replace: true,
      state: { message: 'Your password has been reset. Please sign in with your new password.' },
    });
  });

  const err = (name: keyof ResetInput) => errors[name]?.message;
  const footer = (
    <Link to="/login" className="font-semibold text-brand-800 underline">
      Back to Sign In
    </Link>
  );

  if (!token || params.get('error')) {
    return (
      <AuthShell title="Reset your password" footer={footer}>
        <Banner kind="error">{INVALID_LINK}</Banner>
        <p className="mt-4 text-sm text-slate-700">
          Use “Forgot your password?” on the sign-in page to get a new link.
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Reset your password" subtitle="Choose a new password for your Scoreline account." footer={footer}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Banner kind="error">{formError}</Banner>}
        <Field id="newPassword" label="New Password" error={err('newPassword')} hint="At least 8 characters.">
          <PasswordInput
            label="New password"
            {...field('newPassword')}
            {...fieldAria('newPassword', err('newPassword'), true)}
            autoComplete="new-password"
          />
        </Field>
        <Field id="confirmPassword" label="Confirm New Password" error={err('confirmPassword')}>
          <PasswordInput
            label="Confirm new password"
            {...field('confirmPassword')}
            {...fieldAria('confirmPassword', err('confirmPassword'))}
            autoComplete="new-password"
          />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
    </AuthShell>
  );
}
