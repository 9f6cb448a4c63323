import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { dropDatabase, freshDatabaseUrl } from '../test/databases.js';
import { accountClient, ORIGIN } from '../test/accounts.js';
import { buildUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { testPasswordHashing } from '../test/password-hashing.js';
import { ACCOUNT_MAILS_PER_RECIPIENT } from '../mail/recipient-cap.js';

/**
 * One address gets at most a few account mails an hour, however many clients ask: the limits per
 * client address cannot see fifteen requests from fifteen IPv6 networks. The requests are
 * answered exactly as before (the answer says nothing about the cap), the mails beyond it are not
 * sent, and the count is kept in the database, so two instances share it.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Client addresses in fifteen different IPv6 /64 networks. */
const network = (i: number) => `2001:db8:${(i + 1).toString(16)}:${(i * 7 + 3).toString(16)}::1`;

const resetRequest = (t: TestApp, email: string, i: number) =>
  t.request({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
    headers: { origin: ORIGIN },
    remoteAddress: network(i),
  });

async function outboxTo(t: TestApp, to: string) {
  await t.app.deps.auth.accountMail.idle();
  return t.app.deps.db.selectFrom('mailOutbox').select(['to', 'subject']).where('to', '=', to).execute();
}

describe('account mails per recipient', () => {
  it('15 reset requests for one address from 15 IPv6 networks: every answer the same, at most the cap mailed', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const owner = await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { email: 'flooded@example.com' });
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await resetRequest(t, owner.email, i));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    const mails = await outboxTo(t, owner.email);
    expect(mails.length).toBe(ACCOUNT_MAILS_PER_RECIPIENT);
    expect(mails.every((m) => /reset/i.test(m.subject))).toBe(true);

    // Another address is not held by it.
    const other = await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { email: 'other@example.com' });
    await resetRequest(t, other.email, 20);
    expect(await outboxTo(t, other.email)).toHaveLength(1);

    // The address's own spelling does not make a second allowance.
    await resetRequest(t, 'FLOODED@Example.com', 21);
    expect(await outboxTo(t, owner.email)).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT);

    // An hour after the window opened the owner can ask again.
    t.clock.set(new Date(t.clock.now().getTime() + 60 * 60_000 + 1000).toISOString());
    await resetRequest(t, owner.email, 22);
    expect(await outboxTo(t, owner.email)).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT + 1);
  });

  it('sign-ups and verification mails count against the same cap', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    for (let i = 0; i < 10; i++) {
      const c = accountClient(t, network(i));
      const { res } = await c.signUp({ email: 'newcomer@example.com', teamName: `Team ${i}` });
      expect(res.statusCode).toBe(200);
      await c.post('/api/auth/send-verification-email', { email: 'newcomer@example.com', callbackURL: '/verified' });
    }
    expect(await outboxTo(t, 'newcomer@example.com')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT);
  });

  it('two instances on one database share the count', async () => {
    const url = await freshDatabaseUrl();
    const h1 = openDatabase(url, { poolSize: 5 });
    const h2 = openDatabase(url, { poolSize: 5 });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_SEASON: 'false',
    });
    const clock = createManualClock('2025-08-01T12:00:00Z');
    const build = (handle: typeof h1) =>
      buildApp({ config, clock, handle, logger: false, passwordHashing: testPasswordHashing });
    const a1 = await build(h1);
    const a2 = await build(h2);
    cleanups.push(async () => {
      await a1.close();
      await a2.close();
      await h2.close();
      await dropDatabase(h1);
    });
    await buildUser(h1.db, h1.dialect, { email: 'shared@example.com' });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? a1 : a2).inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email: 'shared@example.com', redirectTo: '/reset-password' },
          headers: { origin: ORIGIN },
          remoteAddress: network(i),
        }),
      ),
    );
    await a1.deps.auth.accountMail.idle();
    await a2.deps.auth.accountMail.idle();
    const sent = await h1.db.selectFrom('mailOutbox').select('to').where('to', '=', 'shared@example.com').execute();
    expect(sent).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT);
  });
});
