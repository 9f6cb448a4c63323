import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { accountClient, cookieOf, PASSWORD } from '../test/accounts.js';
import { clearsSessionCookie } from './routes.js';

/**
 * A password change ends every session of the player and gives the browser that asked a new one
 * in its answer. The change is announced (`session.changed`) as soon as it is committed, and the
 * page then asks who is signed in: that question can leave with the old cookie before the answer
 * with the new one has arrived, and its own answer arrive after. A browser applies a Set-Cookie
 * whatever cookie the request carried, so an answer that cleared the session cookie would clear
 * the new one, and the player would be signed out for good. Only signing out clears it.
 */
let t: TestApp;
let client: ReturnType<typeof accountClient>;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  client = accountClient(t, '10.9.7.1');
});
afterAll(async () => {
  await t?.close();
});

const setCookies = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};
const clearsSession = (res: LightMyRequestResponse) => setCookies(res).some(clearsSessionCookie);
const sessionCookie = (res: LightMyRequestResponse) =>
  cookieOf(res)
    .split('; ')
    .filter((c) => c.includes('session_token'))
    .join('; ');

async function signedUp() {
  const email = `replaced-${++n}@example.com`;
  return { email, oldCookie: await client.signUpVerified({ email, teamName: `Replaced ${n}` }) };
}

const changePassword = (cookie: string, newPassword: string) =>
  client.post(
    '/api/auth/change-password',
    { currentPassword: PASSWORD, newPassword, revokeOtherSessions: true },
    cookie,
  );

describe('a session cookie replaced by a password change', () => {
  test('the page asking who it is with the old cookie, as the change is announced, leaves the new cookie alone', async () => {
    const { oldCookie } = await signedUp();
    // What the page does on `session.changed`: ask who is signed in, with the cookie it holds then.
    const asked: Array<Promise<LightMyRequestResponse>> = [];
    const stop = t.app.deps.bus.subscribe((event) => {
      if (event.type === 'session.changed') asked.push(client.get('/api/auth/get-session', oldCookie));
    });
    let changed: LightMyRequestResponse;
    try {
      changed = await changePassword(oldCookie, 'a-new-password-1');
    } finally {
      stop();
    }
    expect(changed.statusCode).toBe(200);
    const newCookie = sessionCookie(changed);
    expect(newCookie).toMatch(/session_token=/);
    expect(newCookie).not.toBe(oldCookie);
    expect(asked.length).toBeGreaterThan(0);
    for (const answer of await Promise.all(asked)) {
      expect(answer.statusCode).toBe(200);
      // The old session has ended: nobody, and the cookie the browser holds by now stays.
      expect(answer.json()).toBeNull();
      expect(clearsSession(answer)).toBe(false);
    }
    // The new cookie still signs the player in.
    const me = await client.get('/api/auth/get-session', newCookie);
    expect(me.json()).toMatchObject({ user: { teamName: `Replaced ${n}` } });
    expect((await client.me(newCookie)).statusCode).toBe(200);
  });

  test('asked later with the old cookie (a tab that was away, a second submit), nothing clears the new one either', async () => {
    const { oldCookie } = await signedUp();
    const changed = await changePassword(oldCookie, 'a-new-password-2');
    expect(changed.statusCode).toBe(200);

    const session = await client.get('/api/auth/get-session', oldCookie);
    expect(session.json()).toBeNull();
    expect(clearsSession(session)).toBe(false);
    const me = await client.me(oldCookie);
    expect(me.statusCode).toBe(401);
    expect(clearsSession(me)).toBe(false);
    // A session-guarded call of the auth library with the old cookie is refused, and clears nothing.
    const again = await changePassword(oldCookie, 'a-new-password-3');
    expect(again.statusCode).toBe(401);
    expect(clearsSession(again)).toBe(false);

    expect((await client.me(sessionCookie(changed))).statusCode).toBe(200);
  });

  test('signing out, and signing out everywhere, still clear the cookie', async () => {
    const { email, oldCookie } = await signedUp();
    const out = await client.post('/api/auth/sign-out', {}, oldCookie);
    expect(out.statusCode).toBe(200);
    expect(clearsSession(out)).toBe(true);
    expect((await client.me(oldCookie)).statusCode).toBe(401);

    const signedIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const everywhere = await client.post('/api/auth/revoke-sessions', {}, sessionCookie(signedIn));
    expect(everywhere.statusCode).toBe(200);
    expect(clearsSession(everywhere)).toBe(true);
  });
});
