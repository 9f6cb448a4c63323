import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '../../../contract/account';
import { PASSWORD_MIN } from '../../../game/limits';
import { Banner } from '../../components/Banner';
import { Field, fieldAria } from './Field';
import { PasswordInput } from './PasswordInput';
import { changePasswordError, useChangePassword } from './api';

const CLEAR_AFTER_MS = 5_000;

/** Settings' Change Password form: the current password is re-checked by the server. */
export function ChangePasswordForm() {
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
        <Field id="newPassword" label="New Password" error={err('newPassword')} hint={`Password must be at least ${PASSWORD_MIN} characters.`}>
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
        <button type="submit" className="btn-primary" disabled={!complete || isSubmitting}>
          {isSubmitting ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </section>
  );
}
