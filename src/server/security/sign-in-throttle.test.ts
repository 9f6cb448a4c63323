import { afterEach, describe, expect, it } from 'vitest';
import { accountClient, cookieOf, ORIGIN, PASSWORD, rawRequest } from '../test/accounts.js';
import { buildUser, DEFAULT_PASSWORD } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * The bridge decides on the path Better Auth will route (so `/./`, `//` or encoded spellings
 * cannot skip a check), and failed sign-ins are throttled per account and address, and per
 * account from every address together (decision 0050), with growing waits; a browser that has
 * signed in to the account before is not held by the account's own limit, so the owner is never
 * locked out. Every 429 says the true wait and carries Retry-After. The throttle's clock is the
 * test's (`security.now`): no test waits for real time.
 */
let t: TestApp | undefined;
let n = 0;
const nextIp = () => `10.11.5.${++n}`;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A clock for the throttle that the test moves by hand. */
function fakeNow() {
  let ms = Date.parse('2030-01-01T00:00:00Z');
  return { now: () => ms, advance: (s: number) => (ms += s * 1000) };
}

const signIn = (app: TestApp, email: string, password: string, ip: string, url = '/api/auth/sign-in/email') =>
  app.request({ method: 'POST', url, payload: { email, password }, headers: { origin: ORIGIN }, remoteAddress: ip });

describe('the bridge decides on the normalised path', () => {
  // Real sockets (inject would normalise the path first); behind TRUST_PROXY so each test is its
  // own client address for Better Auth's per-address limiter, which every app in this process shares.
  const raw = (app: TestApp, path: string, body: unknown, client: string) =>
    rawRequest(app, { method: 'POST', path, body, headers: { 'x-forwarded-for': client } });

  it('a dot-segment spelling of sign-in is still throttled', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect(
        (await raw(t, '/api/auth/sign-in/email', { email: user.email, password: `wrong-${i}-password` }, ip))
          .statusCode,
      ).toBe(401);
    for (const path of ['/api/auth/./sign-in/email', '/api/auth/x/../sign-in/email', '/api/auth/%2e/sign-in/email']) {
      const res = await raw(t, path, { email: user.email, password: DEFAULT_PASSWORD }, ip);
      expect(res.statusCode, path).toBe(429);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('failures through a dot-segment spelling count too', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect(
        (await raw(t, '/api/auth/./sign-in/email', { email: user.email, password: `wrong-${i}-password` }, ip))
          .statusCode,
      ).toBe(401);
    expect(
      (await raw(t, '/api/auth/sign-in/email', { email: user.email, password: DEFAULT_PASSWORD }, ip)).statusCode,
    ).toBe(429);
  });

  it('sign-up through a dot-segment spelling is validated like any other', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const res = await raw(
      t,
      '/api/auth/./sign-up/email',
      {
        name: 'Ada',
        username: 'ada_l',
        // Far over the limit, within the 2 KB an auth body may have (security/body-limits.ts).
        teamName: 'x'.repeat(1_500),
        email: 'ada@example.com',
        password: PASSWORD,
      },
      nextIp(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('teamName');
    expect(await t.app.deps.db.selectFrom('user').select('id').execute()).toEqual([]);
  });

  it('paths Better Auth would not route, or that the app does not use, are 404 before reaching it', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const ip = nextIp();
    for (const path of [
      '/api/auth//sign-up/email',
      '/api/auth/sign-up/email/',
      '/api/auth/%73ign-up/email',
      '/api/auth/../me',
      '/api/auth/delete-user',
      '/api/auth/change-email',
      '/api/auth/list-sessions',
    ]) {
      const res = await raw(
        t,
        path,
        { name: 'Ada', username: 'ada_l', teamName: 'Analytical FC', email: 'ada@example.com', password: PASSWORD },
        ip,
      );
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await t.app.deps.db.selectFrom('user').select('id').execute()).toEqual([]);
  });
});

describe('failed sign-ins are throttled per account and address', () => {
  it('an attacker failing from other addresses does not hold the owner’s own address', async () => {
    t = await createTestApp();
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    // Nine guesses from three addresses: under the account's own limit, at each address's.
    for (let i = 0; i < 9; i++) await signIn(t, user.email, `guess-${i}-password`, `10.66.${Math.floor(i / 3)}.1`);
    const owner = await signIn(t, user.email, DEFAULT_PASSWORD, nextIp());
    expect(owner.statusCode).toBe(200);
    expect(cookieOf(owner)).toMatch(/session_token=/);
  });

  it('the waits grow, the message says the true wait, and Retry-After matches', async () => {
    const clock = fakeNow();
    t = await createTestApp({ security: { now: clock.now } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await signIn(t, user.email, `wrong-${i}-password`, ip)).statusCode).toBe(401);

    const first = await signIn(t, user.email, DEFAULT_PASSWORD, ip);
    expect(first.statusCode).toBe(429);
    expect(first.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect(first.headers['retry-after']).toBe('60');

    clock.advance(61);
    expect((await signIn(t, user.email, 'wrong-again-password', ip)).statusCode).toBe(401);
    const second = await signIn(t, user.email, DEFAULT_PASSWORD, ip);
    expect(second.json().error.message).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(second.headers['retry-after']).toBe('120');

    clock.advance(121);
    expect((await signIn(t, user.email, 'wrong-third-password', ip)).statusCode).toBe(401);
    const third = await signIn(t, user.email, DEFAULT_PASSWORD, ip);
    expect(third.json().error.message).toBe('Too many attempts. Please wait 4 minutes and try again.');
    expect(third.headers['retry-after']).toBe('240');

    // Once the wait is over the right password works and clears the record.
    clock.advance(241);
    expect((await signIn(t, user.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signIn(t, user.email, 'wrong-after-password', ip)).statusCode).toBe(401);
  });

  it('a 429 reveals nothing about whether the account exists', async () => {
    // The throttle's clock stands still: both 429s state the same wait however long the test takes.
    const clock = fakeNow();
    t = await createTestApp({ security: { now: clock.now } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const ipA = nextIp();
    const ipB = nextIp();
    let known = await signIn(t, user.email, 'wrong-password-1', ipA);
    let unknown = await signIn(t, 'nobody-here@example.com', 'wrong-password-1', ipB);
    expect(known.json()).toEqual(unknown.json());
    for (let i = 0; i < 5; i++) {
      known = await signIn(t, user.email, 'wrong-password-1', ipA);
      unknown = await signIn(t, 'nobody-here@example.com', 'wrong-password-1', ipB);
    }
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(known.json()).toEqual(unknown.json());
  });

  it("Better Auth's own per-address limit also says the true wait and sends Retry-After", async () => {
    t = await createTestApp();
    const ip = nextIp();
    let last = await signIn(t, 'a0@example.com', 'whatever-password', ip);
    for (let i = 1; i <= 12 && last.statusCode !== 429; i++)
      last = await signIn(t, `a${i}@example.com`, 'whatever-password', ip);
    expect(last.statusCode).toBe(429);
    const retry = Number(last.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(last.json().error.message).toMatch(
      /^Too many attempts\. Please wait (a minute|\d+ seconds?) and try again\.$/,
    );
  });
});

describe('failed sign-ins are throttled per account, from every address together', () => {
  /** The known-device cookie a successful sign-in leaves in the browser. */
  const deviceOf = (res: { headers: Record<string, unknown> }) =>
    cookieOf(res as Parameters<typeof cookieOf>[0])
      .split('; ')
      .filter((c) => c.startsWith('scoreline_device='))
      .join('; ');
  const signInWith = (app: TestApp, email: string, password: string, ip: string, cookie?: string) =>
    app.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers: { origin: ORIGIN },
      remoteAddress: ip,
      cookie,
    });

  it('guesses spread over many addresses start the account’s own growing waits, and every 429 says the true wait', async () => {
    const clock = fakeNow();
    t = await createTestApp({ security: { now: clock.now } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    // Ten /64s of one /48, one guess each: every address is far under its own limit.
    for (let i = 0; i < 10; i++)
      expect((await signIn(t, user.email, `guess-${i}-password`, `2001:db8:77:${i}::1`)).statusCode).toBe(401);
    const held = await signIn(t, user.email, DEFAULT_PASSWORD, '2001:db8:77:99::1');
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect(held.headers['retry-after']).toBe('60');
    expect(held.headers['set-cookie']).toBeUndefined();

    clock.advance(61);
    expect((await signIn(t, user.email, 'guess-again-password', '2001:db8:77:100::1')).statusCode).toBe(401);
    const longer = await signIn(t, user.email, DEFAULT_PASSWORD, '2001:db8:77:101::1');
    expect(longer.json().error.message).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(longer.headers['retry-after']).toBe('120');
  });

  // The account's allowance is ten (the test above); the tests below shrink it to three, so that
  // each makes a handful of password checks rather than dozens.
  const FEW = { signInAccountFreeFailures: 3 };

  it('the owner is not locked out: a browser that signed in before still signs in, from anywhere', async () => {
    const clock = fakeNow();
    t = await createTestApp({ security: { now: clock.now, limits: FEW } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const first = await signIn(t, user.email, DEFAULT_PASSWORD, nextIp());
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(device).toMatch(/^scoreline_device=\d+\./);

    for (let i = 0; i < 3; i++) await signIn(t, user.email, `guess-${i}-password`, `10.77.${i}.1`);
    // Another browser, even with the right password, waits…
    expect((await signIn(t, user.email, DEFAULT_PASSWORD, nextIp())).statusCode).toBe(429);
    // …the owner's own browser, on a new network, does not.
    const owner = await signInWith(t, user.email, DEFAULT_PASSWORD, nextIp(), device);
    expect(owner.statusCode).toBe(200);
    expect(cookieOf(owner)).toMatch(/session_token=/);
    // Its success gives the attacker no fresh attempts.
    expect((await signIn(t, user.email, 'guess-more-password', nextIp())).statusCode).toBe(429);
  });

  it('a known device is still held by its own address’s limit, and its cookie works only for its own account', async () => {
    const clock = fakeNow();
    t = await createTestApp({ security: { now: clock.now, limits: FEW } });
    const { db, handle } = t.app.deps;
    const owner = await buildUser(db, handle.dialect);
    const other = await buildUser(db, handle.dialect);
    const device = deviceOf(await signIn(t, owner.email, DEFAULT_PASSWORD, nextIp()));
    for (let i = 0; i < 3; i++) {
      await signIn(t, owner.email, `guess-${i}-password`, `10.78.${i}.1`);
      await signIn(t, other.email, `guess-${i}-password`, `10.79.${i}.1`);
    }
    // The owner's cookie does not let anyone past the other account's limit, nor does a forged one.
    expect((await signInWith(t, other.email, DEFAULT_PASSWORD, nextIp(), device)).statusCode).toBe(429);
    const forged = device.replace(/\.[^.]+$/, '.AAAA');
    expect((await signInWith(t, owner.email, DEFAULT_PASSWORD, nextIp(), forged)).statusCode).toBe(429);
    // Five wrong passwords from the known device's own address: that address waits.
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await signInWith(t, owner.email, `typo-${i}-password`, ip, device)).statusCode).toBe(401);
    expect((await signInWith(t, owner.email, DEFAULT_PASSWORD, ip, device)).statusCode).toBe(429);
  });

  it('a password reset by mail makes the browser a known device, so the owner signs in during an attack', async () => {
    const clock = fakeNow();
    t = await createTestApp({ security: { now: clock.now, limits: FEW } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    for (let i = 0; i < 3; i++) await signIn(t, user.email, `guess-${i}-password`, `10.80.${i}.1`);
    const c = accountClient(t, nextIp());
    expect(
      (await c.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' }))
        .statusCode,
    ).toBe(200);
    const token = (await c.linkIn(user.email, /reset/i)).pathname.split('/').pop();
    const reset = await c.post('/api/auth/reset-password', { newPassword: 'owner-new-password', token });
    expect(reset.statusCode).toBe(200);
    const device = deviceOf(reset);
    expect(device).not.toBe('');
    expect((await signInWith(t, user.email, 'owner-new-password', nextIp(), device)).statusCode).toBe(200);
    expect((await signIn(t, user.email, 'owner-new-password', nextIp())).statusCode).toBe(429);
  });

  it('the account’s limit answers the same whether or not the account exists', async () => {
    const clock = fakeNow();
    t = await createTestApp({ security: { now: clock.now, limits: FEW } });
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    for (let i = 0; i < 3; i++) {
      await signIn(t, user.email, `guess-${i}-password`, `10.81.${i}.1`);
      await signIn(t, 'nobody-at-all@example.com', `guess-${i}-password`, `10.82.${i}.1`);
    }
    const known = await signIn(t, user.email, 'guess-x-password', nextIp());
    const unknown = await signIn(t, 'nobody-at-all@example.com', 'guess-x-password', nextIp());
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
  });
});
