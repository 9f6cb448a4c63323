import { useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { meKey } from '../../lib/session';
import { authBridgeReply, meReply, type SignUpApiInput, type TeamNameInput } from '../../../contract/account';

/** A call to the Better Auth bridge (/api/auth/*): cookies are set by the server, the body is not read. */
const auth = (path: string, body: unknown) => api(`/api/auth/${path}`, { schema: authBridgeReply, body });

/** Signing up or in changes who "me" is. */
const SESSION = [meKey];

export const useSignUp = () => useApiMutation((body: SignUpApiInput) => auth('sign-up/email', body), { invalidates: SESSION });
export const useSignIn = () => useApiMutation((body: { email: string; password: string }) => auth('sign-in/email', body), { invalidates: SESSION });
export const useSendVerification = () => useApiMutation((email: string) => auth('send-verification-email', { email, callbackURL: '/verified' }));
export const useRequestReset = () => useApiMutation((email: string) => auth('request-password-reset', { email, redirectTo: '/reset-password' }));
export const useResetPassword = () => useApiMutation(({ newPassword, token }: { newPassword: string; token: string }) => auth('reset-password', { newPassword, token }));
export const useChangePassword = () =>
  useApiMutation(({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
    auth('change-password', { currentPassword, newPassword, revokeOtherSessions: true }),
  );

/** The team name prompt: the server answers with the updated user, which becomes "me" at once. */
export function useSaveTeamName() {
  const qc = useQueryClient();
  return useApiMutation((body: TeamNameInput) => api('/api/me/team-name', { schema: meReply, method: 'PUT', body }), {
    onSuccess: (res) => qc.setQueryData(meKey, res.user),
  });
}

export const isRateLimited = (err: unknown) => err instanceof ApiError && err.status === 429;
/** The page was opened at an address the server does not accept: its message says which one to open. */
export const isWrongOrigin = (err: unknown) => err instanceof ApiError && err.code === 'cross_site';
/** Errors whose server message is the one to show as it is (a wait, the address to use, no network). */
export const speaksForItself = (err: unknown) => isRateLimited(err) || isWrongOrigin(err) || (err instanceof ApiError && err.status === 0);

/** Spec §8 sign-up catalogue. A validation error names its field; the rest are form-level. */
export function signUpError(err: unknown): { field?: string; message: string } {
  if (!(err instanceof ApiError)) return { message: 'Failed to create account. Please try again.' };
  if (err.code.startsWith('USER_ALREADY_EXISTS') || err.status === 409) {
    return { field: 'email', message: 'This email is already registered. Please use a different email or sign in.' };
  }
  if (err.code === 'validation_error' && err.field) return { field: err.field, message: err.message };
  if (err.code.startsWith('PASSWORD_TOO')) return { field: 'password', message: 'Password is too weak. Please choose a stronger password.' };
  if (err.code === 'INVALID_EMAIL') return { field: 'email', message: 'Please enter a valid email address.' };
  if (speaksForItself(err)) return { message: err.message };
  return { message: 'Failed to create account. Please try again.' };
}

/** Spec §8 password-change catalogue. */
export function changePasswordError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'An unexpected error occurred. Please try again later.';
  if (err.code === 'INVALID_PASSWORD') return 'Current password is incorrect';
  if (err.code.startsWith('PASSWORD_TOO')) return 'Password is too weak';
  if (err.status === 401) return 'User not authenticated';
  if (speaksForItself(err)) return err.message;
  return 'An unexpected error occurred. Please try again later.';
}
