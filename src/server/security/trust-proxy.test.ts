import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { ORIGIN } from '../test/accounts.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { ROUTE_LIMITS } from './limits.js';

/**
 * Behind a reverse proxy every client arrives from the proxy's address. With
 * TRUST_PROXY set, limits key on the forwarded client address; without it, a forwarded header is
 * never believed (anyone could send one).
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const signIn = (app: TestApp, i: number, socket: string, forwardedFor: string) =>
  app.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: `someone-${i}@example.com`, password: 'not-the-password' },
    headers: { origin: ORIGIN, 'x-forwarded-for': forwardedFor },
    remoteAddress: socket,
  });

describe('TRUST_PROXY', () => {
  it('off (the default): a forwarded address is ignored, so one socket address is one client', async () => {
    t = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(t, i, '10.12.0.1', `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toContain(429);
  });

  it('set to a hop count: each forwarded client has its own limits', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    for (let i = 0; i < 12; i++) expect((await signIn(t, i, '10.12.0.2', `198.51.101.${i + 1}`)).statusCode).toBe(401);
    // The same forwarded client is limited as before.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(t, 100 + i, '10.12.0.2', '198.51.101.200')).statusCode);
    expect(statuses).toContain(429);
  });

  it('set to an address list: only those proxies are believed', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.12.0.3, 192.0.2.0/24' } });
    for (let i = 0; i < 12; i++) expect((await signIn(t, i, '192.0.2.9', `198.51.102.${i + 1}`)).statusCode).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signIn(t, 200 + i, '10.12.0.4', `198.51.103.${i + 1}`)).statusCode);
    expect(statuses).toContain(429);
  });

  it('application limits key on the forwarded address too', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const { db, handle } = t.app.deps;
    const perUser = ROUTE_LIMITS.joinByCodePerUser.max;
    const perAddress = ROUTE_LIMITS.joinByCodePerAddress.max;
    const cookies: string[] = [];
    for (let i = 0; i < Math.ceil((perAddress + 5) / perUser); i++)
      cookies.push(await buildSessionCookie(db, handle.dialect, (await buildUser(db, handle.dialect)).id, SECRET));
    for (let i = 0; i < perAddress + 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/leagues/join',
        cookie: cookies[Math.floor(i / perUser)],
        payload: { code: 'ABCDEFGH' },
        headers: { 'x-forwarded-for': `198.51.104.${i + 1}` },
        remoteAddress: '10.12.0.5',
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('accepts a hop count or addresses, and refuses anything else naming the variable', () => {
    expect(loadConfig({ NODE_ENV: 'test', AUTH_SECRET: SECRET }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', AUTH_SECRET: SECRET, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ NODE_ENV: 'test', AUTH_SECRET: SECRET, TRUST_PROXY: '127.0.0.1, ::1 ,10.0.0.0/8' }).TRUST_PROXY,
    ).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
    for (const bad of ['true', 'yes', '0', '-1', '10.0.0.300', '10.0.0.0/40', 'proxy.example']) {
      expect(() => loadConfig({ NODE_ENV: 'test', AUTH_SECRET: SECRET, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'test', AUTH_SECRET: SECRET, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
