import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/harness.js';
import { accountClient, cookieOf, PASSWORD } from '../test/accounts.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { testPasswordHashing } from '../test/password-hashing.js';
import { buildApp } from '../app.js';
import { createManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { dropDatabase, freshDatabaseUrl, testDialect } from '../test/databases.js';
import { createSessionCache, SESSION_CHANGED } from './session-cache.js';
import { createLocalBus, type EventBus } from '../realtime/bus.js';
import { createReadModel } from '../read-model/index.js';
import type { SessionUser } from './session.js';

/**
 * Verified sessions are cached (decision record 0104), and the cache never outlives what it caches: each test
 * first makes the session cached (a signed-in request), then changes it, and the very next
 * request is refused or sees the change.
 */
let t: TestApp;
let testNo = 0;
let client: ReturnType<typeof accountClient>;
beforeEach(async () => {
  t = await createTestApp();
  client = accountClient(t, `10.15.${++testNo}.9`);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

/** A signed-up (and verified) player's cookie, with the session already in the cache. */
async function cachedSession(email = 'ada@example.com') {
  const cookie = await client.signUpVerified({ email, teamName: `Team ${email.split('@')[0]}` });
  expect((await client.me(cookie)).statusCode).toBe(200);
  expect(t.app.deps.sessions.stats().entries).toBeGreaterThan(0);
  return cookie;
}

describe('the session cache', () => {
  test('a signed-in request is answered from the cache after the first', async () => {
    const cookie = await cachedSession();
    const user = (await client.me(cookie)).json().user as { id: string };
    // Changed behind the app's back (nothing announced): the cached session still answers, which is
    // what the cache is for; every change the app makes is announced (the tests below).
    await t.app.deps.db.deleteFrom('session').where('userId', '=', user.id).execute();
    expect((await client.me(cookie)).statusCode).toBe(200);
  });

  test('sign-out: the signed-out session is refused at once', async () => {
    const cookie = await cachedSession();
    expect((await client.post('/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect((await client.me(cookie)).statusCode).toBe(401);
  });

  test('password change revoking other sessions: the other session is refused at once', async () => {
    const first = await cachedSession();
    const signIn = await client.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: PASSWORD });
    const second = cookieOf(signIn);
    expect((await client.me(second)).statusCode).toBe(200);
    const changed = await client.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a-new-password', revokeOtherSessions: true },
      second,
    );
    expect(changed.statusCode).toBe(200);
    expect((await client.me(first)).statusCode).toBe(401);
  });

  test('password reset revokes every session, cached ones included', async () => {
    const cookie = await cachedSession();
    await client.post('/api/auth/request-password-reset', { email: 'ada@example.com', redirectTo: '/reset-password' });
    const link = await client.linkIn('ada@example.com', /reset/i);
    const followed = await client.get(link.pathname + link.search);
    const token = new URL(String(followed.headers.location), 'http://localhost:3000').searchParams.get('token');
    expect((await client.post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token })).statusCode).toBe(
      200,
    );
    expect((await client.me(cookie)).statusCode).toBe(401);
  });

  test('a session revoked by deleting its row is refused once the revocation is announced', async () => {
    const cookie = await cachedSession();
    const user = (await client.me(cookie)).json().user as { id: string };
    await t.app.deps.db.deleteFrom('session').where('userId', '=', user.id).execute();
    await t.app.deps.sessions.invalidate(user.id);
    expect((await client.me(cookie)).statusCode).toBe(401);
  });

  test('verifying the e-mail address ends a cached session from before the proof at once', async () => {
    // A session the release before gave an unverified address at sign-up.
    const { db, handle, config } = t.app.deps;
    const user = await buildUser(db, handle.dialect, { email: 'legacy@example.com', emailVerified: false });
    const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
    expect((await client.me(cookie)).json().user.emailVerified).toBe(false);
    const verified = await client.verify('legacy@example.com', cookie);
    expect(verified.headers.location).toMatch(/^\/verified#confirm=/);
    const token = decodeURIComponent(String(verified.headers.location).split('#confirm=')[1] ?? '');
    expect(
      (await client.post('/api/registration/confirm', { token, newPassword: 'my-own-password', teamName: 'Legacy FC' }))
        .statusCode,
    ).toBe(200);
    expect((await client.me(cookie)).statusCode).toBe(401);
  });

  test('a team name change is seen at once by /api/me', async () => {
    const cookie = await cachedSession();
    const res = await t.request({
      method: 'PUT',
      url: '/api/me/team-name',
      cookie,
      payload: { teamName: 'Renamed FC' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.me(cookie)).json().user.teamName).toBe('Renamed FC');
  });

  test('a cached session still expires', async () => {
    const { db, handle, config } = t.app.deps;
    const user = await buildUser(db, handle.dialect);
    const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
    expect((await client.me(cookie)).statusCode).toBe(200);
    // 31 days later (sessions last 30): only Date is faked, the clock of timers runs on.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 24 * 3600_000);
    expect((await client.me(cookie)).statusCode).toBe(401);
  });

  test('requests of one session made together read it from the database once', async () => {
    const { db, handle, config } = t.app.deps;
    const user = await buildUser(db, handle.dialect);
    const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
    const before = t.app.deps.sessions.stats().reads;
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.me(cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(t.app.deps.sessions.stats().reads - before).toBe(1);
  });

  test('the cached session answers only its own signed cookie: another signature on its token is refused, with no database read', async () => {
    const cookie = await cachedSession();
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf('.');
    const signature = decoded.slice(dot + 1);
    // The same token, its signature changed by one character (still base64, same length).
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = `${name}=${encodeURIComponent(`${decoded.slice(0, dot)}.${flipped}`)}`;
    const { entries, reads } = t.app.deps.sessions.stats();
    expect((await client.me(forged)).statusCode).toBe(401);
    expect((await client.me(`${name}=${encodeURIComponent(decoded.slice(0, dot))}`)).statusCode).toBe(401);
    expect(t.app.deps.sessions.stats()).toMatchObject({ entries, reads });
    // The genuine cookie is still answered, from the cache.
    expect((await client.me(cookie)).statusCode).toBe(200);
    expect(t.app.deps.sessions.stats().reads).toBe(reads);
  });

  test('signing out one player leaves other players cached', async () => {
    const ada = await cachedSession('ada@example.com');
    const bob = await cachedSession('bob@example.com');
    expect((await client.post('/api/auth/sign-out', {}, ada)).statusCode).toBe(200);
    expect((await client.me(ada)).statusCode).toBe(401);
    expect((await client.me(bob)).statusCode).toBe(200);
  });
});

describe('a shared session read', () => {
  const user: SessionUser = {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    username: 'ada',
    teamName: null,
    teamNameNotice: null,
    role: 'player',
    emailVerified: true,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
  const later = () => Date.now() + 3600_000;
  const sessionCache = (bus: EventBus) => createSessionCache(createReadModel({ bus }), bus);

  test('a request after a sign-out never joins a read that began before it, and that read is not kept', async () => {
    const bus = createLocalBus();
    const sessions = sessionCache(bus);
    let finishFirst: (v: { user: SessionUser; expiresAt: number }) => void = () => {};
    const first = sessions.lookup('tok', () => new Promise((resolve) => (finishFirst = resolve)));
    // Another request meanwhile shares it.
    const joined = sessions.lookup('tok', () => Promise.reject(new Error('not called')));
    // The session is signed out (its row deleted, the change announced) while the read is under way.
    await bus.publish({ type: SESSION_CHANGED, userId: 'u1' });
    let secondReads = 0;
    const after = sessions.lookup('tok', async () => {
      secondReads++;
      return null;
    });
    finishFirst({ user, expiresAt: later() });
    expect(await first).toEqual(user);
    expect(await joined).toEqual(user);
    expect(await after).toBeNull();
    expect(secondReads).toBe(1);
    // The read that began before the sign-out did not put the session back.
    expect(sessions.get('tok')).toBeNull();
    expect(sessions.stats().reads).toBe(2);
  });

  test('a failed read fails the requests that shared it, and the next request reads again', async () => {
    const sessions = sessionCache(createLocalBus());
    await expect(sessions.lookup('tok', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await sessions.lookup('tok', async () => ({ user, expiresAt: later() }))).toEqual(user);
    expect(sessions.get('tok')).toEqual(user);
  });
});

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const onPostgres = testDialect() === 'postgres';

describe.skipIf(!onPostgres)('the session cache across two instances on one PostgreSQL', () => {
  let handles: DatabaseHandle[] = [];
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    const url = await freshDatabaseUrl();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: SECRET,
      PUBLIC_URL: 'http://localhost:3000',
      SEED_SEASON: 'false',
      DATABASE_URL: url,
    });
    const clock = createManualClock('2025-08-20T12:00:00Z');
    handles = [openDatabase(url, { poolSize: 5 }), openDatabase(url, { poolSize: 5 })];
    apps = [
      await buildApp({ config, clock, handle: handles[0], logger: false, passwordHashing: testPasswordHashing }),
      await buildApp({ config, clock, handle: handles[1], logger: false, passwordHashing: testPasswordHashing }),
    ];
    for (const app of apps) await app.ready();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (handles[1]) await handles[1].close();
    if (handles[0]) await dropDatabase(handles[0]);
  });

  /** Resolves when instance `app` has received a session.changed notification for `userId`. */
  const announced = (app: FastifyInstance, userId: string) =>
    new Promise<void>((resolve) => {
      const off = app.deps.bus.subscribe((e) => {
        if (e.type === SESSION_CHANGED && e.userId === userId) {
          off();
          resolve();
        }
      });
    });

  test('signing out on one instance is refused on the other, which had the session cached', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const db = handles[0]!.db;
    const user = await buildUser(db, 'postgres');
    const cookie = await buildSessionCookie(db, 'postgres', user.id, SECRET);
    const me = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me(b)).statusCode).toBe(200);
    expect(b.deps.sessions.stats().entries).toBe(1);
    const heard = announced(b, user.id);
    const out = await a.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await heard;
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(a)).statusCode).toBe(401);
  });

  test('a password change on one instance revokes the other sessions cached on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const ip = '10.15.200.1';
    await buildUser(a.deps.db, a.deps.handle.dialect, { email: 'cy@example.com', password: PASSWORD });
    const signIn = () =>
      a.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { origin: 'http://localhost:3000' },
        payload: { email: 'cy@example.com', password: PASSWORD },
      });
    const first = cookieOf(await signIn());
    const second = cookieOf(await signIn());
    const onB = await b.inject({ method: 'GET', url: '/api/me', headers: { cookie: first } });
    expect(onB.statusCode).toBe(200);
    const heard = announced(b, (onB.json() as { user: { id: string } }).user.id);
    const changed = await a.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      remoteAddress: ip,
      headers: { cookie: second, origin: 'http://localhost:3000' },
      payload: { currentPassword: PASSWORD, newPassword: 'a-new-password', revokeOtherSessions: true },
    });
    expect(changed.statusCode).toBe(200);
    await heard;
    expect((await b.inject({ method: 'GET', url: '/api/me', headers: { cookie: first } })).statusCode).toBe(401);
  });
});
