import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { ROUTE_LIMITS } from './limits.js';

/**
 * League codes cannot be guessed at speed, leagues cannot be mass-created, and
 * contact and calendar regeneration cannot be hammered. A limited request gets 429 in our error
 * shape with a readable message and Retry-After, and changes nothing.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

async function players(app: TestApp, count: number): Promise<string[]> {
  const { db, handle } = app.app.deps;
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(await buildSessionCookie(db, handle.dialect, (await buildUser(db, handle.dialect)).id, SECRET));
  return out;
}

function expectLimited(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  pattern: RegExp,
) {
  expect(res.statusCode).toBe(429);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toMatch(pattern);
  expect(body.error.message).toMatch(
    /Please wait (a minute|\d+ (seconds?|minutes)|an hour|\d+ hours) and try again\.$/,
  );
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('joining by code', () => {
  it('is limited per player, whichever address the guesses come from', async () => {
    t = await createTestApp();
    const [cookie] = await players(t, 1);
    const max = ROUTE_LIMITS.joinByCodePerUser.max;
    for (let i = 0; i < max; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/leagues/join',
        cookie,
        payload: { code: 'ABCDEFGH' },
        remoteAddress: `10.9.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(404);
    }
    const limited = await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      cookie,
      payload: { code: 'ABCDEFGH' },
      remoteAddress: '10.9.1.1',
    });
    expectLimited(limited, /league codes/i);
  });

  it('is limited per address, however many accounts guess from it', async () => {
    t = await createTestApp();
    const max = ROUTE_LIMITS.joinByCodePerAddress.max;
    const cookies = await players(t, Math.ceil((max + 1) / ROUTE_LIMITS.joinByCodePerUser.max) + 1);
    let last;
    for (let i = 0; i <= max; i++) {
      const cookie = cookies[Math.floor(i / ROUTE_LIMITS.joinByCodePerUser.max)];
      last = await t.request({
        method: 'POST',
        url: '/api/leagues/join',
        cookie,
        payload: { code: 'ABCDEFGH' },
        remoteAddress: '10.9.2.2',
      });
    }
    expectLimited(last!, /league codes/i);
  });
});

describe('joining by code, by the day', () => {
  const join = (cookie: string | undefined, address: string) =>
    t!.request({
      method: 'POST',
      url: '/api/leagues/join',
      cookie,
      payload: { code: 'ABCDEFGH' },
      remoteAddress: address,
    });
  const minute = ROUTE_LIMITS.joinByCodePerUser.windowMs;

  it('is limited per player across the day, whichever addresses and minutes the guesses are spread over', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-08-20T06:00:00Z') });
    t = await createTestApp();
    const [cookie] = await players(t, 1);
    const daily = ROUTE_LIMITS.joinByCodePerUserDaily.max;
    for (let sent = 0; sent < daily;) {
      for (let i = 0; i < ROUTE_LIMITS.joinByCodePerUser.max && sent < daily; i++, sent++)
        expect((await join(cookie, `10.12.${sent >> 8}.${sent & 255}`)).statusCode).toBe(404);
      vi.setSystemTime(Date.now() + minute);
    }
    const limited = await join(cookie, '10.13.0.1');
    expectLimited(limited, /^Too many league codes tried today\. Please wait \d+ hours and try again\.$/);
  });

  it('is limited per address across the day, however many accounts guess from it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-08-20T06:00:00Z') });
    t = await createTestApp();
    const daily = ROUTE_LIMITS.joinByCodePerAddressDaily.max;
    const perPlayer = ROUTE_LIMITS.joinByCodePerUserDaily.max;
    const cookies = await players(t, Math.ceil(daily / perPlayer) + 1);
    for (let sent = 0; sent < daily;) {
      for (let i = 0; i < ROUTE_LIMITS.joinByCodePerUser.max && sent < daily; i++, sent++)
        expect((await join(cookies[Math.floor(sent / perPlayer)], '10.14.0.1')).statusCode).toBe(404);
      vi.setSystemTime(Date.now() + minute);
    }
    const limited = await join(cookies[cookies.length - 1], '10.14.0.1');
    expectLimited(
      limited,
      /^Too many league codes tried from your address today\. Please wait \d+ hours and try again\.$/,
    );
    // Another address is not held back.
    expect((await join(cookies[cookies.length - 1], '10.14.0.2')).statusCode).toBe(404);
  });
});

describe('creating leagues', () => {
  it('is limited per player', async () => {
    t = await createTestApp();
    const [cookie] = await players(t, 1);
    const max = ROUTE_LIMITS.createLeague.max;
    for (let i = 0; i < max; i++)
      expect(
        (await t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name: `L${i}` } })).statusCode,
      ).toBe(201);
    const limited = await t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name: 'One more' } });
    expectLimited(limited, /creating leagues/i);
    expect((await t.app.deps.db.selectFrom('leagues').select('id').execute()).length).toBe(max);
  });
});

describe('the contact form', () => {
  it('is limited per address, across accounts', async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: 'support@example.com' } });
    const max = ROUTE_LIMITS.contactPerAddress.max;
    const cookies = await players(t, max + 1);
    for (let i = 0; i < max; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/contact',
        cookie: cookies[i],
        payload: { email: 'me@example.com', message: `Hello ${i}` },
        remoteAddress: '10.9.3.3',
      });
      expect(res.statusCode).toBe(201);
    }
    const limited = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie: cookies[max],
      payload: { email: 'me@example.com', message: 'One more' },
      remoteAddress: '10.9.3.3',
    });
    expectLimited(limited, /messages/i);
    expect((await t.app.deps.db.selectFrom('contactMessages').select('id').execute()).length).toBe(max);
  });
});

describe('calendar link regeneration', () => {
  it('is limited per player', async () => {
    t = await createTestApp();
    const [cookie] = await players(t, 1);
    const max = ROUTE_LIMITS.calendarRegenerate.max;
    for (let i = 0; i < max; i++)
      expect(
        (await t.request({ method: 'POST', url: '/api/me/calendar/regenerate', cookie, payload: {} })).statusCode,
      ).toBe(200);
    const before = (await t.request({ method: 'GET', url: '/api/me/calendar', cookie })).json().url;
    const limited = await t.request({ method: 'POST', url: '/api/me/calendar/regenerate', cookie, payload: {} });
    expectLimited(limited, /calendar links/i);
    expect((await t.request({ method: 'GET', url: '/api/me/calendar', cookie })).json().url).toBe(before);
  });
});
