import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { NOT_ADMIN, NOT_SIGNED_IN, NOT_VERIFIED } from './guard.js';

/**
 * The one guard (auth/guard.ts) runs before the body is read: whatever a caller sends, the answer
 * to "who are you" comes first. Walks every route the app registers, so a new route is covered
 * the moment it exists.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp;
let cookies: { unverified: string; player: string; unverifiedAdmin: string };

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  const cookieOf = async (o: Parameters<typeof buildUser>[2]) =>
    buildSessionCookie(db, handle.dialect, (await buildUser(db, handle.dialect, o)).id, SECRET);
  cookies = {
    unverified: await cookieOf({ emailVerified: false }),
    player: await cookieOf({}),
    unverifiedAdmin: await cookieOf({ role: 'admin', emailVerified: false }),
  };
});
afterAll(async () => {
  await t?.close();
});

/** A request no route would accept: a param of the wrong type, a query out of range, a body that is not JSON. */
function malformed(method: string, url: string, cookie?: string) {
  const path = url.replace(/:\w+/g, 'not%20a%20number').replace('*', 'anything');
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return t.request({
    method: method as 'POST',
    url: `${path}?gameweek=not-a-number&limit=-5&tz=${'z'.repeat(100)}&page=0`,
    cookie,
    ...(hasBody ? { payload: '{"homeScore": [unclosed', headers: { 'content-type': 'application/json' } } : {}),
  });
}

const routes = (level: string) => () => t.app.routeList.filter((r) => r.auth === level);

describe('the guard runs before validation', () => {
  it('every API route declares who may call it', () => {
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/dev/'));
    expect(api.length).toBeGreaterThan(50);
    for (const r of api) expect(['public', 'user', 'verified', 'admin'], `${r.method} ${r.url}`).toContain(r.auth);
  });

  it('guards the HEAD twin of every GET route that is not public', async () => {
    const closed = t.app.routeList.filter((r) => r.auth !== 'public' && r.method === 'GET');
    expect(closed.length).toBeGreaterThan(20);
    for (const r of closed) {
      const res = await t.request({ method: 'HEAD', url: r.url.replace(/:\w+/g, 'x').replace('*', 'anything') });
      expect(res.statusCode, `HEAD ${r.url}`).toBe(401);
    }
  });

  it('an anonymous malformed request gets 401 on every route that is not public', async () => {
    const closed = t.app.routeList.filter((r) => r.auth !== 'public');
    expect(closed.length).toBeGreaterThan(40);
    for (const r of closed) {
      const res = await malformed(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ error: { code: 'unauthorized', message: NOT_SIGNED_IN } });
    }
  });

  it('an unverified player gets 403 on every route for verified players, whatever they send', async () => {
    const verified = routes('verified')();
    expect(verified.length).toBeGreaterThan(0);
    for (const r of verified) {
      const res = await malformed(r.method, r.url, cookies.unverified);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error.message).toBe(NOT_VERIFIED);
    }
  });

  it('a player gets 403 on every admin route, whatever they send', async () => {
    const admin = routes('admin')();
    expect(admin.length).toBeGreaterThan(15);
    for (const r of admin) {
      const res = await malformed(r.method, r.url, cookies.player);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error.message).toBe(NOT_ADMIN);
    }
  });

  it('an admin whose e-mail is not verified is refused every admin route', async () => {
    for (const r of routes('admin')()) {
      const res = await malformed(r.method, r.url, cookies.unverifiedAdmin);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error.message).toBe(NOT_VERIFIED);
    }
    const overview = await t.request({ method: 'GET', url: '/api/admin/overview', cookie: cookies.unverifiedAdmin });
    expect(overview.statusCode).toBe(403);
  });

  it('a signed-in player with a malformed request gets past the guard to validation (400, not 401)', async () => {
    const res = await malformed('PUT', '/api/me/team-name', cookies.player);
    expect(res.statusCode).toBe(400);
  });
});
