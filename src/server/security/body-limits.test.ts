import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX, PASSWORD_MAX, TEAM_NAME_MAX, EMAIL_MAX, CONTACT_MESSAGE_MAX } from '../../game/limits.js';
import { verificationCallback } from '../../contract/account.js';
import { SIGN_UP_ANSWER } from '../auth/routes.js';
import { ORIGIN, signUpBody } from '../test/accounts.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import {
  AUTH_BODY_LIMIT,
  BODY_LIMITS,
  DEFAULT_BODY_LIMIT,
  documentedBodyLimit,
  SEASON_FILE_BODY_LIMIT,
} from './body-limits.js';

/**
 * Every route reads at most its documented number of body bytes, and a body beyond it is refused
 * with 413 before it is parsed and before the route's guard looks up a session: an anonymous
 * client cannot make sign-in parse megabytes before its throttle counts anything.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp;
let n = 0;
const nextIp = () => `10.77.3.${++n}`;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TOO_LARGE = { error: { code: 'bad_request', message: 'The request is too large.' } };
/** A route's URL with its parameters filled in (the auth bridge's wildcard as sign-in). */
const concrete = (url: string) => url.replace('*', 'sign-in/email').replace(/:\w+/g, 'x');
/** A JSON text of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => `{"a":"${'x'.repeat(bytes - 8)}"}`;

describe('body limits', () => {
  it('every registered route has a body limit no larger than its documented maximum', () => {
    expect(t.app.routeList.length).toBeGreaterThan(50);
    const over: string[] = [];
    for (const r of t.app.routeList) {
      const limit = t.app.bodyLimits.get(`${r.method} ${r.url}`);
      expect(limit, `${r.method} ${r.url} has no body limit`).toBeTypeOf('number');
      if (limit! > documentedBodyLimit(r.method, r.url)) over.push(`${r.method} ${r.url}: ${limit}`);
    }
    expect(over).toEqual([]);
    // The table names only routes that exist (a renamed route must not keep a stale allowance).
    const registered = new Set(t.app.routeList.map((r) => `${r.method} ${r.url}`));
    const wildcard = new Set(t.app.routeList.map((r) => `* ${r.url}`));
    for (const key of Object.keys(BODY_LIMITS)) expect(registered.has(key) || wildcard.has(key), key).toBe(true);
    // Auth routes read a few KB; only season files (admins' uploads) read megabytes.
    for (const r of t.app.routeList.filter(
      (r) => r.url.startsWith('/api/auth/') || r.url.startsWith('/api/registration/'),
    ))
      expect(t.app.bodyLimits.get(`${r.method} ${r.url}`), r.url).toBeLessThanOrEqual(8 * 1024);
    const large = t.app.routeList.filter((r) => t.app.bodyLimits.get(`${r.method} ${r.url}`)! > 64 * 1024);
    expect(large.every((r) => r.url.startsWith('/api/admin/'))).toBe(true);
    expect(Math.max(...t.app.bodyLimits.values())).toBe(SEASON_FILE_BODY_LIMIT);
    expect(t.app.initialConfig.bodyLimit).toBe(DEFAULT_BODY_LIMIT);
  });

  it('a body one byte over a route’s limit gets 413 on every route that takes one, before its guard', async () => {
    const writes = t.app.routeList.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(writes.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const r of writes) {
      const limit = t.app.bodyLimits.get(`${r.method} ${r.url}`)!;
      // No session cookie: a guarded route answers 413, not 401, so no session was looked up.
      const res = await t.request({
        method: r.method as 'POST',
        url: concrete(r.url),
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: jsonOf(limit + 1),
        remoteAddress: nextIp(),
      });
      if (res.statusCode !== 413 || res.json().error.code !== 'bad_request')
        answers.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it('a 3 KB body to sign-in is refused with 413 before parsing, declared or chunked; a real sign-in passes', async () => {
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const padded = JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD, pad: 'x'.repeat(3 * 1024) });
    const declared = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: padded,
      remoteAddress: nextIp(),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual(TOO_LARGE);
    expect(declared.headers['set-cookie']).toBeUndefined();
    // Not JSON at all: a 413, so the parser never saw it.
    const garbage = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: '{'.repeat(3 * 1024),
      remoteAddress: nextIp(),
    });
    expect(garbage.statusCode).toBe(413);
    // Without a declared length the reader stops at the limit.
    const chunked = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'transfer-encoding': 'chunked' },
      payload: Readable.from([padded.slice(0, 1500), padded.slice(1500)]),
      remoteAddress: nextIp(),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toEqual(TOO_LARGE);

    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: user.email, password: DEFAULT_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('the largest sign-up the form allows fits the auth limit and is answered as usual', async () => {
    const body = signUpBody({
      name: '€'.repeat(NAME_MAX),
      teamName: '€'.repeat(TEAM_NAME_MAX),
      email: `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX - 64 - 1 - 4)}.com`,
      password: '€'.repeat(PASSWORD_MAX),
      // The longest `next` path the contract keeps (512 characters).
      callbackURL: verificationCallback(`/${'x'.repeat(511)}`),
    });
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(AUTH_BODY_LIMIT);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: body,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(SIGN_UP_ANSWER);
  });

  it('a 100 KB body to a normal write is refused and writes nothing; the real payload passes', async () => {
    const player = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const cookie = await buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, player.id, SECRET);
    const league = { name: 'Body Limit League', description: '€'.repeat(500) };
    const big = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie,
      headers: { origin: ORIGIN },
      payload: { ...league, pad: 'x'.repeat(100 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(TOO_LARGE);
    const count = async () =>
      (
        await t.app.deps.db
          .selectFrom('leagues')
          .where('name', '=', league.name)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count())).toBe(0);
    const real = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie,
      headers: { origin: ORIGIN },
      payload: league,
    });
    expect(real.statusCode, real.body).toBe(201);
    expect(Number(await count())).toBe(1);
  });

  it('routes that need more read it: a full contact message, and a 1 MB season file reaches the admin’s parser', async () => {
    const admin = await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { role: 'admin' });
    const cookie = await buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, admin.id, SECRET);
    const contact = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie,
      headers: { origin: ORIGIN },
      remoteAddress: nextIp(),
      payload: { email: 'ada@example.com', message: '€'.repeat(CONTACT_MESSAGE_MAX) },
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/seasons/preview',
      cookie,
      headers: { origin: ORIGIN },
      payload: { fileName: 'big.txt', content: `# Big League 2030/31\n${'x'.repeat(999_000)}` },
    });
    // The parser read it and said what is wrong with it.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, error: expect.stringMatching(/^Line 2: longer than/) });
  });
});
