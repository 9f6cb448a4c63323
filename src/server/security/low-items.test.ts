import { afterEach, describe, expect, it } from 'vitest';
import { accountClient } from '../test/accounts.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * `Origin: null` is cross-site, deeply nested JSON is a 400 (not a 500), and a
 * password reset rotates the private calendar link. (The invite link's confirming click is a web
 * behaviour, covered in e2e/leagues.e2e.ts.)
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the cross-site check', () => {
  it('refuses Origin: null (sandboxed frames, data: pages) and changes nothing', async () => {
    t = await createTestApp();
    const { db, handle } = t.app.deps;
    const user = await buildUser(db, handle.dialect, { teamName: 'Before' });
    const cookie = await buildSessionCookie(db, handle.dialect, user.id, SECRET);
    const res = await t.request({
      method: 'PUT',
      url: '/api/me/team-name',
      cookie,
      payload: { teamName: 'Hacked' },
      headers: { origin: 'null' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site');
    const row = await db.selectFrom('user').select('teamName').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.teamName).toBe('Before');
  });
});

describe('deeply nested JSON', () => {
  const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  it('is a 400 with a readable message on every kind of route, never a 500', async () => {
    t = await createTestApp();
    const { db, handle } = t.app.deps;
    const cookie = await buildSessionCookie(db, handle.dialect, (await buildUser(db, handle.dialect)).id, SECRET);
    let ip = 0;
    // Within the auth routes' 2 KB body limit: a larger body is refused before this check (body-limits.test.ts).
    for (const inner of [deepArray(500), deepObject(300), deepArray(1_000)]) {
      for (const url of [
        '/api/auth/sign-in/email',
        '/api/auth/request-password-reset',
        '/api/auth/sign-up/email',
        '/api/contact',
        '/api/leagues',
      ]) {
        const res = await t.request({
          method: 'POST',
          url,
          cookie,
          payload: `{"email":${inner}}`,
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          remoteAddress: `10.11.12.${++ip}`,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toEqual({ code: 'bad_request', message: 'The request is nested too deeply.' });
      }
    }
  });

  it('ordinary JSON bodies are unaffected', async () => {
    t = await createTestApp();
    const { db, handle } = t.app.deps;
    const cookie = await buildSessionCookie(db, handle.dialect, (await buildUser(db, handle.dialect)).id, SECRET);
    const res = await t.request({
      method: 'PUT',
      url: '/api/me/settings/reminders',
      cookie,
      payload: { remindersEnabled: true, windows: [24, 6] },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('rotates the private calendar link: the old feed URL stops working', async () => {
    t = await createTestApp();
    const c = accountClient(t, '10.11.12.200');
    const cookie = await c.signUpVerified();
    const before = new URL((await c.get('/api/me/calendar', cookie)).json().url as string);
    expect((await c.get(before.pathname)).statusCode).toBe(200);

    expect(
      (await c.post('/api/auth/request-password-reset', { email: 'ada@example.com', redirectTo: '/reset-password' }))
        .statusCode,
    ).toBe(200);
    const token = (await c.linkIn('ada@example.com', /reset/i)).pathname.split('/').pop();
    expect((await c.post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token })).statusCode).toBe(200);

    expect((await c.get(before.pathname)).statusCode).toBe(404);
    const signedIn = await c.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'brand-new-pass' });
    const fresh = signedIn.headers['set-cookie'];
    const newCookie = [fresh]
      .flat()
      .map((x) => String(x).split(';')[0])
      .join('; ');
    const after = new URL((await c.get('/api/me/calendar', newCookie)).json().url as string);
    expect(after.pathname).not.toBe(before.pathname);
    expect((await c.get(after.pathname)).statusCode).toBe(200);
  });
});
