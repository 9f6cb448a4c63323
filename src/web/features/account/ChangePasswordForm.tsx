import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { changePasswordSchema, type ChangePasswordInput } from '../../../contract/account';
import { PASSWORD_MIN } from '../../../game/limits';
import { Banner } from '../../components/Banner';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { meKey } from '../../lib/session';
import { Field, fieldAria } from './Field';
import { PasswordInput } from './PasswordInput';
import { changePasswordError, speaksForItself, useChangePassword, useSignOutEverywhere } from './api';

const CLEAR_AFTER_MS = 5_000;

/**
 * Settings' password and sessions: Change Password (the current password is re-checked by the
 * server; other devices are signed out) and Sign Out Everywhere. Both give the private calendar
 * link a new address, since it carries the player's own picks.
 */
export function ChangePasswordForm() {
  return (
    <>
      <ChangePassword />
      <SignOutEverywhere />
    </>
  );
}

function ChangePassword() {
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const dismiss = useCallback(() => setBanner(null), []);
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const field = (name: keyof ChangePasswordInput) => register(name, { onChange: () => clearErrors(name) });
  const [current, next, confirm] = watch(['currentPassword', 'newPassword', 'confirmPassword']);
  const complete = Boolean(current && next && confirm);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (err) {
      setBanner({ kind: 'error', text: changePasswordError(err) });
      return;
    }
    reset();
    setBanner({ kind: 'success', text: 'Password updated successfully!' });
  });

  const err = (name: keyof ChangePasswordInput) => errors[name]?.message;
  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-bold">
        Change Password
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        {banner && (
          <Banner kind={banner.kind} onDismiss={dismiss} clearAfterMs={CLEAR_AFTER_MS}>
            {banner.text}
          </Banner>
        )}
        <Field id="currentPassword" label="Current Password" error={err('currentPassword')}>
          <PasswordInput
            label="Current password"
            {...field('currentPassword')}
            {...fieldAria('currentPassword', err('currentPassword'))}
            autoComplete="current-password"
            disabled={isSubmitting}
          />
        </Field>
        <Field
          id="newPassword"
          label="New Password"
          error={err('newPassword')}
          hint={`Password must be at least ${PASSWORD_MIN} characters.`}
        >
          <PasswordInput
            label="New password"
            {...field('newPassword')}
            {...fieldAria('newPassword', err('newPassword'), true)}
            autoComplete="new-password"
            disabled={isSubmitting}
          />
        </Field>
        <Field id="confirmNewPassword" label="Confirm New Password" error={err('confirmPassword')}>
          <PasswordInput
            label="Confirm new password"
            {...field('confirmPassword')}
            {...fieldAria('confirmNewPassword', err('confirmPassword'))}
            autoComplete="new-password"
            disabled={isSubmitting}
          />
        </Field>
        <p className="text-sm text-slate-600">
          Changing your password signs you out on your other devices and gives your calendar link a new address.
        </p>
        <button type="submit" className="btn-primary" disabled={!complete || isSubmitting}>
          {isSubmitting ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </section>
  );
}

function SignOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signOutEverywhere = useSignOutEverywhere();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const confirm = async () => {
    setError(null);
    try {
      await signOutEverywhere.mutateAsync();
    } catch (err) {
      setAsking(false);
      setError(speaksForItself(err) ? (err as Error).message : 'Failed to sign out everywhere. Please try again.');
      return;
    }
    // Signed out here too: drop everything this tab knew about the player.
    qc.setQueryData(meKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    navigate('/login', {
      replace: true,
      state: { message: 'You are signed out on every device. Your calendar link has a new address.' },
    });
  };
  return (
    <section className="card" aria-labelledby="sign-out-everywhere-heading">
      <h2 id="sign-out-everywhere-heading" className="text-lg font-bold">
        Sign Out Everywhere
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Lost a phone, or signed in on a computer you don&apos;t use any more? Sign out on every device, this one
        included. Your calendar link gets a new address too.
      </p>
      {error && (
        <div className="mt-4">
          <Banner kind="error" onDismiss={() => setError(null)}>
            {error}
          </Banner>
        </div>
      )}
      <button type="button" className="btn-secondary mt-4" onClick={() => setAsking(true)}>
        Sign Out Everywhere
      </button>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        confirmLabel="Sign Out Everywhere"
        busy={signOutEverywhere.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>
          You will be signed out on every device, including this one, and your calendar link will change. Sign in again
          with your password.
        </p>
      </ConfirmDialog>
    </section>
  );
}
