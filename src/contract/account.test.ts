import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  parseVerificationCallback,
  resetPasswordSchema,
  safeNextPath,
  signUpApiSchema,
  signUpFormSchema,
  teamNameSchema,
  verificationCallback,
} from './account.js';

/** The message of the first issue on `field`, or null when the field is valid. */
function messageFor(schema: z.ZodType, input: unknown, field: string): string | null {
  const r = schema.safeParse(input);
  if (r.success) return null;
  return r.error.issues.find((i) => i.path.join('.') === field)?.message ?? null;
}

const validSignUp = {
  name: 'Ada Lovelace',
  teamName: 'Analytical FC',
  email: 'ada@example.com',
  password: 'difference-engine',
  confirmPassword: 'difference-engine',
  agreeToTerms: true,
};

describe('sign-up form', () => {
  const msg = (patch: Record<string, unknown>, field: string) =>
    messageFor(signUpFormSchema, { ...validSignUp, ...patch }, field);

  test('a complete form passes and values come out trimmed', () => {
    const r = signUpFormSchema.parse({
      ...validSignUp,
      name: '  Ada  ',
      teamName: '  Analytical FC ',
      email: ' ada@example.com ',
    });
    expect(r.name).toBe('Ada');
    expect(r.teamName).toBe('Analytical FC');
    expect(r.email).toBe('ada@example.com');
  });

  test('name', () => {
    expect(msg({ name: '' }, 'name')).toBe('Name is required');
    expect(msg({ name: '   ' }, 'name')).toBe('Name is required');
    expect(msg({ name: undefined }, 'name')).toBe('Name is required');
    expect(msg({ name: 42 }, 'name')).toBe('Name is required');
    expect(msg({ name: 'x'.repeat(81) }, 'name')).toBe('Name must be 80 characters or less');
    expect(msg({ name: 'x'.repeat(80) }, 'name')).toBeNull();
    expect(msg({ name: '<script>alert(1)</script>' }, 'name')).toBeNull();
  });

  test('team name: required, 2 to 25 characters after trimming', () => {
    expect(msg({ teamName: '' }, 'teamName')).toBe('Team name is required');
    expect(msg({ teamName: '   ' }, 'teamName')).toBe('Team name is required');
    expect(msg({ teamName: 7 }, 'teamName')).toBe('Team name is required');
    expect(msg({ teamName: 'A' }, 'teamName')).toBe('Team name must be at least 2 characters');
    expect(msg({ teamName: ' A ' }, 'teamName')).toBe('Team name must be at least 2 characters');
    expect(msg({ teamName: 'AB' }, 'teamName')).toBeNull();
    expect(msg({ teamName: 'x'.repeat(25) }, 'teamName')).toBeNull();
    expect(msg({ teamName: `  ${'x'.repeat(25)}  ` }, 'teamName')).toBeNull();
    expect(msg({ teamName: 'x'.repeat(26) }, 'teamName')).toBe('Team name must be 25 characters or less');
  });

  test('email: required and a simple address pattern', () => {
    expect(msg({ email: '' }, 'email')).toBe('Email is required');
    expect(msg({ email: '   ' }, 'email')).toBe('Email is required');
    expect(msg({ email: false }, 'email')).toBe('Email is required');
    for (const bad of [
      'ada',
      'ada@',
      'ada@example',
      '@example.com',
      'ada lovelace@example.com',
      'ada@exa mple.com',
      '<script>@x.y z',
    ]) {
      expect(msg({ email: bad }, 'email')).toBe('Please enter a valid email address');
    }
    expect(msg({ email: `${'a'.repeat(250)}@x.co` }, 'email')).toBe('Please enter a valid email address');
    expect(msg({ email: 'a.b+c@sub.example.co.uk' }, 'email')).toBeNull();
  });

  test('password: required, at least 8 (one minimum everywhere), at most 128', () => {
    expect(msg({ password: '', confirmPassword: '' }, 'password')).toBe('Password is required');
    expect(msg({ password: 12345678 }, 'password')).toBe('Password is required');
    expect(msg({ password: '1234567', confirmPassword: '1234567' }, 'password')).toBe(
      'Password must be at least 8 characters',
    );
    expect(msg({ password: '12345678', confirmPassword: '12345678' }, 'password')).toBeNull();
    const long = 'p'.repeat(129);
    expect(msg({ password: long, confirmPassword: long }, 'password')).toBe('Password must be 128 characters or less');
  });

  test('confirm password: required and must match', () => {
    expect(msg({ confirmPassword: '' }, 'confirmPassword')).toBe('Please confirm your password');
    expect(msg({ confirmPassword: 'something-else' }, 'confirmPassword')).toBe('Passwords do not match');
    expect(msg({}, 'confirmPassword')).toBeNull();
  });

  test('terms must be accepted', () => {
    expect(msg({ agreeToTerms: false }, 'agreeToTerms')).toBe('You must agree to the terms and conditions');
    expect(msg({ agreeToTerms: 'yes' }, 'agreeToTerms')).not.toBeNull();
    expect(msg({}, 'agreeToTerms')).toBeNull();
  });

  test('every field error is reported at once', () => {
    const r = signUpFormSchema.safeParse({
      name: '',
      teamName: '',
      email: '',
      password: '',
      confirmPassword: '',
      agreeToTerms: false,
    });
    expect(r.success).toBe(false);
    const fields = new Set(r.error?.issues.map((i) => i.path.join('.')));
    expect(fields).toEqual(new Set(['name', 'teamName', 'email', 'password', 'confirmPassword', 'agreeToTerms']));
  });
});

describe('sign-up API body', () => {
  const { confirmPassword: _c, agreeToTerms: _a, ...body } = validSignUp;

  test('accepts the stored fields and drops anything else (a role cannot be chosen; a username is no longer asked)', () => {
    const r = signUpApiSchema.parse({ ...body, role: 'admin', emailVerified: true, username: 'ada_l' });
    expect(r).toEqual(body);
  });

  test('rejects what the form rejects', () => {
    expect(messageFor(signUpApiSchema, { ...body, teamName: 'x'.repeat(26) }, 'teamName')).toBe(
      'Team name must be 25 characters or less',
    );
    expect(messageFor(signUpApiSchema, { ...body, password: 'short' }, 'password')).toBe(
      'Password must be at least 8 characters',
    );
    expect(messageFor(signUpApiSchema, {}, 'email')).toBe('Email is required');
  });
});

describe('login', () => {
  const msg = (input: Record<string, unknown>, field: string) =>
    messageFor(loginSchema, { email: 'ada@example.com', password: 'anything', ...input }, field);
  test('email required and a valid address', () => {
    expect(msg({ email: '' }, 'email')).toBe('Email is required');
    expect(msg({ email: 'nope' }, 'email')).toBe('Please enter a valid email');
    expect(msg({}, 'email')).toBeNull();
  });
  test('password required; any non-empty password may be tried', () => {
    expect(msg({ password: '' }, 'password')).toBe('Password is required');
    expect(msg({ password: 'x' }, 'password')).toBeNull();
    expect(msg({ password: 'x'.repeat(129) }, 'password')).toBe('Invalid email or password');
  });
});

describe('forgot password', () => {
  test('needs an e-mail first', () => {
    expect(messageFor(forgotPasswordSchema, { email: '' }, 'email')).toBe(
      'Please enter your email to reset your password',
    );
    expect(messageFor(forgotPasswordSchema, { email: 'x@' }, 'email')).toBe('Please enter a valid email');
    expect(messageFor(forgotPasswordSchema, { email: 'x@y.zz' }, 'email')).toBeNull();
  });
});

describe('change password (minimum 8)', () => {
  const ok = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };
  const msg = (patch: Record<string, unknown>, field: string) =>
    messageFor(changePasswordSchema, { ...ok, ...patch }, field);
  test('all three fields are required', () => {
    expect(msg({ currentPassword: '' }, 'currentPassword')).toBe('Current password is required');
    expect(msg({ newPassword: '', confirmPassword: '' }, 'newPassword')).toBe('New password is required');
    expect(msg({ confirmPassword: '' }, 'confirmPassword')).toBe('Please confirm your new password');
  });
  test('new password at least 8 characters and matching', () => {
    expect(msg({ newPassword: 'short', confirmPassword: 'short' }, 'newPassword')).toBe(
      'Password must be at least 8 characters',
    );
    expect(msg({ confirmPassword: 'new-passwore' }, 'confirmPassword')).toBe('New passwords do not match');
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
  });
});

describe('reset password', () => {
  test('at least 8 characters and matching', () => {
    expect(messageFor(resetPasswordSchema, { newPassword: '', confirmPassword: '' }, 'newPassword')).toBe(
      'New password is required',
    );
    expect(messageFor(resetPasswordSchema, { newPassword: '1234567', confirmPassword: '1234567' }, 'newPassword')).toBe(
      'Password must be at least 8 characters',
    );
    expect(messageFor(resetPasswordSchema, { newPassword: '12345678', confirmPassword: '' }, 'confirmPassword')).toBe(
      'Please confirm your new password',
    );
    expect(
      messageFor(resetPasswordSchema, { newPassword: '12345678', confirmPassword: '12345679' }, 'confirmPassword'),
    ).toBe('Passwords do not match');
    expect(resetPasswordSchema.safeParse({ newPassword: '12345678', confirmPassword: '12345678' }).success).toBe(true);
  });
});

describe('team name prompt (trimmed, non-empty, max 25)', () => {
  test('trimmed, 1 to 25 characters', () => {
    expect(teamNameSchema.parse({ teamName: '  The Gaffers  ' })).toEqual({ teamName: 'The Gaffers' });
    expect(teamNameSchema.safeParse({ teamName: 'A' }).success).toBe(true);
    expect(messageFor(teamNameSchema, { teamName: '' }, 'teamName')).toBe('Team name is required');
    expect(messageFor(teamNameSchema, { teamName: '    ' }, 'teamName')).toBe('Team name is required');
    expect(messageFor(teamNameSchema, { teamName: 99 }, 'teamName')).toBe('Team name is required');
    expect(messageFor(teamNameSchema, { teamName: 'x'.repeat(26) }, 'teamName')).toBe(
      'Team name must be 25 characters or less',
    );
    expect(messageFor(teamNameSchema, { teamName: ` ${'x'.repeat(25)} ` }, 'teamName')).toBeNull();
  });
  test('a script-bearing name is data, kept as typed (the page renders it as text)', () => {
    expect(teamNameSchema.parse({ teamName: '<img src=x onerror=1>' }).teamName).toBe('<img src=x onerror=1>');
  });
});

describe('where to go after signing up or in (?next=)', () => {
  test('a path inside the site is kept', () => {
    for (const p of ['/join/ABCDEFGH', '/dashboard', '/leaderboard?league=x&tab=2', '/predictions#gw-12'])
      expect(safeNextPath(p)).toBe(p);
  });

  test('anything that could leave the site, or is not a path, falls back (null)', () => {
    for (const p of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'join/ABC',
      '',
      ' /join/ABC',
      '/join/ABC\n',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      `/${'x'.repeat(600)}`,
      42,
      null,
      ['/join/ABC'],
    ]) {
      expect(safeNextPath(p), String(p)).toBeNull();
    }
  });

  test('the verification link carries a safe next, and only such a callback is accepted back', () => {
    expect(verificationCallback('/join/ABCDEFGH')).toBe('/verified?next=%2Fjoin%2FABCDEFGH');
    expect(verificationCallback('//evil.example')).toBe('/verified');
    expect(verificationCallback(null)).toBe('/verified');
    expect(parseVerificationCallback('/verified')).toBe('/verified');
    expect(parseVerificationCallback('/verified?next=%2Fjoin%2FABCDEFGH')).toBe('/verified?next=%2Fjoin%2FABCDEFGH');
    for (const bad of [
      'https://evil.example/verified',
      '//evil.example/verified',
      '/verified?next=https%3A%2F%2Fevil.example',
      '/verified?next=%2F%2Fevil.example',
      '/verified?next=%2Fjoin&x=1',
      '/verified/../../evil',
      '/dashboard',
      '/verified#x',
      '/verifiedX?next=%2F',
      undefined,
    ]) {
      expect(parseVerificationCallback(bad), String(bad)).toBeNull();
    }
  });
});
