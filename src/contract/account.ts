import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, TEAM_NAME_MAX, TEAM_NAME_MIN } from '../game/limits.js';
import { emailField, hasHiddenCharacters, hiddenCharactersMessage, requiredString } from './common.js';

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;

const newPassword = (requiredMessage: string) =>
  requiredString(requiredMessage)
    .min(PASSWORD_MIN, { error: PASSWORD_TOO_SHORT })
    .max(PASSWORD_MAX, { error: `Password must be ${PASSWORD_MAX} characters or less` });

export const teamNameField = z
  .string({ error: 'Team name is required' })
  .trim()
  .min(1, { error: 'Team name is required' })
  .max(TEAM_NAME_MAX, { error: `Team name must be ${TEAM_NAME_MAX} characters or less` })
  .refine((v) => !hasHiddenCharacters(v), { error: hiddenCharactersMessage('Team name') });

/** A new team name (sign-up, confirming an address): at least two characters. */
const newTeamName = teamNameField.min(TEAM_NAME_MIN, {
  error: `Team name must be at least ${TEAM_NAME_MIN} characters`,
});

/**
 * The fields the server stores at sign-up (the route validates exactly this). No username: the
 * team name is what other players see, and a username was never shown or used (decision 0051);
 * accounts made before keep theirs.
 */
export const signUpFields = {
  name: requiredString('Name is required')
    .trim()
    .min(1, { error: 'Name is required' })
    .max(NAME_MAX, { error: `Name must be ${NAME_MAX} characters or less` })
    .refine((v) => !hasHiddenCharacters(v), { error: hiddenCharactersMessage('Name') }),
  teamName: newTeamName,
  email: emailField('Email is required', 'Please enter a valid email address'),
  password: newPassword('Password is required'),
};

/** Sign-up as the server takes it: the fields, and where the verification link leads (see `verificationCallback`). */
export const signUpApiSchema = z.object({ ...signUpFields, callbackURL: z.string().max(600).optional() });
export type SignUpApiInput = z.infer<typeof signUpApiSchema>;

/** The sign-up form: the stored fields plus the confirmation and the terms. */
export const signUpFormSchema = z
  .object({
    ...signUpFields,
    confirmPassword: requiredString('Please confirm your password'),
    agreeToTerms: z.boolean().refine((v) => v, { error: 'You must agree to the terms and conditions' }),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

export const loginSchema = z.object({
  email: emailField('Email is required', 'Please enter a valid email'),
  password: requiredString('Password is required').max(PASSWORD_MAX, { error: 'Invalid email or password' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField('Please enter your email to reset your password', 'Please enter a valid email'),
});

export const changePasswordSchema = z
  .object({
    currentPassword: requiredString('Current password is required').max(PASSWORD_MAX, {
      error: 'Current password is incorrect',
    }),
    newPassword: newPassword('New password is required'),
    confirmPassword: requiredString('Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'New passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = z
  .object({
    newPassword: newPassword('New password is required'),
    confirmPassword: requiredString('Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] });

export const teamNameSchema = z.object({ teamName: teamNameField });
export type TeamNameInput = z.infer<typeof teamNameSchema>;

/** A team name another player already has (in any case, accents or spacing): 409 with this code. */
export const TEAM_NAME_TAKEN = 'team_name_taken';
export const teamNameTakenMessage = (name: string, suggestion: string | null) =>
  suggestion
    ? `“${name}” is already taken. How about “${suggestion}”?`
    : `“${name}” is already taken. Please choose another team name.`;
/** The `details` of a team_name_taken error: a free name the player may take with one click. */
export const teamNameTakenDetails = z.object({ suggestion: z.string().nullable() });

// ---------------------------------------------------------------- where to go next

const NEXT_MAX = 512;
const RELATIVE_BASE = 'http://scoreline.invalid';

/**
 * A path inside this site to return to after signing up or in (`?next=`), or null. Only a
 * same-site path: it starts with one `/`, never `//` or `/\` (a browser reads both as another
 * host), holds no backslash (plain or encoded), encoded slash, control character or space, and parses to this origin. Anything
 * else falls back to the dashboard, on the server and in the browser alike, so no link of ours
 * can send a player to another site.
 */
export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > NEXT_MAX) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s\p{Cc}]|%2f|%5c/iu.test(raw)) return null;
  try {
    const url = new URL(raw, RELATIVE_BASE);
    return url.origin === RELATIVE_BASE ? raw : null;
  } catch {
    return null;
  }
}

/** The screen the verification link lands on. */
export const VERIFIED_PATH = '/verified';

/** Where the verification link leads: the verified screen, carrying `next` when there is one. */
export function verificationCallback(next: string | null | undefined): string {
  const safe = safeNextPath(next);
  return safe ? `${VERIFIED_PATH}?next=${encodeURIComponent(safe)}` : VERIFIED_PATH;
}

/**
 * The verification callback a request named, if it is one this site makes (`verificationCallback`
 * of a safe path); otherwise null. The server accepts no other, so a verification link can never
 * become an open redirect.
 */
export function parseVerificationCallback(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > NEXT_MAX + 40) return null;
  if (raw === VERIFIED_PATH) return raw;
  let url: URL;
  try {
    url = new URL(raw, RELATIVE_BASE);
  } catch {
    return null;
  }
  if (
    !raw.startsWith(`${VERIFIED_PATH}?`) ||
    url.origin !== RELATIVE_BASE ||
    url.pathname !== VERIFIED_PATH ||
    url.hash
  )
    return null;
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 1 || keys[0] !== 'next') return null;
  const next = safeNextPath(url.searchParams.get('next'));
  return next ? verificationCallback(next) : null;
}

// ---------------------------------------------------------------- confirming an address (decision 0049)

const linkToken = z
  .string({ error: 'This link is invalid or has expired. Please ask for a new one.' })
  .min(1)
  .max(4096);

/** The token of a mailed link (confirm the address, or "this was not me"). */
export const registrationTokenSchema = z.object({ token: linkToken });

/** Confirming an address from a browser that did not sign up: the password (and team name) the verifier chooses. */
export const confirmRegistrationSchema = z.object({
  token: linkToken,
  newPassword: newPassword('Password is required'),
  teamName: newTeamName,
});

export const confirmRegistrationFormSchema = z
  .object({
    newPassword: newPassword('Password is required'),
    confirmPassword: requiredString('Please confirm your password'),
    teamName: newTeamName,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] });
export type ConfirmRegistrationFormInput = z.input<typeof confirmRegistrationFormSchema>;

/** What a confirmation link is for: the address, and the team name the registration holds. */
export const registrationPreviewDto = z.object({ email: z.string(), teamName: z.string().nullable() });

// ---------------------------------------------------------------- responses

export const USER_ROLES = ['player', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user as the server knows them (GET /api/me); the server's session user is this type. */
export const meDto = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  teamName: z.string().nullable(),
  /** Set once when the team name was changed for the player (another team had the name first): the name they had. */
  teamNameNotice: z.string().nullable(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meDto>;
export const meReply = z.object({ user: meDto });

/**
 * Better Auth's own answers through /api/auth/* (its documented shapes, not ours): the web reads
 * only whether a call succeeded, so it keeps the body unread.
 */
export const authBridgeReply = z.unknown();
