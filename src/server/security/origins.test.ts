import { afterEach, describe, expect, it } from 'vitest';
import { accountClient, cookieOf, PASSWORD, signUpBody } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Seen by a new user: opening http://127.0.0.1:3000 instead of localhost must
 * work in development, and a refused origin is explained plainly, with the address to use.
 */
let t: TestApp | undefined;
let n = 0;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const from = (app: TestApp, origin: string, host: string, url: string, payload: unknown) =>
  app.request({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin, host },
    remoteAddress: `10.11.13.${++n}`,
  });

describe('loopback names in development', () => {
  it.each([
    ['http://127.0.0.1:3000', '127.0.0.1:3000'],
    ['http://localhost:3000', 'localhost:3000'],
    ['http://[::1]:3000', '[::1]:3000'],
  ])('sign-up and sign-in work from %s', async (origin, host) => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
    const up = await from(t, origin, host, '/api/auth/sign-up/email', signUpBody());
    expect(up.statusCode).toBe(200);
    // Verified from the same browser (its sign-up claim), as a player opening the mailed link would.
    const link = await accountClient(t, `10.11.13.${++n}`).linkIn('ada@example.com', /verify/i);
    const verified = await t.request({
      method: 'GET',
      url: link.pathname + link.search,
      cookie: cookieOf(up),
      headers: { host },
      remoteAddress: `10.11.13.${++n}`,
    });
    expect(cookieOf(verified)).toMatch(/session_token=/);
    const inRes = await from(t, origin, host, '/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: PASSWORD,
    });
    expect(inRes.statusCode).toBe(200);
    // Our own routes accept the same origin.
    const team = await t.request({
      method: 'PUT',
      url: '/api/me/team-name',
      cookie: cookieOf(inRes),
      payload: { teamName: 'Loopback FC' },
      headers: { origin, host },
    });
    expect(team.statusCode).toBe(200);
  });
});

describe('a refused origin', () => {
  it('is explained with the address to open, by our routes and by the account routes', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
    const message = 'This page was opened from another address. Open this site at http://localhost:3000 and try again.';
    const ours = await from(t, 'http://192.168.1.5:3000', 'localhost:3000', '/api/leagues', { name: 'X' });
    expect(ours.statusCode).toBe(403);
    expect(ours.json().error).toEqual({ code: 'cross_site', message });
    const auth = await from(t, 'http://192.168.1.5:3000', 'localhost:3000', '/api/auth/sign-up/email', signUpBody());
    expect(auth.statusCode).toBe(403);
    expect(auth.json().error).toEqual({ code: 'cross_site', message });
    expect(await t.app.deps.db.selectFrom('user').select('id').execute()).toEqual([]);
  });

  it('in production, only the public origin is ours', async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://scoreline.example' },
    });
    const res = await from(t, 'http://127.0.0.1:3000', '127.0.0.1:3000', '/api/auth/sign-up/email', signUpBody());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'This page was opened from another address. Open this site at https://scoreline.example and try again.',
    );
    const ok = await from(t, 'https://scoreline.example', 'scoreline.example', '/api/auth/sign-up/email', signUpBody());
    expect(ok.statusCode).toBe(200);
  });
});
