import { afterEach, describe, expect, it } from 'vitest';
import { accountClient } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Issue 11 item 6: account e-mails (verification, password reset) are genuine mails from us, so
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
  it('carry no user-chosen name, in the text or the HTML part', async () => {
    t = await createTestApp();
    const c = accountClient(t, `10.11.6.${++n}`);
    const { cookie } = await c.signUp({ name: INJECTED, username: 'victim_user', teamName: 'Injected Team', email: 'victim@example.com' });
    expect((await c.post('/api/auth/send-verification-email', { email: 'victim@example.com', callbackURL: '/verified' }, cookie)).statusCode).toBe(200);
    expect((await c.post('/api/auth/request-password-reset', { email: 'victim@example.com', redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mails = await c.mails();
    expect(mails.map((m) => m.subject).sort()).toEqual(['Reset your Scoreline password', 'Verify your Scoreline e-mail address']);
    for (const mail of mails) {
      for (const part of [mail.text, mail.html ?? '']) {
        expect(part).not.toContain('URGENT');
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('victim_user');
        expect(part).not.toContain('Injected Team');
      }
      expect(mail.text).toMatch(/^Hi,|^Welcome to Scoreline!/);
    }
  });
});
