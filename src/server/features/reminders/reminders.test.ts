import { afterEach, describe, expect, test } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createManualClock } from '../../clock.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { dropDatabase, freshDatabaseUrl } from '../../test/databases.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import type { AddressInfo } from 'node:net';
import { runReminders } from './scheduler.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
// Kick-offs on Saturday 16 August 2025; deadlines two hours earlier.
const K1 = '2025-08-16T14:00:00.000Z'; // deadline 12:00Z
const K2 = '2025-08-16T16:30:00.000Z'; // deadline 14:30Z
const DAY_BEFORE = new Date('2025-08-15T15:00:00.000Z'); // 21 h and 23.5 h before the deadlines
const SIX_HOURS_BEFORE = new Date('2025-08-16T07:00:00.000Z'); // 5 h before the first deadline

interface Sink {
  url: string;
  mails: { to: string[]; raw: string }[];
  stop(): Promise<void>;
}

/** A real SMTP server that refuses recipients whose address starts with "bounce". */
async function smtpSink(): Promise<Sink> {
  const mails: Sink['mails'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('bounce')) return cb(new Error('Mailbox unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const source = Buffer.concat(chunks).toString('utf8');
        const [head, ...body] = source.split(/\r?\n\r?\n/);
        // Headers unfolded; the quoted-printable body decoded so links can be matched.
        const decoded = body
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: `${head!.replace(/\r?\n[ \t]+/g, ' ')}\n\n${decoded}`,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setupPlayers(app: FastifyInstance) {
  const { db, handle } = app.deps;
  const f1 = await buildFixture(db, { kickoffAt: K1, homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC' });
  const f2 = await buildFixture(db, { kickoffAt: K2, homeTeam: 'Everton FC', awayTeam: 'Fulham FC' });
  // Not due: a week away, and a postponed match.
  await buildFixture(db, { kickoffAt: '2025-08-23T14:00:00.000Z', homeTeam: 'Burnley FC', awayTeam: 'Brentford FC' });
  await buildFixture(db, {
    kickoffAt: '2025-08-16T15:00:00.000Z',
    homeTeam: 'Leeds United FC',
    awayTeam: 'Wolverhampton Wanderers FC',
    postponed: true,
  });
  const mk = (email: string, extra: Partial<Parameters<typeof buildUser>[2]> = {}) =>
    buildUser(db, handle.dialect, { email, ...extra });
  const none = await mk('none@example.com', { name: 'Nora None' }); // predicted nothing
  const all = await mk('all@example.com'); // predicted both
  const half = await mk('half@example.com'); // predicted the first
  const unverified = await mk('unverified@example.com', { emailVerified: false });
  const off = await mk('off@example.com');
  const six = await mk('six@example.com');
  const both = await mk('both@example.com');
  for (const f of [f1, f2]) await buildPrediction(db, { userId: all.id, fixtureId: f.id });
  await buildPrediction(db, { userId: half.id, fixtureId: f1.id });
  const settings = (id: string, remindersEnabled: number, reminderWindows: string) =>
    db
      .insertInto('userSettings')
      .values({
        userId: id,
        remindersEnabled,
        reminderWindows,
        unsubscribeToken: `u-${id}`,
        calendarToken: `c-${id}`,
        updatedAt: '2025-08-01T00:00:00.000Z',
      })
      .execute();
  await settings(off.id, 0, '24');
  await settings(six.id, 1, '6');
  await settings(both.id, 1, '24,6');
  return { f1, f2, none, all, half, unverified, off, six, both };
}

const recipients = (mails: { to: string[] }[]) => mails.flatMap((m) => m.to).sort();

describe('deadline reminders', () => {
  test('go only to players with unpredicted matches in their window, exactly once, with unsubscribe headers', async () => {
    const sink = await smtpSink();
    cleanups.push(sink.stop);
    const t = await createTestApp({ now: DAY_BEFORE.toISOString(), env: { SMTP_URL: sink.url } });
    cleanups.push(t.close);
    const p = await setupPlayers(t.app);

    expect(await runReminders(t.app, DAY_BEFORE)).toEqual({ sent: 3, failed: 0 });
    expect(recipients(sink.mails)).toEqual(['both@example.com', 'half@example.com', 'none@example.com']);

    const toNone = sink.mails.find((m) => m.to.includes('none@example.com'))!.raw;
    expect(toNone).toMatch(/^Subject: Reminder: 2 matches to predict before the deadline/m);
    expect(toNone).toContain('Hi Nora None,');
    expect(toNone).toContain(
      'Arsenal v Chelsea: kick-off Sat 16 Aug, 15:00, predictions close Sat 16 Aug, 13:00 (UK time)',
    );
    expect(toNone).toContain('Everton v Fulham');
    expect(toNone).not.toContain('Burnley');
    expect(toNone).not.toContain('Leeds');
    expect(toNone).toContain('Make your predictions: http://localhost:3000/predictions');
    const settings = await t.app.deps.db
      .selectFrom('userSettings')
      .selectAll()
      .where('userId', '=', p.none.id)
      .executeTakeFirstOrThrow();
    const unsubscribe = `http://localhost:3000/api/reminders/unsubscribe?token=${settings.unsubscribeToken}`;
    expect(toNone).toContain(`Unsubscribe from reminders: ${unsubscribe}`);
    const headerLines = toNone.split('\n\n')[0]!.split(/\r?\n/);
    expect(headerLines).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(headerLines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const toHalf = sink.mails.find((m) => m.to.includes('half@example.com'))!.raw;
    expect(toHalf).toMatch(/^Subject: Reminder: 1 match to predict before the deadline/m);
    expect(toHalf).toContain('Everton v Fulham');
    expect(toHalf).not.toContain('Arsenal v Chelsea');

    // The scheduler runs again a minute later: nothing new.
    expect(await runReminders(t.app, new Date(DAY_BEFORE.getTime() + 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(sink.mails).toHaveLength(3);

    // Five hours before the first deadline: the 6-hour players get theirs, once; 24-hour-only players get nothing more.
    sink.mails.length = 0;
    expect(await runReminders(t.app, SIX_HOURS_BEFORE)).toEqual({ sent: 2, failed: 0 });
    expect(recipients(sink.mails)).toEqual(['both@example.com', 'six@example.com']);
    expect(await runReminders(t.app, SIX_HOURS_BEFORE)).toEqual({ sent: 0, failed: 0 });

    const log = await t.app.deps.db.selectFrom('reminderLog').selectAll().execute();
    expect(log.every((l) => l.status === 'sent' && l.sentAt !== null)).toBe(true);
  });

  test('a failed send is retried later and never blocks the other players', async () => {
    const sink = await smtpSink();
    cleanups.push(sink.stop);
    const t = await createTestApp({ now: DAY_BEFORE.toISOString(), env: { SMTP_URL: sink.url } });
    cleanups.push(t.close);
    const { db, handle } = t.app.deps;
    await buildFixture(db, { kickoffAt: K1 });
    const bouncing = await buildUser(db, handle.dialect, { email: 'bounce@example.com' });
    await buildUser(db, handle.dialect, { email: 'fine@example.com' });

    expect(await runReminders(t.app, DAY_BEFORE)).toEqual({ sent: 1, failed: 1 });
    expect(recipients(sink.mails)).toEqual(['fine@example.com']);
    const failed = await db
      .selectFrom('reminderLog')
      .selectAll()
      .where('userId', '=', bouncing.id)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'failed', sentAt: null, attempts: 1 });
    expect(failed.lastError).toMatch(/Mailbox unavailable/);

    // The mailbox comes back: the next pass sends it, and only it.
    await db.updateTable('user').set({ email: 'back@example.com' }).where('id', '=', bouncing.id).execute();
    expect(await runReminders(t.app, new Date(DAY_BEFORE.getTime() + 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(recipients(sink.mails)).toEqual(['back@example.com', 'fine@example.com']);
    const retried = await db
      .selectFrom('reminderLog')
      .selectAll()
      .where('userId', '=', bouncing.id)
      .executeTakeFirstOrThrow();
    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });
  });

  test('retries back off: a second failure waits two minutes before the third attempt', async () => {
    const sink = await smtpSink();
    cleanups.push(sink.stop);
    const t = await createTestApp({ now: DAY_BEFORE.toISOString(), env: { SMTP_URL: sink.url } });
    cleanups.push(t.close);
    const { db, handle } = t.app.deps;
    await buildFixture(db, { kickoffAt: K1 });
    await buildUser(db, handle.dialect, { email: 'bounce@example.com' });
    const at = (minutes: number) => new Date(DAY_BEFORE.getTime() + minutes * 60_000);
    expect(await runReminders(t.app, at(0))).toEqual({ sent: 0, failed: 1 });
    expect(await runReminders(t.app, at(0.5))).toEqual({ sent: 0, failed: 0 }); // too soon
    expect(await runReminders(t.app, at(1))).toEqual({ sent: 0, failed: 1 }); // attempt 2
    expect(await runReminders(t.app, at(2))).toEqual({ sent: 0, failed: 0 }); // waits 2 minutes
    expect(await runReminders(t.app, at(3))).toEqual({ sent: 0, failed: 1 }); // attempt 3
    expect((await db.selectFrom('reminderLog').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(3);
  });

  test('a claim left by an instance that died before sending is taken over after ten minutes', async () => {
    const t = await createTestApp({ now: DAY_BEFORE.toISOString() });
    cleanups.push(t.close);
    const { db, handle } = t.app.deps;
    const f = await buildFixture(db, { kickoffAt: K1 });
    const u = await buildUser(db, handle.dialect, { email: 'orphan@example.com' });
    const claimedAt = (minutesAgo: number) => new Date(DAY_BEFORE.getTime() - minutesAgo * 60_000).toISOString();
    await db
      .insertInto('reminderLog')
      .values({
        userId: u.id,
        fixtureId: f.id,
        windowHours: 24,
        status: 'claimed',
        claimedAt: claimedAt(5),
        sentAt: null,
        attempts: 1,
        lastError: null,
      })
      .execute();
    expect(await runReminders(t.app, DAY_BEFORE)).toEqual({ sent: 0, failed: 0 }); // maybe still sending
    await db
      .updateTable('reminderLog')
      .set({ claimedAt: claimedAt(11) })
      .execute();
    expect(await runReminders(t.app, DAY_BEFORE)).toEqual({ sent: 1, failed: 0 });
    expect((await db.selectFrom('mailOutbox').select('to').execute()).map((m) => m.to)).toEqual(['orphan@example.com']);
    expect(await db.selectFrom('reminderLog').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({
      status: 'sent',
      attempts: 2,
    });
  });

  test('two app instances on one database send each reminder once', async () => {
    const url = await freshDatabaseUrl();
    const h1 = openDatabase(url, { poolSize: 5 });
    const h2 = openDatabase(url, { poolSize: 5 });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: SECRET,
      PUBLIC_URL: 'http://localhost:3000',
      SEED_SEASON: 'false',
    });
    const clock = createManualClock(DAY_BEFORE);
    const a1 = await buildApp({ config, clock, handle: h1, logger: false });
    const a2 = await buildApp({ config, clock, handle: h2, logger: false });
    cleanups.push(async () => {
      await a1.close();
      await a2.close();
      await h2.close();
      await dropDatabase(h1);
    });
    await setupPlayers(a1);

    for (let i = 0; i < 3; i++) {
      const runs = await Promise.all([
        runReminders(a1, DAY_BEFORE),
        runReminders(a2, DAY_BEFORE),
        runReminders(a1, DAY_BEFORE),
      ]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(i === 0 ? 3 : 0);
    }
    // Both instances write to the development outbox in the shared database.
    const outbox = await h2.db.selectFrom('mailOutbox').select('to').execute();
    expect(outbox.map((m) => m.to).sort()).toEqual(['both@example.com', 'half@example.com', 'none@example.com']);
  });
});

describe('reminder settings and unsubscribe', () => {
  let t: TestApp;
  let player: BuiltUser;
  let cookie: string;

  async function setup() {
    t = await createTestApp({ now: DAY_BEFORE.toISOString() });
    cleanups.push(() => t.close());
    player = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    cookie = await buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, player.id, SECRET);
  }

  test('defaults to 24 hours; a player chooses 6 hours, both, or off; bad input changes nothing', async () => {
    await setup();
    const get = async () => (await t.request({ method: 'GET', url: '/api/me/settings/reminders', cookie })).json();
    expect(await get()).toEqual({ remindersEnabled: true, windows: [24] });
    const put = (payload: object) => t.request({ method: 'PUT', url: '/api/me/settings/reminders', cookie, payload });
    expect((await put({ remindersEnabled: true, windows: [6, 24] })).json()).toEqual({
      remindersEnabled: true,
      windows: [24, 6],
    });
    expect(await get()).toEqual({ remindersEnabled: true, windows: [24, 6] });
    expect((await put({ remindersEnabled: true, windows: [] })).statusCode).toBe(400);
    expect((await put({ remindersEnabled: true, windows: [12] })).statusCode).toBe(400);
    expect((await put({ windows: [6] })).statusCode).toBe(400);
    expect(await get()).toEqual({ remindersEnabled: true, windows: [24, 6] });
    expect((await put({ remindersEnabled: false, windows: [6] })).statusCode).toBe(200);
    expect(await get()).toEqual({ remindersEnabled: false, windows: [6] });
    expect((await t.request({ method: 'GET', url: '/api/me/settings/reminders' })).statusCode).toBe(401);
  });

  test('opening the link in a reminder changes nothing: it asks, and its button unsubscribes without signing in', async () => {
    await setup();
    await buildFixture(t.app.deps.db, { kickoffAt: K1 });
    expect((await runReminders(t.app, DAY_BEFORE)).sent).toBe(1);
    const mail = await t.app.deps.db.selectFrom('mailOutbox').selectAll().executeTakeFirstOrThrow();
    const link = /Unsubscribe from reminders: (\S+)/.exec(mail.text)![1]!;
    expect(link.startsWith('http://localhost:3000/api/reminders/unsubscribe?token=')).toBe(true);
    const path = link.replace('http://localhost:3000', '');
    const enabled = async () =>
      (await t.request({ method: 'GET', url: '/api/me/settings/reminders', cookie })).json().remindersEnabled;

    // A mail scanner or link preview fetches the link (and again): reminders stay on.
    for (const method of ['GET', 'GET', 'HEAD'] as const) {
      const res = await t.request({ method, url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const confirm = await t.request({ method: 'GET', url: path });
    expect(confirm.body).toContain('<h1>Stop deadline reminders?</h1>');
    expect(confirm.body).not.toContain('You are unsubscribed');
    expect(await enabled()).toBe(true);

    // The page's button posts its form (the same body as RFC 8058) to the link, from our own page.
    const form = /<form method="post" action="([^"]+)">/.exec(confirm.body)![1]!.replace(/&amp;/g, '&');
    expect(form).toBe(path);
    expect(confirm.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(confirm.body).toContain('<button type="submit">Unsubscribe</button>');
    const res = await t.request({
      method: 'POST',
      url: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect(await enabled()).toBe(false);
    // Opening the link again says so, and offers nothing to press.
    const again = await t.request({ method: 'GET', url: path });
    expect(again.body).toContain('<h1>Reminders are off</h1>');
    expect(again.body).not.toContain('<form');

    // A new match in the window: nothing goes to the unsubscribed player.
    await buildFixture(t.app.deps.db, { kickoffAt: K2, homeTeam: 'Everton FC', awayTeam: 'Fulham FC' });
    expect(await runReminders(t.app, DAY_BEFORE)).toEqual({ sent: 0, failed: 0 });

    for (const method of ['GET', 'POST'] as const) {
      const bad = await t.request({ method, url: '/api/reminders/unsubscribe?token=not-a-token' });
      expect(bad.statusCode).toBe(404);
      expect(bad.body).toContain('This unsubscribe link is not valid.');
    }
  });

  test('RFC 8058 one-click POST unsubscribes too', async () => {
    await setup();
    await t.request({
      method: 'PUT',
      url: '/api/me/settings/reminders',
      cookie,
      payload: { remindersEnabled: true, windows: [24] },
    });
    const row = await t.app.deps.db
      .selectFrom('userSettings')
      .selectAll()
      .where('userId', '=', player.id)
      .executeTakeFirstOrThrow();
    const res = await t.request({
      method: 'POST',
      url: `/api/reminders/unsubscribe?token=${row.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.deps.db
      .selectFrom('userSettings')
      .selectAll()
      .where('userId', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(after.remindersEnabled).toBe(0);
  });
});
