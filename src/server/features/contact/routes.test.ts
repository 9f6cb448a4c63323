import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { freePort } from '../../../../e2e/support/server.js';
import { startSmtpSink } from '../../../../e2e/support/smtp.js';
import {
  CONTACT_PLAIN_ADDRESS_MESSAGE,
  CONTACT_RATE_LIMIT_MESSAGE,
  CONTACT_SUBJECT,
  VISITOR_SENDER,
} from '../../../contract/contact.js';
import { retryDueContactMessages } from './delivery.js';

let t: TestApp;
let smtpPort: number;
let player: BuiltUser & { cookie: string };
let admin: BuiltUser & { cookie: string };

async function signedIn(tApp: TestApp, overrides: Parameters<typeof buildUser>[2] = {}) {
  const { db, handle, config } = tApp.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const rows = () => t.app.deps.db.selectFrom('contactMessages').selectAll().orderBy('createdAt').execute();

beforeAll(async () => {
  // SMTP points at a port nobody listens on: the mail server is down.
  smtpPort = await freePort();
  t = await createTestApp({
    now: '2025-09-01T10:00:00Z',
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SUPPORT_EMAIL: 'help@scoreline.test' },
  });
  player = await signedIn(t, { email: 'fan@example.com', teamName: 'Big Screen FC' });
  admin = await signedIn(t, { role: 'admin' });
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/contact', () => {
  it('checks the fields in the spec’s order and stores nothing invalid', async () => {
    const send = (body: object) =>
      t.request({ method: 'POST', url: '/api/contact', cookie: player.cookie, payload: body });
    const cases: Array<[object, string, string]> = [
      [{ email: '', message: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-address', message: '   ' }, 'message', 'Message is required'],
      [{ email: 'not-an-address', message: 'Hello' }, 'email', 'Please enter a valid email address'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field, message });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a reply address with more than an address in it (mailto injection), and stores nothing', async () => {
    const before = (await rows()).length;
    for (const email of [
      'support@bigcorp.example?cc=attacker%40evil.test&body=Please%20send%20the%20reset%20link',
      'support@bigcorp.example&cc=attacker@evil.test',
      '"Support"<support@bigcorp.example>',
      'a@b.co,attacker.evil.test',
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/contact',
        cookie: player.cookie,
        payload: { email, message: 'Hello' },
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error.field).toBe('email');
      expect([CONTACT_PLAIN_ADDRESS_MESSAGE, 'Please enter a valid email address']).toContain(res.json().error.message);
    }
    const attack = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie: player.cookie,
      payload: { email: 'support@bigcorp.example?cc=attacker%40evil.test&body=hi', message: 'Hello' },
    });
    expect(attack.json().error).toMatchObject({ field: 'email', message: CONTACT_PLAIN_ADDRESS_MESSAGE });
    // A line break inside the address is not an address at all.
    const broken = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie: player.cookie,
      payload: { email: 'a@b.co\r\nBcc: x@evil.test', message: 'Hello' },
    });
    expect(broken.statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('stores the message while SMTP is down, keeps it visible, and delivers it when SMTP returns', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie: player.cookie,
      payload: { email: ' reply-here@example.org ', message: '  The leaderboard looks odd.  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message.status).toBe('failed');

    const [stored] = await rows();
    expect(stored).toMatchObject({
      userId: player.id,
      fromName: 'Big Screen FC',
      accountEmail: 'fan@example.com',
      fromEmail: 'reply-here@example.org',
      toEmail: 'help@scoreline.test',
      subject: CONTACT_SUBJECT,
      message: 'The leaderboard looks odd.',
      status: 'failed',
      attempts: 1,
      sentAt: null,
      nextAttemptAt: '2025-09-01T10:01:00.000Z',
    });
    expect(stored!.lastError).toMatch(/ECONNREFUSED|connect/i);

    // The admin sees it with its delivery state; a player may not.
    const list = await t.request({ method: 'GET', url: '/api/admin/contact-messages', cookie: admin.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().messages).toEqual([
      expect.objectContaining({ id: stored!.id, status: 'failed', attempts: 1, fromEmail: 'reply-here@example.org' }),
    ]);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/contact-messages', cookie: player.cookie })).statusCode,
    ).toBe(403);

    // Still down: the retry backs off (1 minute, then 2).
    t.clock.advance(60_000);
    expect(await retryDueContactMessages(t.app.deps)).toEqual({ tried: 1, sent: 0 });
    expect((await rows())[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      nextAttemptAt: '2025-09-01T10:03:00.000Z',
    });

    const sink = await startSmtpSink({ port: smtpPort });
    try {
      // Not due yet: nothing is tried before the back-off ends.
      expect(await retryDueContactMessages(t.app.deps)).toEqual({ tried: 0, sent: 0 });
      t.clock.advance(2 * 60_000);
      expect(await retryDueContactMessages(t.app.deps)).toEqual({ tried: 1, sent: 1 });
      const mail = await sink.waitFor((m) => m.subject === CONTACT_SUBJECT);
      expect(mail.to).toEqual(['help@scoreline.test']);
      expect(mail.raw).toMatch(/^Reply-To: reply-here@example\.org/m);
      expect(mail.text).toContain('The leaderboard looks odd.');
      expect(mail.text).toContain('From the account: Big Screen FC <fan@example.com> (verified address)');
      expect(mail.text).toContain('Reply to: reply-here@example.org (typed by the sender, not verified)');
      expect((await rows())[0]).toMatchObject({
        status: 'sent',
        attempts: 3,
        sentAt: '2025-09-01T10:03:00.000Z',
        nextAttemptAt: null,
        lastError: null,
      });
      // Sent once only: another run finds nothing to do.
      expect(await retryDueContactMessages(t.app.deps)).toEqual({ tried: 0, sent: 0 });
      expect(sink.mails).toHaveLength(1);

      // With SMTP up, a new message is sent at once.
      const now = await t.request({
        method: 'POST',
        url: '/api/contact',
        cookie: admin.cookie,
        payload: { email: 'boss@example.org', message: 'Second' },
      });
      expect(now.json().message.status).toBe('sent');
      await sink.waitFor((m) => m.text.includes('Second'));
    } finally {
      await sink.stop();
    }
  });

  it('the admin’s retry button sends a failed message now', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie: admin.cookie,
      payload: { email: 'boss@example.org', message: 'Retry me' },
    });
    const id = res.json().message.id as string;
    expect(res.json().message.status).toBe('failed');
    const sink = await startSmtpSink({ port: smtpPort });
    try {
      expect(
        (await t.request({ method: 'POST', url: `/api/admin/contact-messages/${id}/retry`, cookie: player.cookie }))
          .statusCode,
      ).toBe(403);
      const retried = await t.request({
        method: 'POST',
        url: `/api/admin/contact-messages/${id}/retry`,
        cookie: admin.cookie,
      });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().message).toMatchObject({ id, status: 'sent', attempts: 2 });
      await sink.waitFor((m) => m.text.includes('Retry me'));
    } finally {
      await sink.stop();
    }
    expect(
      (await t.request({ method: 'POST', url: '/api/admin/contact-messages/nope/retry', cookie: admin.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it('limits a sender to 5 messages in 10 minutes, with a readable 429', async () => {
    const sender = await signedIn(t);
    // Its own address: this file's app is shared, and addresses have a limit of their own (rate-limits.test.ts).
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/contact',
        cookie: sender.cookie,
        payload: { email: 'a@b.co', message: 'ping' },
        remoteAddress: '10.7.0.1',
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await send()).statusCode).toBe(201);
      t.clock.advance(60_000);
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'rate_limited', message: CONTACT_RATE_LIMIT_MESSAGE });
    const count = await t.app.deps.db
      .selectFrom('contactMessages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', sender.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
    // Another sender is not affected; the first may send again once the oldest leaves the window.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/contact',
          cookie: player.cookie,
          payload: { email: 'a@b.co', message: 'me too' },
          remoteAddress: '10.7.0.2',
        })
      ).statusCode,
    ).toBe(201);
    t.clock.advance(5 * 60_000 + 1);
    expect((await send()).statusCode).toBe(201);
  });

  it('is open to visitors: stored as from a visitor, naming no account, with the same field checks', async () => {
    const visitor = (payload: object) =>
      t.request({ method: 'POST', url: '/api/contact', payload, remoteAddress: '10.9.0.1' });
    // The sender's address is required of a visitor like anyone (there is no account to answer).
    const missing = await visitor({ email: '', message: 'I cannot sign in' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ field: 'email', message: 'Email is required' });
    const res = await visitor({ email: 'locked.out@example.com', message: 'I cannot sign in' });
    expect(res.statusCode).toBe(201);
    const row = (await rows()).find((r) => r.id === res.json().message.id)!;
    expect(row).toMatchObject({
      userId: null,
      fromName: VISITOR_SENDER,
      accountEmail: null,
      fromEmail: 'locked.out@example.com',
      toEmail: 'help@scoreline.test',
    });
  });

  it('names no account whose address is not verified: its sender is a visitor', async () => {
    const unverified = await signedIn(t, { emailVerified: false, email: 'ceo@bigcorp.example' });
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie: unverified.cookie,
      payload: { email: 'ceo@bigcorp.example', message: 'Please reset my account' },
      remoteAddress: '10.9.0.2',
    });
    expect(res.statusCode).toBe(201);
    const row = (await rows()).find((r) => r.id === res.json().message.id)!;
    expect(row).toMatchObject({ userId: null, fromName: VISITOR_SENDER, accountEmail: null });
    expect(
      await t.app.deps.db.selectFrom('contactMessages').select('id').where('userId', '=', unverified.id).execute(),
    ).toEqual([]);
  });

  it('limits visitors by their address: 5 in 10 minutes, while players there are counted as players', async () => {
    const from = (remoteAddress: string, cookie?: string) =>
      t.request({
        method: 'POST',
        url: '/api/contact',
        cookie,
        payload: { email: 'spam@example.com', message: 'Buy now' },
        remoteAddress,
      });
    for (let i = 0; i < 5; i += 1) expect((await from('10.8.0.1')).statusCode).toBe(201);
    const limited = await from('10.8.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many messages from your address\. Please wait /);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected, nor a verified player at the same address.
    expect((await from('10.8.0.2')).statusCode).toBe(201);
    const neighbour = await signedIn(t);
    expect((await from('10.8.0.1', neighbour.cookie)).statusCode).toBe(201);
    expect((await rows()).filter((r) => r.message === 'Buy now' && r.userId === null)).toHaveLength(6);
  });

  it('tells the contact page, visitors too, the configured support address', async () => {
    const res = await t.request({ method: 'GET', url: '/api/contact/info', cookie: player.cookie });
    expect(res.json()).toEqual({ supportEmail: 'help@scoreline.test' });
    const visitor = await t.request({ method: 'GET', url: '/api/contact/info' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ supportEmail: 'help@scoreline.test' });
  });
});

describe('the support address without SUPPORT_EMAIL', () => {
  it('is the first admin’s e-mail, else MAIL_FROM’s address, but the contact page shows neither', async () => {
    const app = await createTestApp({ env: { MAIL_FROM: 'Scoreline <hello@scoreline.example>' } });
    try {
      const p = await signedIn(app);
      expect((await app.request({ method: 'GET', url: '/api/contact/info', cookie: p.cookie })).json()).toEqual({
        supportEmail: null,
      });
      await signedIn(app, { role: 'admin', email: 'first-admin@example.com', createdAt: '2025-01-01T00:00:00.000Z' });
      await signedIn(app, { role: 'admin', email: 'second-admin@example.com', createdAt: '2025-02-01T00:00:00.000Z' });
      // The admin's personal address is never shown to every player and visitor.
      for (const cookie of [p.cookie, undefined]) {
        const info = await app.request({ method: 'GET', url: '/api/contact/info', cookie });
        expect(info.json()).toEqual({ supportEmail: null });
        expect(info.body).not.toContain('first-admin@example.com');
      }
      // Without SMTP the development outbox takes the message: delivered at once.
      const res = await app.request({
        method: 'POST',
        url: '/api/contact',
        cookie: p.cookie,
        payload: { email: 'x@y.zz', message: 'Outbox' },
      });
      expect(res.json().message.status).toBe('sent');
      const mail = await app.app.deps.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('subject', '=', CONTACT_SUBJECT)
        .executeTakeFirstOrThrow();
      expect(mail.to).toBe('first-admin@example.com');
      expect(mail.text).toContain('Outbox');
    } finally {
      await app.close();
    }
  });
});

describe('the mail names the account, never a typed address, as the sender', () => {
  it('says when the reply address is the account’s own, and sends no reply address a stored row could smuggle in', async () => {
    const sink = await startSmtpSink();
    const app = await createTestApp({
      now: '2025-09-01T10:00:00Z',
      env: { SMTP_URL: sink.url, SUPPORT_EMAIL: 'help@scoreline.test' },
    });
    try {
      const fan = await signedIn(app, { email: 'owner@example.com', teamName: 'Owls United' });
      const res = await app.request({
        method: 'POST',
        url: '/api/contact',
        cookie: fan.cookie,
        payload: { email: 'OWNER@example.com', message: 'My own address' },
      });
      expect(res.json().message.status).toBe('sent');
      const mail = await sink.waitFor((m) => m.text.includes('My own address'));
      expect(mail.text).toContain('From the account: Owls United <owner@example.com> (verified address)');
      expect(mail.text).toContain("Reply to: OWNER@example.com (the account's verified address)");
      expect(mail.raw).toMatch(/^Reply-To: OWNER@example\.com\r?$/m);

      // A row written before reply addresses had to be plain (or by hand) is delivered without that Reply-To.
      const attack = 'support@bigcorp.example?cc=attacker%40evil.test&body=hi';
      await app.app.deps.db
        .insertInto('contactMessages')
        .values({
          id: 'old-row',
          userId: null,
          fromName: 'Unknown user',
          fromEmail: attack,
          toEmail: 'help@scoreline.test',
          subject: CONTACT_SUBJECT,
          message: 'Old row',
          status: 'pending',
          attempts: 0,
          lastError: null,
          nextAttemptAt: '2025-09-01T10:00:00.000Z',
          createdAt: '2025-09-01T10:00:00.000Z',
          sentAt: null,
        })
        .execute();
      expect(await retryDueContactMessages(app.app.deps)).toEqual({ tried: 1, sent: 1 });
      const old = await sink.waitFor((m) => m.text.includes('Old row'));
      expect(old.raw).not.toMatch(/^Reply-To:/im);
      expect(old.raw).not.toContain('evil.test>');

      // A visitor is named as one, and the address they typed is marked as nobody's proof.
      const visitor = await app.request({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'owner@example.com', message: 'Visitor pretending' },
      });
      expect(visitor.statusCode).toBe(201);
      const vmail = await sink.waitFor((m) => m.text.includes('Visitor pretending'));
      expect(vmail.text).toContain(`From: ${VISITOR_SENDER}`);
      expect(vmail.text).toContain('Reply to: owner@example.com (not verified)');
      expect(vmail.text).not.toContain('From the account');
    } finally {
      await app.close();
      await sink.stop();
    }
  });
});
