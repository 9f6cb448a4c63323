import { createEmailVerificationToken } from 'better-auth/api';
import { afterEach, describe, expect, it } from 'vitest';
import { accountClient, cookieOf } from '../test/accounts.js';
import { buildSessionCookie } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Taking over an address by registering it first (decision 0049): an address belongs to whoever
 * proves it. A registration holds no session; a later sign-up of the same unverified address
 * replaces it; the verification link finishes at once only in the browser that chose the
 * password, and anywhere else the verifier chooses the password. After the proof no session or
 * password from before survives, the admin role goes only to the verifier, and the private
 * calendar and unsubscribe links change. The mail says when and from what, and offers "this
 * wasn't me".
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
let n = 0;
const nextIp = () => `10.27.${++n}.1`;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const row = (app: TestApp, email: string) =>
  app.app.deps.db
    .selectFrom('user')
    .select(['id', 'role', 'emailVerified', 'teamName'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
const tokenOf = (location: unknown) => decodeURIComponent(String(location).split('#confirm=')[1] ?? '');

describe('the attack as written: pre-register the admin’s address, then let the owner verify it', () => {
  it('fails: the owner ends with an account only they can use', async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    const { db, handle } = t.app.deps;
    const attacker = accountClient(t, nextIp());
    const owner = accountClient(t, nextIp());

    // The attacker registers the admin's address with a password of their own…
    const { res, cookie: attackerClaim } = await attacker.signUp({
      email: 'boss@example.com',
      password: 'attacker-password',
      teamName: 'Trojan Horse',
    });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).not.toMatch(/session_token/);
    // …cannot sign in with it while the address waits…
    const early = await attacker.post('/api/auth/sign-in/email', {
      email: 'boss@example.com',
      password: 'attacker-password',
    });
    expect(early.statusCode).toBe(403);
    expect(cookieOf(early)).not.toMatch(/session_token/);
    // …and asks for the genuine mail to be sent again, without a session.
    expect(
      (
        await attacker.post('/api/auth/send-verification-email', {
          email: 'boss@example.com',
          callbackURL: '/verified',
        })
      ).statusCode,
    ).toBe(200);

    // What the release before handed out at sign-up (a session), and what it could read with it.
    const { id } = await row(t, 'boss@example.com');
    const legacy = await buildSessionCookie(db, handle.dialect, id, SECRET);
    const calendar = new URL((await attacker.get('/api/me/calendar', legacy)).json().url as string);
    expect((await attacker.get(calendar.pathname)).statusCode).toBe(200);
    const { unsubscribeToken } = await db
      .selectFrom('userSettings')
      .select('unsubscribeToken')
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();

    // The owner receives the genuine mail and clicks it in their own browser: nothing is verified
    // by the click alone, and they are asked to choose their password.
    const link = await owner.linkIn('boss@example.com', /verify/i);
    const opened = await owner.get(link.pathname + link.search);
    expect(opened.statusCode).toBe(302);
    expect(String(opened.headers.location)).toMatch(/^\/verified#confirm=/);
    expect(cookieOf(opened)).toBe('');
    expect(Boolean((await row(t, 'boss@example.com')).emailVerified)).toBe(false);
    const token = tokenOf(opened.headers.location);
    // The confirm screen shows what the registration holds, so the stranger's team name is visible.
    expect((await owner.post('/api/registration/preview', { token })).json()).toEqual({
      email: 'boss@example.com',
      teamName: 'Trojan Horse',
    });
    const confirmed = await owner.post('/api/registration/confirm', {
      token,
      newPassword: 'owners-own-password',
      teamName: 'The Real Boss',
    });
    expect(confirmed.statusCode).toBe(200);
    const ownerSession = cookieOf(confirmed)
      .split('; ')
      .filter((c) => c.includes('session_token'))
      .join('; ');
    expect(ownerSession).toMatch(/session_token=/);

    // The owner is the admin, with their own team name.
    expect((await owner.me(ownerSession)).json().user).toMatchObject({
      email: 'boss@example.com',
      role: 'admin',
      emailVerified: true,
      teamName: 'The Real Boss',
    });
    expect((await owner.get('/api/admin/overview', ownerSession)).statusCode).toBe(200);
    expect(
      (await owner.post('/api/auth/sign-in/email', { email: 'boss@example.com', password: 'owners-own-password' }))
        .statusCode,
    ).toBe(200);

    // Nothing of the attacker's survives: no session, no password, no private link, no way in by the link.
    expect((await attacker.me(legacy)).statusCode).toBe(401);
    expect(
      (await attacker.post('/api/auth/sign-in/email', { email: 'boss@example.com', password: 'attacker-password' }))
        .statusCode,
    ).toBe(401);
    expect((await attacker.get(calendar.pathname)).statusCode).toBe(404);
    expect((await attacker.get(`/api/reminders/unsubscribe?token=${unsubscribeToken}`)).statusCode).toBe(404);
    const replay = await attacker.get(link.pathname + link.search, attackerClaim);
    expect(cookieOf(replay)).not.toMatch(/session_token/);
    expect(
      (
        await attacker.post('/api/registration/confirm', {
          token,
          newPassword: 'attacker-again-1',
          teamName: 'Trojan Horse',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await owner.post('/api/auth/sign-in/email', { email: 'boss@example.com', password: 'owners-own-password' }))
        .statusCode,
    ).toBe(200);
  });

  it('a second sign-up of the unverified address replaces the first: its password, names and claim stop working', async () => {
    t = await createTestApp();
    const attacker = accountClient(t, nextIp());
    const owner = accountClient(t, nextIp());
    const first = await attacker.signUp({
      email: 'victim@example.com',
      password: 'attacker-password',
      teamName: 'Trojan Horse',
      name: 'Not The Owner',
    });
    const second = await owner.signUp({
      email: 'victim@example.com',
      password: 'owners-own-password',
      teamName: 'Owner United',
      name: 'Vic Owner',
    });
    // The owner's sign-up answers exactly as any other sign-up does.
    expect(second.res.statusCode).toBe(200);
    expect(second.res.body).toBe(first.res.body);
    expect(await row(t, 'victim@example.com')).toMatchObject({ teamName: 'Owner United' });

    const link = await owner.linkIn('victim@example.com', /verify/i);
    // The first claimant's browser no longer finishes the verification by itself.
    const byAttacker = await attacker.get(link.pathname + link.search, first.cookie);
    expect(String(byAttacker.headers.location)).toMatch(/^\/verified#confirm=/);
    expect(cookieOf(byAttacker)).toBe('');
    // The owner's does, with the owner's password.
    const byOwner = await owner.get(link.pathname + link.search, second.cookie);
    expect(byOwner.headers.location).toBe('/verified');
    expect((await owner.me(cookieOf(byOwner))).json().user).toMatchObject({
      email: 'victim@example.com',
      emailVerified: true,
      teamName: 'Owner United',
      name: 'Vic Owner',
    });
    expect(
      (await attacker.post('/api/auth/sign-in/email', { email: 'victim@example.com', password: 'attacker-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await owner.post('/api/auth/sign-in/email', { email: 'victim@example.com', password: 'owners-own-password' }))
        .statusCode,
    ).toBe(200);
  });

  it('a password reset by mail proves the address too: the stranger’s password and sessions end', async () => {
    t = await createTestApp();
    const attacker = accountClient(t, nextIp());
    const owner = accountClient(t, nextIp());
    await attacker.signUp({ email: 'victim@example.com', password: 'attacker-password' });
    const { id } = await row(t, 'victim@example.com');
    const legacy = await buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, id, SECRET);
    expect(
      (
        await owner.post('/api/auth/request-password-reset', {
          email: 'victim@example.com',
          redirectTo: '/reset-password',
        })
      ).statusCode,
    ).toBe(200);
    const resetToken = (await owner.linkIn('victim@example.com', /reset/i)).pathname.split('/').pop();
    expect(
      (await owner.post('/api/auth/reset-password', { newPassword: 'owners-own-password', token: resetToken }))
        .statusCode,
    ).toBe(200);
    expect(Boolean((await row(t, 'victim@example.com')).emailVerified)).toBe(true);
    expect((await attacker.me(legacy)).statusCode).toBe(401);
    expect(
      (await attacker.post('/api/auth/sign-in/email', { email: 'victim@example.com', password: 'attacker-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await owner.post('/api/auth/sign-in/email', { email: 'victim@example.com', password: 'owners-own-password' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the proof ends what came before it', () => {
  it('a session from before the proof ends even when the link is opened in the browser that chose the password', async () => {
    t = await createTestApp();
    const { db, handle } = t.app.deps;
    const c = accountClient(t, nextIp());
    await c.signUp({ email: 'ada@example.com', password: 'ada-own-password' });
    const { id } = await row(t, 'ada@example.com');
    // A session the release before handed out at sign-up.
    const legacy = await buildSessionCookie(db, handle.dialect, id, SECRET);
    expect((await c.me(legacy)).statusCode).toBe(200);
    // The right password in another browser: refused (not verified), but that browser may now finish.
    const signIn = await c.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'ada-own-password' });
    expect(signIn.statusCode).toBe(403);
    const claim = cookieOf(signIn);
    expect(claim).toMatch(/^scoreline_signup=/);
    const link = await c.linkIn('ada@example.com', /verify/i);
    const verified = await c.get(link.pathname + link.search, `${claim}; ${legacy}`);
    expect(verified.headers.location).toBe('/verified');
    const fresh = cookieOf(verified)
      .split('; ')
      .filter((x) => x.includes('session_token'))
      .join('; ');
    expect((await c.me(fresh)).json().user.emailVerified).toBe(true);
    expect(fresh).not.toBe(legacy);
    expect((await c.me(legacy)).statusCode).toBe(401);
  });
});

describe('the confirm screen', () => {
  it('refuses a forged, expired or "this wasn’t me" token and changes nothing', async () => {
    t = await createTestApp();
    const c = accountClient(t, nextIp());
    await c.signUp({ email: 'ada@example.com', password: 'ada-own-password' });
    const expired = await createEmailVerificationToken(SECRET, 'ada@example.com', undefined, -60);
    const foreign = await createEmailVerificationToken(
      'another-secret-another-secret-another-1234',
      'ada@example.com',
      undefined,
      3600,
    );
    const notMe = decodeURIComponent((await c.mails())[0]!.text.match(/#not-me=(\S+)/)![1]!);
    for (const token of ['forged.token.value', expired, foreign, notMe]) {
      const res = await c.post('/api/registration/confirm', {
        token,
        newPassword: 'taken-over-pass',
        teamName: 'Taken Over',
      });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error).toEqual({
        code: 'invalid_link',
        message: 'This link is invalid or has expired. Please ask for a new one.',
      });
      expect((await c.post('/api/registration/preview', { token })).statusCode).toBe(400);
    }
    expect(await row(t, 'ada@example.com')).toMatchObject({ teamName: 'Analytical FC' });
    expect(Boolean((await row(t, 'ada@example.com')).emailVerified)).toBe(false);
  });

  it('asks for a team name nobody else has', async () => {
    t = await createTestApp();
    const c = accountClient(t, nextIp());
    await c.signUpVerified({ email: 'first@example.com', teamName: 'Taken Name' });
    await c.signUp({ email: 'ada@example.com' });
    const link = await c.linkIn('ada@example.com', /verify/i);
    const token = tokenOf((await c.get(link.pathname + link.search)).headers.location);
    const res = await c.post('/api/registration/confirm', {
      token,
      newPassword: 'ada-own-password',
      teamName: 'taken name',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toEqual({ suggestion: 'taken name 2' });
    expect(Boolean((await row(t, 'ada@example.com')).emailVerified)).toBe(false);
  });
});

describe('the verification mail', () => {
  it('offers "this wasn’t me", which deletes the registration while the address is unverified, and only then', async () => {
    t = await createTestApp();
    const attacker = accountClient(t, nextIp());
    const owner = accountClient(t, nextIp());
    await attacker.signUp({ email: 'victim@example.com', password: 'attacker-password' });
    const mail = (await owner.mails()).find((m) => m.to === 'victim@example.com')!;
    const notMe = /This wasn't me: (\S+)/.exec(mail.text)![1]!;
    expect(new URL(notMe).pathname).toBe('/verified');
    const token = decodeURIComponent(new URL(notMe).hash.replace(/^#not-me=/, ''));
    // A verification token is not a "this wasn't me" token.
    const verifyToken = (await owner.linkIn('victim@example.com', /verify/i)).searchParams.get('token');
    expect((await owner.post('/api/registration/cancel', { token: verifyToken })).statusCode).toBe(400);

    expect((await owner.post('/api/registration/cancel', { token })).statusCode).toBe(200);
    expect(
      await t.app.deps.db.selectFrom('user').select('id').where('email', '=', 'victim@example.com').execute(),
    ).toEqual([]);
    expect(
      (await attacker.post('/api/auth/sign-in/email', { email: 'victim@example.com', password: 'attacker-password' }))
        .statusCode,
    ).toBe(401);
    // Pressed twice: still fine, nothing more to do.
    expect((await owner.post('/api/registration/cancel', { token })).statusCode).toBe(200);

    // Once the owner has confirmed their own registration, its "this wasn't me" deletes nothing.
    await owner.signUpVerified({ email: 'victim@example.com', teamName: 'Owner United' });
    const ownMail = (await owner.mails()).find((m) => m.to === 'victim@example.com' && /verify/i.test(m.subject))!;
    const ownToken = decodeURIComponent(/#not-me=(\S+)/.exec(ownMail.text)![1]!);
    const refused = await owner.post('/api/registration/cancel', { token: ownToken });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^This address has been confirmed/);
    expect(
      await t.app.deps.db.selectFrom('user').select('id').where('email', '=', 'victim@example.com').execute(),
    ).toHaveLength(1);
  });
});
