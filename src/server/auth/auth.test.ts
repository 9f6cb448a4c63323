import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { teamNameKey } from '../../game/team-names.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { accountClient, cookieOf, PASSWORD } from '../test/accounts.js';
import { AUTH_RATE_LIMITS } from './auth.js';
import { SIGN_UP_ANSWER } from './routes.js';

/**
 * The account flows through the real Better Auth bridge (/api/auth/*) on a real database:
 * sign-up, verification by the mailed link, sign-in, change password, reset by e-mail, limits.
 */
let t: TestApp;
// Better Auth's in-memory rate limiter is shared by every app in this process: each test is
// its own client address, so one test's attempts never throttle the next.
let testNo = 0;
let c: Client;
beforeEach(async () => {
  t = await createTestApp();
  c = accountClient(t, `10.2.${++testNo}.7`);
});
afterEach(async () => {
  await t.close();
});

type Client = ReturnType<typeof accountClient>;
const post: Client['post'] = (...a) => c.post(...a);
const get: Client['get'] = (...a) => c.get(...a);
const signUp: Client['signUp'] = (...a) => c.signUp(...a);
const me: Client['me'] = (cookie) => c.me(cookie);
const mails: Client['mails'] = () => c.mails();
const linkIn: Client['linkIn'] = (...a) => c.linkIn(...a);

async function userCount() {
  const row = await t.app.deps.db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
const stored = (email = 'ada@example.com') =>
  t.app.deps.db
    .selectFrom('user')
    .select(['id', 'name', 'username', 'teamName', 'teamNameKey', 'role', 'emailVerified'])
    .where('email', '=', email)
    .executeTakeFirst();

describe('sign-up', () => {
  test('stores an unverified registration, signs nobody in, and mails a verification link', async () => {
    const { res, cookie } = await signUp({ email: 'Ada@Example.com', name: '  Ada  ', teamName: ' Analytical FC ' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SIGN_UP_ANSWER);
    // No session: until the address is verified nobody holds an account with it.
    expect(cookie).not.toMatch(/session_token/);
    expect(cookie).toMatch(/^scoreline_signup=/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await stored()).toMatchObject({
      name: 'Ada',
      username: '',
      teamName: 'Analytical FC',
      teamNameKey: teamNameKey('Analytical FC'),
      role: 'player',
    });
    expect(Boolean((await stored())!.emailVerified)).toBe(false);
    expect((await mails()).map((m) => [m.to, m.subject])).toEqual([
      ['ada@example.com', 'Verify your Scoreline e-mail address'],
    ]);
  });

  test('signing in before verifying is refused with a way forward, and makes no session', async () => {
    await signUp();
    const res = await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please confirm your e-mail address first: open the link we sent you, or ask for a new one.',
    });
    expect(cookieOf(res)).not.toMatch(/session_token/);
  });

  test('the role, the verification and a username cannot be chosen at sign-up', async () => {
    await signUp({ role: 'admin', emailVerified: true, username: 'chosen' });
    const row = await stored();
    expect(row).toMatchObject({ role: 'player', username: '' });
    expect(Boolean(row!.emailVerified)).toBe(false);
  });

  test.each([
    ['an empty name', { name: '' }, 'Name is required', 'name'],
    ['an overlong name', { name: 'x'.repeat(81) }, 'Name must be 80 characters or less', 'name'],
    ['an overlong team name', { teamName: 'x'.repeat(26) }, 'Team name must be 25 characters or less', 'teamName'],
    ['a one-letter team name', { teamName: 'x' }, 'Team name must be at least 2 characters', 'teamName'],
    ['an object as team name', { teamName: { $gt: '' } }, 'Team name is required', 'teamName'],
    ['a bad e-mail', { email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    ['a missing e-mail', { email: undefined }, 'Email is required', 'email'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters', 'password'],
    ['an overlong password', { password: 'p'.repeat(129) }, 'Password must be 128 characters or less', 'password'],
    [
      'a verification link that leads elsewhere',
      { callbackURL: 'https://evil.example/' },
      'This link is not one of ours. Please open the page again from Scoreline.',
      'callbackURL',
    ],
    [
      'a next page on another site',
      { callbackURL: '/verified?next=%2F%2Fevil.example' },
      'This link is not one of ours. Please open the page again from Scoreline.',
      'callbackURL',
    ],
  ])('%s is refused with a clear message and stores nothing', async (_label, overrides, message, field) => {
    const { res } = await signUp(overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message, field });
    expect(await userCount()).toBe(0);
    expect(await mails()).toEqual([]);
  });

  test('a body that is not JSON is refused', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: 'name=x',
      headers: { origin: 'http://localhost:3000', 'content-type': 'text/plain' },
      remoteAddress: `10.2.${testNo}.7`,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toEqual(expect.any(String));
    expect(await userCount()).toBe(0);
  });

  test('a script-bearing team name is stored as plain text, exactly as typed', async () => {
    const { res } = await signUp({ teamName: '<b onclick=x>FC</b>' });
    expect(res.statusCode).toBe(200);
    expect((await stored())!.teamName).toBe('<b onclick=x>FC</b>');
  });

  test('a team name another player has (in any case, accents or spacing) is refused with a free one offered; nothing is stored or mailed', async () => {
    await c.signUpVerified({ email: 'first@example.com', teamName: 'Big Screen FC' });
    const before = (await mails()).length;
    const { res } = await signUp({ teamName: ' bíg  SCREEN fc ' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'team_name_taken',
      message: '“bíg  SCREEN fc” is already taken. How about “bíg  SCREEN fc 2”?',
      field: 'teamName',
      details: { suggestion: 'bíg  SCREEN fc 2' },
    });
    expect(await stored()).toBeUndefined();
    expect(await mails()).toHaveLength(before);
    expect((await signUp({ teamName: 'bíg  SCREEN fc 2' })).res.statusCode).toBe(200);
  });

  test('signing up again while the address waits may keep the waiting registration’s team name', async () => {
    await signUp({ teamName: 'Analytical FC' });
    const again = await signUp({ teamName: 'ANALYTICAL FC', password: 'a-second-password' });
    expect(again.res.statusCode).toBe(200);
    expect(await stored()).toMatchObject({ teamName: 'ANALYTICAL FC' });
    expect(await userCount()).toBe(1);
  });

  test('the verification link carries a safe next page through to the verified screen', async () => {
    const { cookie } = await signUp({ callbackURL: '/verified?next=%2Fjoin%2FABCDEFGH' });
    const link = await linkIn('ada@example.com', /verify/i);
    expect(link.searchParams.get('callbackURL')).toBe('/verified?next=%2Fjoin%2FABCDEFGH');
    const res = await get(link.pathname + link.search, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verified?next=%2Fjoin%2FABCDEFGH');
  });
});

describe('e-mail verification', () => {
  test('the mailed link, opened in the browser that signed up, verifies, signs in and lands on /verified', async () => {
    const { cookie } = await signUp();
    const link = await linkIn('ada@example.com', /verify/i);
    const res = await get(link.pathname + link.search, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verified');
    const fresh = cookieOf(res);
    expect(fresh).toMatch(/session_token=/);
    expect(fresh).toMatch(/scoreline_device=/);
    expect((await me(fresh)).json().user).toMatchObject({ email: 'ada@example.com', emailVerified: true });
    // The sign-up's password is the one the verifier chose: it signs in.
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  test('opened in any other browser, the link leads to the confirm screen and verifies nothing by itself', async () => {
    await signUp();
    const link = await linkIn('ada@example.com', /verify/i);
    const res = await get(link.pathname + link.search);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/verified#confirm=${encodeURIComponent(link.searchParams.get('token')!)}`);
    expect(cookieOf(res)).toBe('');
    expect(Boolean((await stored())!.emailVerified)).toBe(false);
  });

  test('an unsafe callback in the link is replaced by the verified screen', async () => {
    const { cookie } = await signUp();
    const link = await linkIn('ada@example.com', /verify/i);
    link.searchParams.set('callbackURL', 'https://evil.example/');
    const res = await get(link.pathname + link.search, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verified');
  });

  test('the first verified account becomes the admin when ADMIN_EMAILS is empty; the second stays a player', async () => {
    const first = await c.signUpVerified();
    const second = await c.signUpVerified({ email: 'bob@example.com', teamName: 'Bobs' });
    expect((await me(first)).json().user.role).toBe('admin');
    expect((await me(second)).json().user).toMatchObject({ role: 'player', emailVerified: true });
  });

  test('a forged token is refused and verifies nothing', async () => {
    const { cookie } = await signUp();
    const res = await get('/api/auth/verify-email?token=forged.token.value&callbackURL=/verified', cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verified?error=INVALID_TOKEN');
    expect(cookieOf(res)).toBe('');
    expect(Boolean((await stored())!.emailVerified)).toBe(false);
  });
});

describe('sign-in and sign-out', () => {
  test('the right password signs in; a wrong one or an unknown e-mail gives the same message', async () => {
    await c.signUpVerified();
    const ok = await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await me(cookieOf(ok))).statusCode).toBe(200);

    const wrong = await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password');
    expect(cookieOf(wrong)).toBe('');

    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  test('sign-out ends the session', async () => {
    const cookie = await c.signUpVerified();
    expect((await post('/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  test('sign out everywhere ends every session of the player, this one included', async () => {
    const first = await c.signUpVerified();
    const second = cookieOf(await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD }));
    expect((await me(second)).statusCode).toBe(200);
    expect((await post('/api/auth/revoke-sessions', {}, second)).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await post('/api/auth/revoke-sessions', {})).statusCode).toBe(401);
  });
});

describe('change password', () => {
  test('a wrong current password is refused and the password stays the same', async () => {
    const cookie = await c.signUpVerified();
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: 'wrong-password', newPassword: 'a-new-password', revokeOtherSessions: true },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Current password is incorrect');
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect(
      (await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'a-new-password' })).statusCode,
    ).toBe(401);
  });

  test('the right current password changes it; the old one stops working', async () => {
    const cookie = await c.signUpVerified();
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a-new-password', revokeOtherSessions: true },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'a-new-password' })).statusCode,
    ).toBe(200);
  });

  test('a new password under 8 characters is refused with the one minimum message', async () => {
    const cookie = await c.signUpVerified();
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'short', revokeOtherSessions: true },
      cookie,
    );
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
    const cookie = await c.signUpVerified();
    const asked = await post('/api/auth/request-password-reset', {
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    });
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
    // The browser that proved the mailbox is a known device from now on.
    expect(cookieOf(reset)).toMatch(/scoreline_device=/);
    // Sessions are revoked on reset; the new password works, the old one does not.
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);

    const again = await post('/api/auth/reset-password', { newPassword: 'another-pass-1', token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This link is invalid or has expired. Please ask for a new one.');
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const res = await post('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(await mails()).toHaveLength(0);
  });

  test('a short new password is refused', async () => {
    await c.signUpVerified();
    await post('/api/auth/request-password-reset', { email: 'ada@example.com', redirectTo: '/reset-password' });
    const link = await linkIn('ada@example.com', /reset/i);
    const token = new URL(
      String((await get(link.pathname + link.search)).headers.location),
      'http://x',
    ).searchParams.get('token');
    const res = await post('/api/auth/reset-password', { newPassword: 'short', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Password must be at least 8 characters');
  });
});

describe('bad input on the other account endpoints', () => {
  test.each([
    ['sign-in with a number as e-mail', '/api/auth/sign-in/email', { email: 123, password: 'whatever-123' }],
    ['sign-in with nothing', '/api/auth/sign-in/email', {}],
    [
      'sign-in with an overlong password',
      '/api/auth/sign-in/email',
      // Far over the 128 allowed, within the 2 KB an auth body may have (security/body-limits.ts).
      { email: 'ada@example.com', password: 'x'.repeat(1500) },
    ],
    ['reset request with an array', '/api/auth/request-password-reset', { email: ['ada@example.com'] }],
    [
      'verification for a script-bearing address',
      '/api/auth/send-verification-email',
      { email: '<script>alert(1)</script>' },
    ],
    [
      'verification leading to another site',
      '/api/auth/send-verification-email',
      { email: 'ada@example.com', callbackURL: 'https://evil.example/' },
    ],
    ['reset without a token', '/api/auth/reset-password', { newPassword: 'long-enough-1' }],
  ])('%s: 400 with a readable message, no session, no mail', async (_label, url, payload) => {
    await signUp();
    const before = (await mails()).length;
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    const { message } = res.json().error as { message: string };
    expect(message).toMatch(/^[A-Z][^[\]{}]+$/);
    expect(cookieOf(res)).toBe('');
    expect(await mails()).toHaveLength(before);
  });

  test('change password with non-string values is refused and changes nothing', async () => {
    const cookie = await c.signUpVerified();
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: { $ne: '' } },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect((await post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('rate limits', () => {
  test('repeated sign-in attempts reach 429 with a readable message, even with the right password', async () => {
    await c.signUpVerified();
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
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(blocked.json().error.message).toMatch(
      /^Too many attempts\. Please wait (a minute|\d+ minutes) and try again\.$/,
    );
    expect(cookieOf(blocked)).toBe('');
  });

  test('resending the verification e-mail is limited too', async () => {
    await signUp();
    const max = AUTH_RATE_LIMITS['/send-verification-email'].max;
    for (let i = 0; i < max; i++) {
      expect(
        (await post('/api/auth/send-verification-email', { email: 'ada@example.com', callbackURL: '/verified' }))
          .statusCode,
      ).toBe(200);
    }
    const blocked = await post('/api/auth/send-verification-email', {
      email: 'ada@example.com',
      callbackURL: '/verified',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    // The sign-up's own mail and one for each resend that was let through.
    expect(await mails()).toHaveLength(max + 1);
  });
});
