import { useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { meKey, replacingSession } from '../../lib/session';
import {
  authBridgeReply,
  meReply,
  registrationPreviewDto,
  safeNextPath,
  TEAM_NAME_TAKEN,
  teamNameTakenDetails,
  verificationCallback,
  type SignUpApiInput,
  type TeamNameInput,
} from '../../../contract/account';
import { okDto } from '../../../contract/common';

/** A call to the Better Auth bridge (/api/auth/*): cookies are set by the server, the body is not read. */
const auth = (path: string, body: unknown) => api(`/api/auth/${path}`, { schema: authBridgeReply, body });

/** Signing up or in changes who "me" is. */
const SESSION = [meKey];

/** Where to go once signed in: a safe `next`, else the dashboard. */
export const afterSignIn = (next: unknown) => safeNextPath(next) ?? '/dashboard';
/** A sign-in, sign-up or verify screen's address carrying `next` (only a path of this site). */
export const withNext = (path: string, next: string | null) => {
  const safe = safeNextPath(next);
  return safe ? `${path}?next=${encodeURIComponent(safe)}` : path;
};

/** Sign-up: the verification link leads back to the verified screen, carrying `next` (checked again by the server). */
export const useSignUp = () =>
  useApiMutation(
    ({ next, ...body }: Omit<SignUpApiInput, 'callbackURL'> & { next: string | null }) =>
      auth('sign-up/email', { ...body, callbackURL: verificationCallback(next) }),
    {
      invalidates: SESSION,
    },
  );
export const useSignIn = () =>
  useApiMutation((body: { email: string; password: string }) => auth('sign-in/email', body), { invalidates: SESSION });
export const useSendVerification = () =>
  useApiMutation(({ email, next }: { email: string; next: string | null }) =>
    auth('send-verification-email', { email, callbackURL: verificationCallback(next) }),
  );
export const useRequestReset = () =>
  useApiMutation((email: string) => auth('request-password-reset', { email, redirectTo: '/reset-password' }));
export const useResetPassword = () =>
  useApiMutation(({ newPassword, token }: { newPassword: string; token: string }) =>
    auth('reset-password', { newPassword, token }),
  );
/** Ends every other session and gives this browser a new one: who is signed in is not asked meanwhile. */
export const useChangePassword = () =>
  useApiMutation(({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
    replacingSession(() => auth('change-password', { currentPassword, newPassword, revokeOtherSessions: true })),
  );
/** Ends every session of the player, this one included. */
export const useSignOutEverywhere = () => useApiMutation(() => auth('revoke-sessions', {}));

/** What a verification link opened in another browser is for (the confirm screen). */
export const previewRegistration = (token: string) =>
  api('/api/registration/preview', { schema: registrationPreviewDto, body: { token } });
export const useConfirmRegistration = () =>
  useApiMutation(
    (body: { token: string; newPassword: string; teamName: string }) =>
      api('/api/registration/confirm', { schema: okDto, body }),
    { invalidates: SESSION },
  );
export const useCancelRegistration = () =>
  useApiMutation((token: string) => api('/api/registration/cancel', { schema: okDto, body: { token } }));

/** The team name prompt: the server answers with the updated user, which becomes "me" at once. */
export function useSaveTeamName() {
  const qc = useQueryClient();
  return useApiMutation((body: TeamNameInput) => api('/api/me/team-name', { schema: meReply, method: 'PUT', body }), {
    onSuccess: (res) => qc.setQueryData(meKey, res.user),
  });
}

/** The player has seen that their team name was changed for them. */
export function useAcknowledgeTeamNameNotice() {
  const qc = useQueryClient();
  return useApiMutation(() => api('/api/me/team-name-notice', { schema: meReply, method: 'DELETE' }), {
    onSuccess: (res) => qc.setQueryData(meKey, res.user),
  });
}

export const isRateLimited = (err: unknown) => err instanceof ApiError && err.status === 429;
/** The page was opened at an address the server does not accept: its message says which one to open. */
export const isWrongOrigin = (err: unknown) => err instanceof ApiError && err.code === 'cross_site';
/** Errors whose server message is the one to show as it is (a wait, the address to use, no network). */
export const speaksForItself = (err: unknown) =>
  isRateLimited(err) || isWrongOrigin(err) || (err instanceof ApiError && err.status === 0);
/** A sign-in with the right password of an address not yet confirmed. */
export const isUnverified = (err: unknown) => err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED';

/** A free team name the server offered when the one asked for was taken (null when none). */
export function teamNameSuggestion(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== TEAM_NAME_TAKEN) return null;
  const parsed = teamNameTakenDetails.safeParse(err.details);
  return parsed.success ? parsed.data.suggestion : null;
}

/** The sign-up error messages. A validation error names its field; the rest are form-level. */
export function signUpError(err: unknown): { field?: string; message: string } {
  if (!(err instanceof ApiError)) return { message: 'Failed to create account. Please try again.' };
  if (err.code === TEAM_NAME_TAKEN) return { field: 'teamName', message: err.message };
  if (err.code === 'validation_error' && err.field) return { field: err.field, message: err.message };
  if (err.code.startsWith('PASSWORD_TOO'))
    return { field: 'password', message: 'Password is too weak. Please choose a stronger password.' };
  if (err.code === 'INVALID_EMAIL') return { field: 'email', message: 'Please enter a valid email address.' };
  if (speaksForItself(err)) return { message: err.message };
  return { message: 'Failed to create account. Please try again.' };
}

/** The password-change error messages. */
export function changePasswordError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'An unexpected error occurred. Please try again later.';
  if (err.code === 'INVALID_PASSWORD') return 'Current password is incorrect';
  if (err.code.startsWith('PASSWORD_TOO')) return 'Password is too weak';
  if (err.status === 401) return 'User not authenticated';
  if (speaksForItself(err)) return err.message;
  return 'An unexpected error occurred. Please try again later.';
}
