import { afterEach, describe, expect, it } from 'vitest';
import { accountClient } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Account e-mails (verification, password reset) are genuine mails from us, so
 * nothing a stranger typed into a form appears in them: a name like "Click http://evil.example"
 * would otherwise be injected into a real message to someone else's mailbox.
 */
let t: TestApp | undefined;
let n = 0;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const INJECTED = 'URGENT call +44 000 evil.example now';

describe('account e-mails', () => {
  it('carry no user-chosen name, in the text or the HTML part (verification, reset, someone tried)', async () => {
    t = await createTestApp();
    const c = accountClient(t, `10.11.6.${++n}`);
    await c.signUp({ name: INJECTED, teamName: 'Injected Team', email: 'victim@example.com' });
    expect(
      (await c.post('/api/auth/request-password-reset', { email: 'victim@example.com', redirectTo: '/reset-password' }))
        .statusCode,
    ).toBe(200);
    // A second sign-up once the address has an account: the owner is told someone tried.
    await t.app.deps.db
      .updateTable('user')
      .set({ emailVerified: t.app.deps.handle.dialect === 'postgres' ? true : 1 })
      .where('email', '=', 'victim@example.com')
      .execute();
    await c.signUp({ name: INJECTED, teamName: 'Injected Again', email: 'victim@example.com' });
    const mails = await c.mails();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reset your Scoreline password',
      'Someone tried to register your Scoreline address',
      'Verify your Scoreline e-mail address',
    ]);
    for (const mail of mails) {
      for (const part of [mail.text, mail.html ?? '']) {
        expect(part).not.toContain('URGENT');
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Injected');
      }
      expect(mail.text).toMatch(/^Hi,|^Welcome to Scoreline!/);
    }
  });
});

describe('what an account mail says about the request behind it', () => {
  it('names the time and the kind of client from a fixed list, never the User-Agent itself', async () => {
    t = await createTestApp({ now: '2026-11-28T17:10:00Z' });
    const c = accountClient(t, `10.11.6.${++n}`);
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0 evil.example';
    await c.post(
      '/api/auth/sign-up/email',
      { name: 'Ada', teamName: 'Analytical FC', email: 'ada@example.com', password: 'kick-off-at-three' },
      undefined,
      { 'user-agent': firefox },
    );
    // Mails leave after the answer: the first is written before the second is asked for, so the outbox's order is theirs.
    expect(await c.mails()).toHaveLength(1);
    await c.post('/api/auth/send-verification-email', { email: 'ada@example.com' }, undefined, {
      'user-agent': 'curl/8.5.0',
    });
    const [resent, first] = await c.mails();
    expect(first!.text).toContain('on Saturday 28 November 2026 at 17:10 UTC, from Firefox on Windows.');
    expect(resent!.text).toContain(
      'on Saturday 28 November 2026 at 17:10 UTC, from a program that is not a web browser.',
    );
    for (const mail of [first!, resent!]) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('curl');
      expect(mail.text).toMatch(/This wasn't me: http:\/\/localhost:3000\/verified#not-me=/);
    }
  });
});
