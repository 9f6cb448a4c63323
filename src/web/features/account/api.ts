import { ApiError, api } from '../../lib/api';
import type { SignUpApiInput } from '../../../game/schemas/account';

/** Calls to the Better Auth bridge (/api/auth/*). Cookies are set by the server. */
export const authApi = {
  signUp: (body: SignUpApiInput) => api<unknown>('/api/auth/sign-up/email', { body }),
  signIn: (body: { email: string; password: string }) => api<unknown>('/api/auth/sign-in/email', { body }),
  sendVerification: (email: string) => api<unknown>('/api/auth/send-verification-email', { body: { email, callbackURL: '/verified' } }),
  requestReset: (email: string) => api<unknown>('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } }),
  resetPassword: (newPassword: string, token: string) => api<unknown>('/api/auth/reset-password', { body: { newPassword, token } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<unknown>('/api/auth/change-password', { body: { currentPassword, newPassword, revokeOtherSessions: true } }),
};

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
