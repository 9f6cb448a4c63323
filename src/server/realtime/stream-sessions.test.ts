import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { accountClient, cookieOf, PASSWORD } from '../test/accounts.js';
import { listening, openStream, streamsCaughtUp, type OpenStream } from './stream-test-kit.js';

/**
 * Sessions end everywhere at once (decision 0101): a live stream opened with a session ends when
 * that session does (password changed, reset, every session signed out, account deleted), so it
 * carries none of the player's changes after that. A stream of a session that lives on stays open.
 * Before, such a stream kept receiving the player's own events until it was closed.
 */
let t: TestApp;
let c: ReturnType<typeof accountClient>;
let testNo = 0;
const open: OpenStream[] = [];
beforeEach(async () => {
  t = await createTestApp();
  c = accountClient(t, `10.101.${++testNo}.7`);
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await t.close();
});

async function stream(cookie: string) {
  const s = await openStream(await listening(t.app), cookie);
  open.push(s);
  return s;
}
const signIn = async () =>
  cookieOf(await c.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD }));

/** A stream that is still open has been sent everything so far: it was not ended. */
async function stillOpen(s: OpenStream) {
  await streamsCaughtUp(t.app, [s]);
  expect(s.isEnded()).toBe(false);
}

describe('a live stream ends with its session', () => {
  test('a password change that signs out the other sessions ends their streams', async () => {
    const kept = await c.signUpVerified();
    const other = await signIn();
    const [keptStream, otherStream] = [await stream(kept), await stream(other)];
    const res = await c.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a-new-password', revokeOtherSessions: true },
      kept,
    );
    expect(res.statusCode, res.body).toBe(200);
    await otherStream.ended;
    // The session that asked stays signed in (with its cookie as Better Auth leaves it), and so its stream stays open.
    if ((await c.me(kept)).statusCode === 200) await stillOpen(keptStream);
    else await keptStream.ended;
  });

  test('signing out every session ends every stream of the player', async () => {
    const first = await c.signUpVerified();
    const second = await signIn();
    const streams = [await stream(first), await stream(second), await stream(second)];
    expect((await c.post('/api/auth/revoke-sessions', {}, second)).statusCode).toBe(200);
    await Promise.all(streams.map((s) => s.ended));
  });

  test('a password reset ends the streams of the sessions it revokes', async () => {
    const cookie = await c.signUpVerified();
    const s = await stream(cookie);
    expect(
      (await c.post('/api/auth/request-password-reset', { email: 'ada@example.com', redirectTo: '/reset-password' }))
        .statusCode,
    ).toBe(200);
    const link = await c.linkIn('ada@example.com', /reset/i);
    const followed = await c.get(link.pathname + link.search);
    const token = new URL(String(followed.headers.location), 'http://localhost:3000').searchParams.get('token');
    expect((await c.post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token })).statusCode).toBe(200);
    await s.ended;
  });

  test('deleting the account ends its streams; another player’s stream stays', async () => {
    // The first verified account is the admin, who cannot leave the game without one: Bo deletes his.
    const adas = await stream(await c.signUpVerified());
    const bo = accountClient(t, `10.101.${++testNo}.8`);
    const cookie = await bo.signUpVerified({ email: 'bo@example.com', teamName: 'Bo United', name: 'Bo' });
    const bos = await stream(cookie);
    const res = await bo.post('/api/me/account/delete', { password: PASSWORD }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    await bos.ended;
    await stillOpen(adas);
  });

  test('signing out one session ends its streams only', async () => {
    const first = await c.signUpVerified();
    const second = await signIn();
    const [a, b] = [await stream(first), await stream(second)];
    expect((await c.post('/api/auth/sign-out', {}, first)).statusCode).toBe(200);
    await a.ended;
    await stillOpen(b);
  });
});
