import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { devOutboxKey } from '../mail/dev-outbox-routes.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { AUTH_RATE_LIMITS } from './auth.js';

/**
 * The account flows through the real Better Auth bridge (/api/auth/*) on a real database:
 * sign-up, verification by the mailed link, sign-in, change password, reset by e-mail, limits.
 */
let t: TestApp;
// Better Auth's in-memory rate limiter is shared by every app in this process: each test is
// its own client address, so one test's attempts never throttle the next.
let testNo = 0;
let ip = '';
beforeEach(async () => {
  ip = `10.2.${++testNo}.7`;
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };
const PASSWORD = 'kick-off-at-three';
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  username: 'ada_l',
  teamName: 'Analytical FC',
  email: 'ada@example.com',
  password: PASSWORD,
  ...overrides,
});

/** The session cookie(s) a response sets, as a Cookie header. */
function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => !/=$/.test(c))
    .join('; ');
}

const post = (url: string, payload: unknown, cookie?: string) =>
  t.request({ method: 'POST', url, payload: payload as object, cookie, headers: ORIGIN, remoteAddress: ip });
const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie, remoteAddress: ip });

async function signUp(overrides: Record<string, unknown> = {}) {
  const res = await post('/api/auth/sign-up/email', body(overrides));
  return { res, cookie: cookieOf(res) };
}

async function me(cookie: string) {
  return get('/api/me', cookie);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}
async function mails(): Promise<OutboxMail[]> {
  // The outbox is read from this machine with the server's key, as the developer would (it is refused to other addresses).
  const res = await t.request({ method: 'GET', url: '/dev/mail.json', query: { key: devOutboxKey(t.app) ?? '' } });
  return (res.json() as { messages: OutboxMail[] }).messages;
}
/** The link in the newest e-mail to `to` whose subject matches. */
async function linkIn(to: string, subject: RegExp): Promise<URL> {
  const mail = (await mails()).find((m) => m.to === to && subject.test(m.subject));
  if (!mail) throw new Error(`no mail to ${to} matching ${subject}`);
  const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error('no link in the mail');
  return new URL(href);
}

async function userCount() {
  const row = await t.app.deps.db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function verify(email: string, cookie?: string) {
  const sent = await post('/api/auth/send-verification-email', { email, callbackURL: '/verified' }, cookie);
  expect(sent.statusCode).toBe(200);
  const link = await linkIn(email, /verify/i);
  return get(link.pathname + link.search);
}

describe('sign-up', () => {
  test('creates an unverified player with the profile fields and a session', async () => {
    const { res, cookie } = await signUp({ email: 'Ada@Example.com', name: '  Ada  ', teamName: ' Analytical FC ' });
    expect(res.statusCode).toBe(200);
    expect(cookie).toMatch(/session_token=/);
    const who = await me(cookie);
    expect(who.statusCode).toBe(200);
    expect(who.json().user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      username: 'ada_l',
      teamName: 'Analytical FC',
      role: 'player',
      emailVerified: false,
    });
    // No mail yet: the verify screen asks for the first one.
    expect(await mails()).toHaveLength(0);
  });

  test('a taken e-mail (in any case) is a 409 with the spec message, and nothing more is stored', async () => {
    expect((await signUp()).res.statusCode).toBe(200);
    const { res } = await signUp({ email: 'ADA@example.com', username: 'other' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This email is already registered. Please use a different email or sign in.');
    expect(await userCount()).toBe(1);
  });

  test('the role cannot be chosen at sign-up', async () => {
    const { cookie } = await signUp({ role: 'admin', emailVerified: true });
    expect((await me(cookie)).json().user).toMatchObject({ role: 'player', emailVerified: false });
  });

  test.each([
    ['an empty name', { name: '' }, 'Name is required', 'name'],
    ['an overlong name', { name: 'x'.repeat(81) }, 'Name must be 80 characters or less', 'name'],
    ['a non-string username', { username: 123 }, 'Username is required', 'username'],
    ['a short username', { username: 'ab' }, 'Username must be at least 3 characters', 'username'],
    ['a script-bearing username', { username: '<script>alert(1)</script>' }, 'Username can only contain letters, numbers, dots, dashes and underscores', 'username'],
    ['an overlong team name', { teamName: 'x'.repeat(26) }, 'Team name must be 25 characters or less', 'teamName'],
    ['a one-letter team name', { teamName: 'x' }, 'Team name must be at least 2 characters', 'teamName'],
    ['an object as team name', { teamName: { $gt: '' } }, 'Team name is required', 'teamName'],
    ['a bad e-mail', { email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    ['a missing e-mail', { email: undefined }, 'Email is required', 'email'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters', 'password'],
    ['an overlong password', { password: 'p'.repeat(129) }, 'Password must be 128 characters or less', 'password'],
  ])('%s is refused with a clear message and stores nothing', async (_label, overrides, message, field) => {
    const { res } = await signUp(overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message, field });
    expect(await userCount()).toBe(0);
  });

  test('a body that is not JSON is refused', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', payload: 'name=x', headers: { ...ORIGIN, 'content-type': 'text/plain' }, remoteAddress: ip });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toEqual(expect.any(String));
    expect(await userCount()).toBe(0);
  });

  test('a script-bearing team name is stored as plain text, exactly as typed', async () => {
    const { res, cookie } = await signUp({ teamName: '<b onclick=x>FC</b>' });
    expect(res.statusCode).toBe(200);
    expect((await me(cookie)).json().user.teamName).toBe('<b onclick=x>FC</b>');
  });
});

describe('e-mail verification', () => {
  test('the mailed link verifies the account, signs it in and lands on /verified', async () => {
    const { cookie } = await signUp();
    const res = await verify('ada@example.com', cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verified');
    const fresh = cookieOf(res);
    expect(fresh).toMatch(/session_token=/);
    expect((await me(fresh)).json().user.emailVerified).toBe(true);
    // The old session sees it too.
    expect((await me(cookie)).json().user.emailVerified).toBe(true);
  });

  test('the first verified account becomes the admin when ADMIN_EMAILS is empty; the second stays a player', async () => {
    const first = await signUp();
    await verify('ada@example.com', first.cookie);
    const second = await signUp({ email: 'bob@example.com', username: 'bob' });
    await verify('bob@example.com', second.cookie);
    expect((await me(first.cookie)).json().user.role).toBe('admin');
    expect((await me(second.cookie)).json().user).toMatchObject({ role: 'player', emailVerified: true });
  });

  test('a forged token is refused and verifies nothing', async () => {
    const { cookie } = await signUp();
    const res = await get('/api/auth/verify-email?token=forged.token.value&callbackURL=/verified');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verified?error=INVALID_TOKEN');
    expect(cookieOf(res)).toBe('');
    expect((await me(cookie)).json().user.emailVerified).toBe(false);
  });
});

describe('sign-in and sign-out', () => {
  test('the right password signs in; a wrong one or an unknown e-mail gives the same message', async () => {
    await signUp();
    const ok = await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await me(cookieOf(ok))).statusCode).toBe(200);

    const wrong = await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password');
    expect(cookieOf(wrong)).toBe('');

    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('Invalid email or password');
  });

  test('sign-out ends the session', async () => {
    const { cookie } = await signUp();
    expect((await post('/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('change password', () => {
  test('a wrong current password is refused and the password stays the same', async () => {
    const { cookie } = await signUp();
    const res = await post('/api/auth/change-password', { currentPassword: 'wrong-password', newPassword: 'a-new-password', revokeOtherSessions: true }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Current password is incorrect');
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'a-new-password' })).statusCode).toBe(401);
  });

  test('the right current password changes it; the old one stops working', async () => {
    const { cookie } = await signUp();
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a-new-password', revokeOtherSessions: true }, cookie);
    expect(res.statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'a-new-password' })).statusCode).toBe(200);
  });

  test('a new password under 8 characters is refused with the one minimum message', async () => {
    const { cookie } = await signUp();
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'short', revokeOtherSessions: true }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Password must be at least 8 characters');
  });

  test('a visitor cannot change a password', async () => {
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a-new-password' });
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset by e-mail', () => {
  test('the mailed link leads to /reset-password with a token that sets a new password once', async () => {
    const { cookie } = await signUp();
    const asked = await post('/api/auth/request-password-reset', { email: 'ada@example.com', redirectTo: '/reset-password' });
    expect(asked.statusCode).toBe(200);
    const link = await linkIn('ada@example.com', /reset/i);
    const followed = await get(link.pathname + link.search);
    expect(followed.statusCode).toBe(302);
    const landing = new URL(String(followed.headers.location), 'http://localhost:3000');
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token });
    expect(reset.statusCode).toBe(200);
    // Sessions are revoked on reset; the new password works, the old one does not.
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'brand-new-pass' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { newPassword: 'another-pass-1', token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This link is invalid or has expired. Please ask for a new one.');
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const res = await post('/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' });
    expect(res.statusCode).toBe(200);
    expect(await mails()).toHaveLength(0);
  });

  test('a short new password is refused', async () => {
    await signUp();
    await post('/api/auth/request-password-reset', { email: 'ada@example.com', redirectTo: '/reset-password' });
    const link = await linkIn('ada@example.com', /reset/i);
    const token = new URL(String((await get(link.pathname + link.search)).headers.location), 'http://x').searchParams.get('token');
    const res = await post('/api/auth/reset-password', { newPassword: 'short', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Password must be at least 8 characters');
  });
});

describe('bad input on the other account endpoints', () => {
  test.each([
    ['sign-in with a number as e-mail', '/api/auth/sign-in/email', { email: 123, password: 'whatever-123' }],
    ['sign-in with nothing', '/api/auth/sign-in/email', {}],
    ['sign-in with an overlong password', '/api/auth/sign-in/email', { email: 'ada@example.com', password: 'x'.repeat(5000) }],
    ['reset request with an array', '/api/auth/request-password-reset', { email: ['ada@example.com'] }],
    ['verification for a script-bearing address', '/api/auth/send-verification-email', { email: '<script>alert(1)</script>' }],
    ['reset without a token', '/api/auth/reset-password', { newPassword: 'long-enough-1' }],
  ])('%s: 400 with a readable message, no session, no mail', async (_label, url, payload) => {
    await signUp();
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    const { message } = res.json().error as { message: string };
    expect(message).toMatch(/^[A-Z][^[\]{}]+$/);
    expect(cookieOf(res)).toBe('');
    expect(await mails()).toHaveLength(0);
  });

  test('change password with non-string values is refused and changes nothing', async () => {
    const { cookie } = await signUp();
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: { $ne: '' } }, cookie);
    expect(res.statusCode).toBe(400);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  test('repeated sign-in attempts reach 429 with a readable message, even with the right password', async () => {
    await signUp();
    const max = AUTH_RATE_LIMITS['/sign-in/email'].max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const res = await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: `wrong-${i}-password` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) break;
    }
    const firstBlocked = statuses.indexOf(429);
    expect(firstBlocked).toBeGreaterThan(0);
    expect(statuses.slice(0, firstBlocked).every((s) => s === 401)).toBe(true);
    const blocked = await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' });
    expect(cookieOf(blocked)).toBe('');
  });

  test('resending the verification e-mail is limited too', async () => {
    const { cookie } = await signUp();
    const max = AUTH_RATE_LIMITS['/send-verification-email'].max;
    for (let i = 0; i < max; i++) {
      expect((await post('/api/auth/send-verification-email', { email: 'ada@example.com', callbackURL: '/verified' }, cookie)).statusCode).toBe(200);
    }
    const blocked = await post('/api/auth/send-verification-email', { email: 'ada@example.com', callbackURL: '/verified' }, cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(await mails()).toHaveLength(max);
  });
});
