import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { sessionCookieValue } from './session.js';

/**
 * The session a page asks for on load (`GET /api/auth/get-session`): answered by the server for a
 * visitor and for a verified session not due for its daily extension; Better Auth answers the rest
 * (it extends a session, or answers null to a cookie it does not know, which stays:
 * session-cookie-replaced.test.ts says why).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600 * 1000;
const getSession = (cookie?: string) => t.request({ method: 'GET', url: '/api/auth/get-session', cookie });
const storedExpiry = async (cookie: string) => {
  const token = sessionCookieValue(cookie, false)!.split('.')[0]!;
  const row = await t.app.deps.db
    .selectFrom('session')
    .select('expiresAt')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return new Date(row.expiresAt).getTime();
};

describe('get-session', () => {
  it('a visitor gets null', async () => {
    const res = await getSession();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('a session not due for extension is answered with its player, and nothing about it changes', async () => {
    const { db, handle, config } = t.app.deps;
    const user = await buildUser(db, handle.dialect, { teamName: 'Fresh' });
    const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
    const before = await storedExpiry(cookie);
    for (let i = 0; i < 2; i++) {
      const res = await getSession(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ session: { userId: user.id }, user: { id: user.id, teamName: 'Fresh' } });
      expect(res.headers['set-cookie']).toBeUndefined();
      // The page's script never sees the session's token (the cookie is httpOnly for that reason).
      expect(JSON.stringify(res.json())).not.toContain(sessionCookieValue(cookie, false)!.split('.')[0]!);
    }
    expect(await storedExpiry(cookie)).toBe(before);
  });

  it('a session due for its daily extension is extended by the auth library, with a new cookie', async () => {
    const { db, handle, config } = t.app.deps;
    const user = await buildUser(db, handle.dialect);
    const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
    const token = sessionCookieValue(cookie, false)!.split('.')[0]!;
    // Last extended two days ago: 28 days left.
    const due = new Date(Date.now() + 28 * DAY);
    await db
      .updateTable('session')
      .set({ expiresAt: handle.dialect === 'postgres' ? due : due.toISOString() })
      .where('token', '=', token)
      .execute();
    const res = await getSession(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.id } });
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=/);
    expect(await storedExpiry(cookie)).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('a cookie with a forged signature or of a session that ended gets null', async () => {
    const { db, handle, config } = t.app.deps;
    const user = await buildUser(db, handle.dialect);
    const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
    const forged = cookie.replace(/\.[^.]+$/, '.AAAA');
    expect((await getSession(forged)).json()).toBeNull();
    const token = sessionCookieValue(cookie, false)!.split('.')[0]!;
    await db.deleteFrom('session').where('token', '=', token).execute();
    expect((await getSession(cookie)).json()).toBeNull();
  });
});
