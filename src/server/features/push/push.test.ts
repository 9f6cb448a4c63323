import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { runReminders } from '../reminders/scheduler.js';
import { runPushReminders } from './scheduler.js';
import { startPushEvents } from './events.js';
import { buildLeague } from '../../test/factories-league.js';
import { startTestPushService, type FakeDevice, type TestPushService } from './test-push-service.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const KICKOFF = '2025-08-16T14:00:00.000Z'; // deadline 12:00Z (13:00 in London)
const DAY_BEFORE = '2025-08-15T15:00:00.000Z'; // 21 h before the deadline
const HOUR_BEFORE = '2025-08-16T11:10:00.000Z'; // 50 min before
const PUSH_ENV = { PUSH_ALLOW_PRIVATE_ADDRESSES: 'true', PUSH_TIMEOUT_SECONDS: '1' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

interface World {
  t: TestApp;
  push: TestPushService;
  fixtureId: string;
  player(email: string, opts?: { picked?: boolean }): Promise<BuiltUser & { cookie: string }>;
  subscribe(cookie: string, device: FakeDevice): Promise<void>;
  /** A scheduler pass at the clock's time, then the queue drained. */
  pass(): Promise<void>;
  at(iso: string): void;
  mailsTo(email: string): Promise<number>;
}

async function world(env: Record<string, string> = PUSH_ENV, now = DAY_BEFORE): Promise<World> {
  const t = await createTestApp({ now, env });
  cleanups.push(t.close);
  const push = await startTestPushService(t.app.deps.config.VAPID_PUBLIC_KEY);
  cleanups.push(push.stop);
  const { db, handle } = t.app.deps;
  const f = await buildFixture(db, { kickoffAt: KICKOFF, homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC' });
  // A week away: never due in these tests.
  await buildFixture(db, { kickoffAt: '2025-08-23T14:00:00.000Z', homeTeam: 'Burnley FC', awayTeam: 'Brentford FC' });
  return {
    t,
    push,
    fixtureId: f.id,
    async player(email, opts = {}) {
      const u = await buildUser(db, handle.dialect, { email });
      if (opts.picked) await buildPrediction(db, { userId: u.id, fixtureId: f.id, homeScore: 3, awayScore: 1 });
      return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, SECRET) };
    },
    async subscribe(cookie, device) {
      const res = await t.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        cookie,
        payload: device.subscription,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async pass() {
      await runPushReminders(t.app, t.clock.now());
      await t.app.pushQueue.idle();
    },
    at(iso) {
      t.clock.set(iso);
    },
    async mailsTo(email) {
      return (await db.selectFrom('mailOutbox').select('to').where('to', '=', email).execute()).length;
    },
  };
}

describe('push reminders of missing picks, through a local push service', () => {
  test('a missing pick gets exactly one push at 24 h and one at 1 h; a player with every pick in gets none', async () => {
    const w = await world();
    const missing = await w.player('missing@example.com');
    const allIn = await w.player('allin@example.com', { picked: true });
    await w.subscribe(missing.cookie, w.push.device('missing-phone'));
    await w.subscribe(allIn.cookie, w.push.device('allin-phone'));

    await w.pass();
    await w.pass();
    expect(w.push.refused).toEqual([]);
    expect(w.push.received).toEqual([
      {
        device: 'missing-phone',
        payload: {
          title: 'Predictions close tomorrow',
          body: '1 match has no pick yet. Predictions close Sat 16 Aug, 13:00 (UK time).',
          url: '/predictions',
        },
        ttl: '86400',
        urgency: 'normal',
      },
    ]);

    w.at(HOUR_BEFORE);
    await w.pass();
    await w.pass();
    expect(w.push.received.map((r) => [r.device, r.payload.title, r.urgency])).toEqual([
      ['missing-phone', 'Predictions close tomorrow', 'normal'],
      ['missing-phone', 'One hour left to predict', 'high'],
    ]);
    expect(w.push.hits).not.toContain('allin-phone');
    // After the deadline nothing more.
    w.at('2025-08-16T12:00:00.000Z');
    await w.pass();
    expect(w.push.received).toHaveLength(2);
    // The device's last success is recorded; the payload never carried a pick.
    const row = await w.t.app.deps.db
      .selectFrom('pushSubscriptions')
      .selectAll()
      .where('userId', '=', missing.id)
      .executeTakeFirstOrThrow();
    expect(row.lastSuccessAt).toBe(HOUR_BEFORE);
  });

  test('two instances on one database: one push per reminder time', async () => {
    const w = await world();
    const second = await createTestApp({
      now: DAY_BEFORE,
      env: PUSH_ENV,
      handle: w.t.app.deps.handle,
      otherSeason: false,
    });
    cleanups.push(second.close);
    const p = await w.player('twice@example.com');
    await w.subscribe(p.cookie, w.push.device('twice-phone'));
    await Promise.all([runPushReminders(w.t.app, w.t.clock.now()), runPushReminders(second.app, second.clock.now())]);
    await Promise.all([w.t.app.pushQueue.idle(), second.app.pushQueue.idle()]);
    expect(w.push.received).toHaveLength(1);
  });

  test('after unsubscribing (DELETE, only by its owner) nothing more arrives', async () => {
    const w = await world();
    const p = await w.player('leaver@example.com');
    const other = await w.player('other@example.com');
    const phone = w.push.device('leaver-phone');
    await w.subscribe(p.cookie, phone);

    // Another player cannot remove it: it is not theirs.
    const theirs = await w.t.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      cookie: other.cookie,
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(theirs.statusCode).toBe(200);
    expect(await w.t.app.deps.db.selectFrom('pushSubscriptions').select('id').execute()).toHaveLength(1);

    const res = await w.t.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      cookie: p.cookie,
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(res.statusCode).toBe(200);
    await w.pass();
    w.at(HOUR_BEFORE);
    await w.pass();
    expect(w.push.hits).toEqual([]);
    // Without a device the e-mail reminder is theirs again.
    w.at(DAY_BEFORE);
    await runReminders(w.t.app, w.t.clock.now());
    expect(await w.mailsTo('leaver@example.com')).toBe(1);
  });

  test('a push service answering 410 removes the subscription; nothing is sent to it again', async () => {
    const w = await world();
    const p = await w.player('gone@example.com');
    await w.subscribe(p.cookie, w.push.device('gone-phone', 'gone'));
    await w.pass();
    expect(w.push.hits).toEqual(['gone-phone']);
    expect(await w.t.app.deps.db.selectFrom('pushSubscriptions').select('id').execute()).toEqual([]);
    w.at(HOUR_BEFORE);
    await w.pass();
    expect(w.push.hits).toEqual(['gone-phone']);
    expect(w.push.received).toEqual([]);
  });

  test('a dead push service delays nothing else: requests answer, the e-mail reminder of a player without push goes', async () => {
    const w = await world();
    const stuck = await w.player('stuck@example.com');
    const mailOnly = await w.player('mailonly@example.com');
    await w.subscribe(stuck.cookie, w.push.device('stuck-phone', 'hang'));

    const started = Date.now();
    const run = await runPushReminders(w.t.app, w.t.clock.now());
    expect(run.queued).toBe(1);
    // The pass queued the message and returned; the request and the e-mail pass meanwhile are not held up.
    const res = await w.t.request({ method: 'GET', url: '/api/push/preferences', cookie: mailOnly.cookie });
    expect(res.statusCode).toBe(200);
    expect(await runReminders(w.t.app, w.t.clock.now())).toEqual({ sent: 1, failed: 0 });
    expect(await w.mailsTo('mailonly@example.com')).toBe(1);
    expect(Date.now() - started).toBeLessThan(900);
    // The delivery gives up at PUSH_TIMEOUT_SECONDS; the subscription stays (the service may come back).
    await w.t.app.pushQueue.idle();
    expect(w.push.hits).toEqual(['stuck-phone']);
    expect(await w.t.app.deps.db.selectFrom('pushSubscriptions').select('id').execute()).toHaveLength(1);
    const log = await w.t.app.deps.db.selectFrom('pushLog').select(['status']).execute();
    expect(log).toEqual([{ status: 'failed' }]);
    // Its e-mail is not sent while push is the player's channel.
    expect(await w.mailsTo('stuck@example.com')).toBe(0);
  });

  test('the e-mail reminder is not sent when push covers the deadline, unless "also by e-mail"', async () => {
    const w = await world();
    const pushOnly = await w.player('pushonly@example.com');
    const both = await w.player('both@example.com');
    await w.subscribe(pushOnly.cookie, w.push.device('pushonly-phone'));
    await w.subscribe(both.cookie, w.push.device('both-phone'));
    const prefs = await w.t.request({ method: 'GET', url: '/api/push/preferences', cookie: both.cookie });
    const put = await w.t.request({
      method: 'PUT',
      url: '/api/push/preferences',
      cookie: both.cookie,
      payload: { ...prefs.json<Record<string, unknown>>(), devices: undefined, alsoEmail: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ picksMissing: true, alsoEmail: true, devices: 1 });

    await w.pass();
    await runReminders(w.t.app, w.t.clock.now());
    expect(w.push.received.map((r) => r.device).sort()).toEqual(['both-phone', 'pushonly-phone']);
    expect(await w.mailsTo('pushonly@example.com')).toBe(0);
    expect(await w.mailsTo('both@example.com')).toBe(1);
  });

  test('quiet hours hold the 24-hour reminder until they end; the last-chance one goes if none went before', async () => {
    // 15:00Z is 16:00 in London: quiet from 15:00 to 17:00 London time.
    const w = await world();
    const p = await w.player('quiet@example.com');
    const q = await w.player('quiet2@example.com');
    // The first player is quiet 15:00-17:00, the second from 15:00 to 13:00 the next day (London time).
    for (const [u, name, quietEnd] of [
      [p, 'quiet-phone', '17:00'],
      [q, 'quiet2-phone', '13:00'],
    ] as const) {
      await w.subscribe(u.cookie, w.push.device(name));
      const put = await w.t.request({
        method: 'PUT',
        url: '/api/push/preferences',
        cookie: u.cookie,
        payload: {
          picksMissing: true,
          results: false,
          goals: false,
          leagueNews: false,
          alsoEmail: false,
          quietStart: '15:00',
          quietEnd,
          timeZone: 'Europe/London',
        },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    expect((await runPushReminders(w.t.app, w.t.clock.now())).held).toBe(2);
    await w.t.app.pushQueue.idle();
    expect(w.push.received).toEqual([]);
    // Quiet hours end at 16:00Z for the first player: the held reminder goes.
    w.at('2025-08-15T16:00:00.000Z');
    await w.pass();
    expect(w.push.received.map((r) => r.device)).toEqual(['quiet-phone']);
    // 50 minutes before the 13:00 deadline, 12:10 in London: quiet for the second player, who had no push yet, so it goes;
    // the first player's 1-hour reminder is not quiet and goes too.
    w.at(HOUR_BEFORE);
    await w.pass();
    expect(w.push.received.map((r) => `${r.device} ${r.payload.title}`).sort()).toEqual([
      'quiet-phone One hour left to predict',
      'quiet-phone Predictions close tomorrow',
      'quiet2-phone One hour left to predict',
    ]);
  });
});

describe('push subscriptions and their routes', () => {
  test('the public key; a subscription must be https and bounded, and belongs to the session player', async () => {
    const w = await world();
    const key = await w.t.request({ method: 'GET', url: '/api/push/key' });
    expect(key.json()).toEqual({ publicKey: w.t.app.deps.config.VAPID_PUBLIC_KEY });
    const p = await w.player('routes@example.com');
    const phone = w.push.device('routes-phone');
    const post = (payload: unknown, cookie?: string) =>
      w.t.request({ method: 'POST', url: '/api/push/subscriptions', cookie, payload: payload as object });
    expect((await post(phone.subscription)).statusCode).toBe(401);
    expect(
      (
        await post(
          { ...phone.subscription, endpoint: phone.subscription.endpoint.replace('https:', 'http:') },
          p.cookie,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await post({ ...phone.subscription, endpoint: `https://push.example/${'a'.repeat(1100)}` }, p.cookie))
        .statusCode,
    ).toBe(400);
    expect(
      (await post({ ...phone.subscription, keys: { p256dh: 'short', auth: phone.subscription.keys.auth } }, p.cookie))
        .statusCode,
    ).toBe(400);
    // Subscribing never contacts the endpoint.
    expect((await post(phone.subscription, p.cookie)).statusCode).toBe(200);
    expect(w.push.hits).toEqual([]);
    // The same endpoint subscribed by another player moves to them: a device never gets two players' messages.
    const q = await w.player('taker@example.com');
    expect((await post(phone.subscription, q.cookie)).json()).toMatchObject({ devices: 1 });
    const rows = await w.t.app.deps.db.selectFrom('pushSubscriptions').select('userId').execute();
    expect(rows).toEqual([{ userId: q.id }]);
  });

  test('without PUSH_ALLOW_PRIVATE_ADDRESSES a loopback endpoint is never contacted, and is dropped', async () => {
    const w = await world({ PUSH_TIMEOUT_SECONDS: '1' });
    const p = await w.player('private@example.com');
    await w.subscribe(p.cookie, w.push.device('private-phone'));
    await w.pass();
    expect(w.push.hits).toEqual([]);
    expect(await w.t.app.deps.db.selectFrom('pushSubscriptions').select('id').execute()).toEqual([]);
  });

  test('preferences: picks-missing on and the rest off by default; quiet hours need both ends and a zone', async () => {
    const w = await world();
    const p = await w.player('prefs@example.com');
    const get = await w.t.request({ method: 'GET', url: '/api/push/preferences', cookie: p.cookie });
    expect(get.json()).toEqual({
      picksMissing: true,
      results: false,
      goals: false,
      leagueNews: false,
      alsoEmail: false,
      quietStart: null,
      quietEnd: null,
      timeZone: null,
      devices: 0,
    });
    const bad = await w.t.request({
      method: 'PUT',
      url: '/api/push/preferences',
      cookie: p.cookie,
      payload: {
        picksMissing: true,
        results: false,
        goals: false,
        leagueNews: false,
        alsoEmail: false,
        quietStart: '22:00',
        quietEnd: null,
        timeZone: 'Europe/London',
      },
    });
    expect(bad.statusCode).toBe(400);
    const off = await w.t.request({
      method: 'PUT',
      url: '/api/push/preferences',
      cookie: p.cookie,
      payload: {
        picksMissing: false,
        results: true,
        goals: true,
        leagueNews: true,
        alsoEmail: false,
        quietStart: null,
        quietEnd: null,
        timeZone: null,
      },
    });
    expect(off.json()).toMatchObject({ picksMissing: false, results: true });
    // Push reminders off: no push, and the e-mail reminder is theirs again.
    await w.subscribe(p.cookie, w.push.device('prefs-phone'));
    await w.pass();
    expect(w.push.hits).toEqual([]);
    await runReminders(w.t.app, w.t.clock.now());
    expect(await w.mailsTo('prefs@example.com')).toBe(1);
  });
});

describe('league news and goals, for players who turned them on', () => {
  const prefs = (over: Record<string, boolean>) => ({
    picksMissing: false,
    results: false,
    goals: false,
    leagueNews: false,
    alsoEmail: false,
    quietStart: null,
    quietEnd: null,
    timeZone: null,
    ...over,
  });

  test('a new member and a new bonus question reach members with league news on, once; goals reach who picked the match', async () => {
    const w = await world(PUSH_ENV, '2025-08-16T14:30:00.000Z');
    const stop = startPushEvents(w.t.app);
    cleanups.push(stop);
    const { db } = w.t.app.deps;
    const creator = await w.player('creator@example.com', { picked: true });
    const fan = await w.player('fan@example.com');
    const quietOne = await w.player('default@example.com');
    await buildLeague(db, {
      id: 'lg1',
      name: 'Office League',
      code: 'ABCDEFGH',
      creatorId: creator.id,
      members: [creator.id, fan.id, quietOne.id],
    });
    for (const [u, name, p] of [
      [creator, 'creator-phone', prefs({ goals: true, leagueNews: true })],
      [fan, 'fan-phone', prefs({ leagueNews: true, goals: true })],
      [quietOne, 'default-phone', prefs({})],
    ] as const) {
      await w.subscribe(u.cookie, w.push.device(name));
      expect(
        (await w.t.request({ method: 'PUT', url: '/api/push/preferences', cookie: u.cookie, payload: p })).statusCode,
      ).toBe(200);
    }
    const drain = async () => {
      await new Promise((r) => setTimeout(r, 50));
      await stop.idle();
      await w.t.app.pushQueue.idle();
    };

    const newcomer = await w.player('newcomer@example.com');
    await db
      .insertInto('leagueMembers')
      .values({ leagueId: 'lg1', userId: newcomer.id, joinedAt: w.t.clock.nowIso() })
      .execute();
    await w.t.app.deps.bus.publish({ type: 'membership.changed' });
    await w.t.app.deps.bus.publish({ type: 'membership.changed' });
    await drain();
    expect(w.push.received.map((r) => `${r.device}: ${r.payload.title}`).sort()).toEqual([
      'creator-phone: New member in Office League',
      'fan-phone: New member in Office League',
    ]);

    // A bonus question the creator set: the other members with league news on hear of it.
    w.push.received.length = 0;
    const now = w.t.clock.nowIso();
    await db
      .insertInto('leagueQuestions')
      .values({
        id: 'q1',
        leagueId: 'lg1',
        seasonId: TEST_SEASON,
        kind: 'free',
        prompt: 'Who scores most?',
        club: null,
        options: JSON.stringify(['A', 'B']),
        picks: 1,
        points: 5,
        locksAt: '2025-09-01T12:00:00.000Z',
        createdBy: creator.id,
        createdAt: now,
        updatedAt: now,
        correct: null,
        settledBy: null,
        settlerId: null,
        settledAt: null,
        settleNote: null,
      })
      .execute();
    await w.t.app.deps.bus.publish({ type: 'bonus-questions.changed', leagueId: 'lg1' });
    await drain();
    expect(w.push.received.map((r) => `${r.device}: ${r.payload.title}`)).toEqual([
      'fan-phone: New bonus question in Office League',
    ]);

    // A provisional score in the match the creator picked (it kicked off at 14:00).
    w.push.received.length = 0;
    await db
      .insertInto('results')
      .values({
        fixtureId: w.fixtureId,
        homeScore: 1,
        awayScore: 0,
        final: 0,
        source: 'admin',
        updatedAt: w.t.clock.nowIso(),
      })
      .execute();
    await w.t.app.deps.bus.publish({ type: 'live-score.changed', seasonId: '2025-26' });
    await w.t.app.deps.bus.publish({ type: 'live-score.changed', seasonId: '2025-26' });
    await drain();
    expect(w.push.received.map((r) => [r.device, r.payload.body])).toEqual([['creator-phone', 'Arsenal 1–0 Chelsea']]);
    expect(w.push.refused).toEqual([]);
  });
});

describe('gameweek results', () => {
  test('when the last result of a gameweek is in, each player who turned results on hears their points, once', async () => {
    const w = await world(PUSH_ENV, '2025-08-16T16:30:00.000Z');
    const stop = startPushEvents(w.t.app);
    cleanups.push(stop);
    const { db } = w.t.app.deps;
    const keen = await w.player('keen@example.com', { picked: true });
    const off = await w.player('off@example.com', { picked: true });
    await w.subscribe(keen.cookie, w.push.device('keen-phone'));
    await w.subscribe(off.cookie, w.push.device('off-phone'));
    const put = await w.t.request({
      method: 'PUT',
      url: '/api/push/preferences',
      cookie: keen.cookie,
      payload: {
        picksMissing: true,
        results: true,
        goals: false,
        leagueNews: false,
        alsoEmail: false,
        quietStart: null,
        quietEnd: null,
        timeZone: null,
      },
    });
    expect(put.statusCode).toBe(200);
    // The week-later match is in gameweek 2, so gameweek 1 is this one match.
    await db.updateTable('fixtures').set({ gameweek: 2 }).where('id', '!=', w.fixtureId).execute();
    const now = w.t.clock.nowIso();
    await db
      .insertInto('results')
      .values({ fixtureId: w.fixtureId, homeScore: 3, awayScore: 1, final: 1, source: 'admin', updatedAt: now })
      .execute();
    await db
      .insertInto('userPoints')
      .values([keen.id, off.id].map((userId) => ({ seasonId: TEST_SEASON, gameweek: 1, userId, points: 3, exact: 1 })))
      .execute();
    const drain = async () => {
      await new Promise((r) => setTimeout(r, 50));
      await stop.idle();
      await w.t.app.pushQueue.idle();
    };
    await w.t.app.deps.bus.publish({ type: 'results.changed', seasonId: TEST_SEASON });
    await w.t.app.deps.bus.publish({ type: 'results.changed', seasonId: TEST_SEASON });
    await drain();
    expect(w.push.received.map((r) => [r.device, r.payload.title, r.payload.body])).toEqual([
      ['keen-phone', 'Gameweek 1 results are in', 'You scored 3 points.'],
    ]);
  });
});
