import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { accountClient } from '../test/accounts.js';
import { buildUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Account enumeration (decision 0049): sign-up and "forgot password" give the same answer, byte
 * for byte, whether or not the address has an account, and do the same work before answering
 * (one password hash for every sign-up; every mail leaves after the answer). The owner of an
 * address someone tries to register again is told by mail. Time is never measured: the tests
 * check the structure that makes it equal (what is hashed, what waits for the mail server).
 */
let t: TestApp | undefined;
let n = 0;
const nextIp = () => `10.28.${++n}.1`;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** What a client sees of an answer, with the parts that differ by nature (a cookie's MAC, the date) masked. */
function seen(res: LightMyRequestResponse) {
  const headers = { ...res.headers };
  delete headers.date;
  const cookies = [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).replace(/=\d+\.[A-Za-z0-9_-]{43};/, '=<expiry>.<mac>;'));
  delete headers['set-cookie'];
  return { status: res.statusCode, body: res.body, headers, cookies };
}

describe('sign-up', () => {
  it('answers the same for a new address, one waiting for its owner, and one with an account (in any case)', async () => {
    t = await createTestApp();
    const { db, handle } = t.app.deps;
    await buildUser(db, handle.dialect, { email: 'owner@example.com' });
    const c = accountClient(t, nextIp());
    const fresh = await c.signUp({ email: 'new@example.com', teamName: 'Fresh FC' });
    await c.signUp({ email: 'waiting@example.com', teamName: 'Waiting FC' });
    const waiting = await c.signUp({ email: 'Waiting@Example.com', teamName: 'Waiting Again' });
    const taken = await c.signUp({ email: 'OWNER@example.com', teamName: 'Copycats' });
    expect(seen(fresh.res).cookies).toEqual([
      expect.stringMatching(
        /^scoreline_signup=<expiry>\.<mac>; Path=\/api\/auth; Max-Age=86400; HttpOnly; SameSite=Lax$/,
      ),
    ]);
    expect(seen(waiting.res)).toEqual(seen(fresh.res));
    expect(seen(taken.res)).toEqual(seen(fresh.res));
    // The account is unchanged, and its owner hears that someone tried.
    expect(
      await db.selectFrom('user').select('teamName').where('email', '=', 'owner@example.com').executeTakeFirstOrThrow(),
    ).toEqual({ teamName: expect.stringMatching(/^Team \d+$/) });
    const toOwner = (await c.mails()).filter((m) => m.to === 'owner@example.com');
    expect(toOwner.map((m) => m.subject)).toEqual(['Someone tried to register your Scoreline address']);
    expect(toOwner[0]!.text).toContain('Your address already has an account, so nothing was changed.');
  });

  it('tells the owner at most once an hour, however often someone tries', async () => {
    t = await createTestApp();
    await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { email: 'owner@example.com' });
    const c = accountClient(t, nextIp());
    for (let i = 0; i < 3; i++)
      expect((await c.signUp({ email: 'owner@example.com', teamName: `Copycats ${i}` })).res.statusCode).toBe(200);
    expect((await c.mails()).filter((m) => m.to === 'owner@example.com')).toHaveLength(1);
  });

  it('hashes one password before answering, whichever the address', async () => {
    t = await createTestApp();
    await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { email: 'owner@example.com' });
    const c = accountClient(t, nextIp());
    const { work } = t.app.deps.auth;
    const hashesFor = async (email: string, teamName: string) => {
      const before = work.passwordHashes;
      expect((await c.signUp({ email, teamName })).res.statusCode).toBe(200);
      return work.passwordHashes - before;
    };
    expect(await hashesFor('new@example.com', 'Fresh FC')).toBe(1);
    expect(await hashesFor('new@example.com', 'Fresh Again')).toBe(1);
    expect(await hashesFor('owner@example.com', 'Copycats')).toBe(1);
  });

  it('is limited per client address the same way whether it creates, replaces or leaves an account', async () => {
    t = await createTestApp();
    await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { email: 'owner@example.com' });
    const answers: Record<string, LightMyRequestResponse> = {};
    for (const [kind, email] of [
      ['new', (i: number) => `new${i}@example.com`],
      ['waiting', () => 'waiting@example.com'],
      ['taken', () => 'owner@example.com'],
    ] as const) {
      const c = accountClient(t, nextIp());
      for (let i = 0; i < 5; i++)
        expect((await c.signUp({ email: email(i), teamName: `${kind} team ${i}` })).res.statusCode).toBe(200);
      answers[kind] = (await c.signUp({ email: email(9), teamName: `${kind} team 9` })).res;
    }
    expect(answers.new!.statusCode).toBe(429);
    expect(answers.new!.json().error.code).toBe('rate_limited');
    // The wait counts from each client's first sign-up (real time): compared without its number.
    const shape = (res: LightMyRequestResponse) => {
      const s = seen(res);
      return {
        ...s,
        body: s.body.replace(/\d+ seconds?|a minute/, '<wait>'),
        headers: { ...s.headers, 'retry-after': '<wait>' },
      };
    };
    expect(shape(answers.waiting!)).toEqual(shape(answers.new!));
    expect(shape(answers.taken!)).toEqual(shape(answers.new!));
  });
});

describe('forgot password', () => {
  it('answers the same for an address with an account and one without', async () => {
    t = await createTestApp();
    await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { email: 'owner@example.com' });
    const c = accountClient(t, nextIp());
    const known = await c.post('/api/auth/request-password-reset', {
      email: 'owner@example.com',
      redirectTo: '/reset-password',
    });
    const unknown = await c.post('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });
    expect(seen(known)).toEqual(seen(unknown));
    expect((await c.mails()).map((m) => m.to)).toEqual(['owner@example.com']);
  });
});

/** A real SMTP server that takes each message and holds its reply until released. */
async function holdingMailServer() {
  const held: Array<() => void> = [];
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        held.push(() => callback());
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    releaseAll: () => held.splice(0).forEach((release) => release()),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('account mails leave after the answer', () => {
  it('a mail server that holds every message changes no answer of sign-up or forgot password', async () => {
    const smtp = await holdingMailServer();
    try {
      t = await createTestApp({ env: { SMTP_URL: smtp.url } });
      await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { email: 'owner@example.com' });
      const c = accountClient(t, nextIp());
      // Every answer arrives although no mail has been accepted yet: none of them waited for one.
      const answers = [
        await c.signUp({ email: 'new@example.com', teamName: 'Fresh FC' }),
        await c.signUp({ email: 'owner@example.com', teamName: 'Copycats' }),
      ].map((r) => r.res);
      answers.push(
        await c.post('/api/auth/request-password-reset', { email: 'owner@example.com', redirectTo: '/reset-password' }),
      );
      answers.push(
        await c.post('/api/auth/request-password-reset', {
          email: 'nobody@example.com',
          redirectTo: '/reset-password',
        }),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      // The three mails do reach the server, after the answers, and wait there until released.
      await expect.poll(() => smtp.received(), { timeout: 10_000 }).toBe(3);
      smtp.releaseAll();
      await t.app.deps.auth.accountMail.idle();
    } finally {
      smtp.releaseAll();
      await t?.close();
      t = undefined;
      await smtp.stop();
    }
  });
});
