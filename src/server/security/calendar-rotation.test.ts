import { afterEach, describe, expect, it } from 'vitest';
import { accountClient, cookieOf, PASSWORD } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * The private calendar link carries the player's own upcoming picks, so it must not outlive the
 * moments a player takes their account back: every password change (whether or not other
 * sessions are signed out), a reset by mail, and "sign out everywhere" give it a new address and
 * the old one stops working at once.
 */
let t: TestApp | undefined;
let n = 0;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function playerWithCalendar() {
  t = await createTestApp();
  const c = accountClient(t, `10.29.${++n}.1`);
  const cookie = await c.signUpVerified();
  const url = new URL((await c.get('/api/me/calendar', cookie)).json().url as string);
  expect((await c.get(url.pathname)).statusCode).toBe(200);
  return { c, cookie, old: url.pathname };
}

describe('the calendar link gets a new address', () => {
  it.each([true, false])('on a password change (signing out other sessions: %s)', async (revokeOtherSessions) => {
    const { c, cookie, old } = await playerWithCalendar();
    const changed = await c.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a-new-password', revokeOtherSessions },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await c.get(old)).statusCode).toBe(404);
    const session = cookieOf(changed) || cookie;
    const fresh = new URL((await c.get('/api/me/calendar', session)).json().url as string).pathname;
    expect(fresh).not.toBe(old);
    expect((await c.get(fresh)).statusCode).toBe(200);
  });

  it('on a refused password change it stays the same', async () => {
    const { c, cookie, old } = await playerWithCalendar();
    expect(
      (
        await c.post(
          '/api/auth/change-password',
          { currentPassword: 'not-my-password', newPassword: 'a-new-password', revokeOtherSessions: true },
          cookie,
        )
      ).statusCode,
    ).toBe(400);
    expect((await c.get(old)).statusCode).toBe(200);
  });

  it('on "sign out everywhere"', async () => {
    const { c, cookie, old } = await playerWithCalendar();
    expect((await c.post('/api/auth/revoke-sessions', {}, cookie)).statusCode).toBe(200);
    expect((await c.get(old)).statusCode).toBe(404);
    const again = cookieOf(await c.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD }));
    const fresh = new URL((await c.get('/api/me/calendar', again)).json().url as string).pathname;
    expect(fresh).not.toBe(old);
    expect((await c.get(fresh)).statusCode).toBe(200);
  });
});
