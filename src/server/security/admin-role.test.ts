import { createEmailVerificationToken } from 'better-auth/api';
import { afterEach, describe, expect, it } from 'vitest';
import { applyAdminEmails } from '../auth/admin-role.js';
import { accountClient, cookieOf } from '../test/accounts.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * The admin role needs a verified address. Registering the admin's address
 * (without being able to read its mail) gives nothing; the guard re-checks verification; in
 * production nobody becomes admin by being the first to verify.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
let n = 0;
const nextIp = () => `10.11.1.${++n}`;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('admin role needs a verified address', () => {
  it('registering an ADMIN_EMAILS address does not make an admin until the address is verified', async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    const c = accountClient(t, nextIp());
    const { res, cookie } = await c.signUp({ email: 'boss@example.com' });
    expect(res.statusCode).toBe(200);
    const row = () =>
      t!.app.deps.db
        .selectFrom('user')
        .select(['role', 'emailVerified'])
        .where('email', '=', 'boss@example.com')
        .executeTakeFirstOrThrow();
    expect((await row()).role).toBe('player');
    // No session to use meanwhile (decision 0049).
    expect((await c.get('/api/admin/overview', cookie)).statusCode).toBe(401);

    // Whoever can read the mailbox verifies it; then (and only then) the role is granted.
    const verified = await c.verify('boss@example.com', cookie);
    expect(verified.statusCode).toBe(302);
    const session = cookieOf(verified);
    expect((await c.me(session)).json().user).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await c.get('/api/admin/overview', session)).statusCode).toBe(200);
  });

  it('the admin guard refuses an admin whose address is not verified', async () => {
    t = await createTestApp();
    const { db, handle } = t.app.deps;
    const admin = await buildUser(db, handle.dialect, { role: 'admin', emailVerified: false });
    const cookie = await buildSessionCookie(db, handle.dialect, admin.id, SECRET);
    const res = await t.request({ method: 'GET', url: '/api/admin/overview', cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/verify your e-mail/i);
  });

  it('the start-up pass grants ADMIN_EMAILS only to verified accounts', async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'one@example.com,two@example.com' } });
    const { db, handle, config } = t.app.deps;
    const unverified = await buildUser(db, handle.dialect, { email: 'one@example.com', emailVerified: false });
    const verified = await buildUser(db, handle.dialect, { email: 'Two@Example.com', emailVerified: true });
    await applyAdminEmails(db, config, t.app.log);
    const roles = await db.selectFrom('user').select(['id', 'role']).execute();
    expect(roles.find((r) => r.id === unverified.id)?.role).toBe('player');
    expect(roles.find((r) => r.id === verified.id)?.role).toBe('admin');
  });

  it('in production the first verified account is not made admin', async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'http://localhost:3000' },
    });
    const c = accountClient(t, nextIp());
    const { res, cookie } = await c.signUp({ email: 'first@example.com' });
    expect(res.statusCode).toBe(200);
    // The link a real mail would carry (production sends it over SMTP), opened where they signed up.
    const token = await createEmailVerificationToken(SECRET, 'first@example.com', undefined, 3600);
    const verified = await c.get(`/api/auth/verify-email?token=${token}&callbackURL=/verified`, cookie);
    expect(verified.statusCode).toBe(302);
    const row = await t.app.deps.db
      .selectFrom('user')
      .select(['role', 'emailVerified'])
      .where('email', '=', 'first@example.com')
      .executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(true);
    expect(row.role).toBe('player');
  });

  it('in development the first verified account still becomes the admin', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
    const c = accountClient(t, nextIp());
    const session = await c.signUpVerified({ email: 'dev@example.com' });
    expect((await c.me(session)).json().user.role).toBe('admin');
  });
});
