import { z } from 'zod';
import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../game/limits.js';
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

/** The fields the server stores at sign-up (the route validates exactly this). */
export const signUpFields = {
  name: requiredString('Name is required')
    .trim()
    .min(1, { error: 'Name is required' })
    .max(NAME_MAX, { error: `Name must be ${NAME_MAX} characters or less` })
    .refine((v) => !hasHiddenCharacters(v), { error: hiddenCharactersMessage('Name') }),
  username: requiredString('Username is required')
    .trim()
    .min(1, { error: 'Username is required' })
    .min(USERNAME_MIN, { error: `Username must be at least ${USERNAME_MIN} characters` })
    .max(USERNAME_MAX, { error: `Username must be ${USERNAME_MAX} characters or less` })
    .regex(/^[\p{L}\p{N}_.-]+$/u, { error: 'Username can only contain letters, numbers, dots, dashes and underscores' }),
  teamName: teamNameField.min(TEAM_NAME_MIN, { error: `Team name must be at least ${TEAM_NAME_MIN} characters` }),
  email: emailField('Email is required', 'Please enter a valid email address'),
  password: newPassword('Password is required'),
};

export const signUpApiSchema = z.object(signUpFields);
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
    currentPassword: requiredString('Current password is required').max(PASSWORD_MAX, { error: 'Current password is incorrect' }),
    newPassword: newPassword('New password is required'),
    confirmPassword: requiredString('Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: 'New passwords do not match', path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = z
  .object({
    newPassword: newPassword('New password is required'),
    confirmPassword: requiredString('Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] });

export const teamNameSchema = z.object({ teamName: teamNameField });
export type TeamNameInput = z.infer<typeof teamNameSchema>;

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
