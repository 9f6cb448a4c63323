import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { fixtureId } from '../../../game/fixture-id.js';
import type { SeasonMatch } from '../../../game/season.js';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/index.js';
import { builtinMatches } from '../../season-files/test-support.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eventsDelivered } from '../../test/events.js';
import { dropDatabase, freshDatabaseUrl } from '../../test/databases.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildPrediction } from '../../test/factories-game.js';
import { ensureBuiltInSeason } from '../../seasons/seed.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { pollFeeds } from './scheduler.js';

// The results feed end to end through the real app, against a real HTTP server on 127.0.0.1
// serving season files, with faults injected. docs/feed.md.

const SEASON = '2026-27';
const NOW = '2026-11-23T12:00:00.000Z';
const FEED_ENV = { FEED_ALLOW_PRIVATE_ADDRESSES: 'true', FEED_TIMEOUT_SECONDS: '1' };

/** What the server answers per path (tests set it). */
const routes = new Map<string, (res: http.ServerResponse) => void>();
const sockets = new Set<Socket>();
let server: http.Server;
let base: string;

const sendText =
  (body: string | Buffer, type = 'application/json') =>
  (res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

/** The season as an openfootball JSON file, with `edit` applied to its matches. */
function feedFile(edit: (matches: SeasonMatch[]) => SeasonMatch[] = (m) => m): string {
  const matches = edit(builtinMatches(SEASON).map((m) => ({ ...m })));
  return JSON.stringify({
    name: 'English Premier League 2026/27',
    matches: matches.map((m) => ({
      round: `Matchday ${m.round}`,
      date: m.date,
      ...(m.time && !m.postponed ? { time: m.time } : {}),
      team1: m.home,
      team2: m.away,
      ...(m.result ? { score: { ft: m.result } } : {}),
      ...(m.postponed ? { status: 'postponed' } : {}),
    })),
  });
}

const all = builtinMatches(SEASON);
/** A Matchday 3 match: played (kicked off in September), no result in the file yet. */
const PLAYED = all.find((m) => m.round === 3)!;
const PLAYED_ID = fixtureId(PLAYED.home, PLAYED.away, PLAYED.date);
/** Another Matchday 3 match, for the admin's result. */
const ADMIN_MATCH = all.filter((m) => m.round === 3)[1]!;
const ADMIN_ID = fixtureId(ADMIN_MATCH.home, ADMIN_MATCH.away, ADMIN_MATCH.date);
/** A Matchday 13 match, still to come. */
const FUTURE = all.find((m) => m.round === 13)!;
const FUTURE_ID = fixtureId(FUTURE.home, FUTURE.away, FUTURE.date);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const handler = routes.get(req.url ?? '/');
    if (handler) return handler(res);
    res.writeHead(404);
    res.end('not found');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

let t: TestApp;
let admin: BuiltUser;
let adminCookie: string;
let player: BuiltUser;
let playerCookie: string;

async function world(env: Record<string, string> = FEED_ENV) {
  const app = await createTestApp({ now: NOW, env });
  const { db, handle, config } = app.app.deps;
  await db.transaction().execute((trx) => ensureBuiltInSeason(trx, SEASON, new Date(NOW)));
  return { app, db, handle, config };
}

beforeEach(async () => {
  routes.clear();
  const w = await world();
  t = w.app;
  admin = await buildUser(w.db, w.handle.dialect, { role: 'admin' });
  adminCookie = await buildSessionCookie(w.db, w.handle.dialect, admin.id, w.config.AUTH_SECRET);
  player = await buildUser(w.db, w.handle.dialect);
  playerCookie = await buildSessionCookie(w.db, w.handle.dialect, player.id, w.config.AUTH_SECRET);
});
afterEach(async () => {
  await t.close();
});

const setFeed = (feedUrl: string | null, cookie = adminCookie, app = t) =>
  app.request({ method: 'PUT', url: `/api/admin/seasons/${SEASON}/feed`, cookie, payload: { feedUrl } });
const syncNow = (cookie = adminCookie, app = t) =>
  app.request({ method: 'POST', url: `/api/admin/seasons/${SEASON}/feed/sync`, cookie });
const feedState = async () =>
  (await t.request({ method: 'GET', url: `/api/admin/seasons/${SEASON}/feed`, cookie: adminCookie })).json();
const fixture = (id: string) =>
  t.app.deps.db.selectFrom('fixtures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const result = (id: string) =>
  t.app.deps.db.selectFrom('results').selectAll().where('fixtureId', '=', id).executeTakeFirst();
/** Everything a sync may write, to check a failed one wrote nothing. */
const everything = async () => {
  const { db } = t.app.deps;
  const [fixtures, results, predictions, conflicts] = await Promise.all([
    db.selectFrom('fixtures').selectAll().orderBy('id').execute(),
    db.selectFrom('results').selectAll().orderBy('fixtureId').execute(),
    db.selectFrom('predictions').selectAll().orderBy('fixtureId').orderBy('userId').execute(),
    db.selectFrom('feedConflicts').selectAll().orderBy('fixtureId').execute(),
  ]);
  return JSON.stringify({ fixtures, results, predictions, conflicts });
};

describe('sync now', () => {
  test('applies new results (scored in the same transaction) and a moved kick-off (predictions kept, deadline moved); a second run changes nothing', async () => {
    await buildPrediction(t.app.deps.db, { userId: player.id, fixtureId: PLAYED_ID, homeScore: 2, awayScore: 1 });
    await buildPrediction(t.app.deps.db, { userId: player.id, fixtureId: FUTURE_ID, homeScore: 1, awayScore: 1 });
    routes.set(
      '/season.json',
      sendText(
        feedFile((ms) =>
          ms.map((m) => {
            if (m === undefined) return m;
            if (m.home === PLAYED.home && m.away === PLAYED.away) return { ...m, result: [2, 1] as [number, number] };
            if (m.home === FUTURE.home && m.away === FUTURE.away) return { ...m, date: '2026-12-03', time: '19:45' };
            return m;
          }),
        ),
      ),
    );
    expect((await setFeed(`${base}/season.json`)).statusCode).toBe(200);
    const events: LiveEvent[] = [];
    t.app.deps.bus.subscribe((e) => events.push(e));
    const res = await syncNow();
    expect(res.statusCode, res.body).toBe(200);
    const { run } = res.json();
    expect(run).toMatchObject({ outcome: 'changed', message: '1 moved, 1 result.' });
    expect(run.changes).toHaveLength(2);
    expect(await result(PLAYED_ID)).toMatchObject({ homeScore: 2, awayScore: 1, final: 1, source: 'feed' });
    const scored = await t.app.deps.db
      .selectFrom('predictions')
      .select(['fixtureId', 'points', 'outcome'])
      .where('userId', '=', player.id)
      .orderBy('fixtureId')
      .execute();
    expect(scored.find((p) => p.fixtureId === PLAYED_ID)).toMatchObject({ points: 3, outcome: 'exact' });
    // The moved match keeps its id and its prediction; its deadline follows the kick-off.
    expect(await fixture(FUTURE_ID)).toMatchObject({
      localDate: '2026-12-03',
      localTime: '19:45',
      kickoffAt: '2026-12-03T19:45:00.000Z',
      predictionsLockedAt: null,
    });
    expect(scored.find((p) => p.fixtureId === FUTURE_ID)).toMatchObject({ points: null });
    const board = (
      await t.request({
        method: 'GET',
        url: `/api/predictions/board?season=${SEASON}&gameweek=13`,
        cookie: playerCookie,
      })
    ).json();
    expect(board.matches.find((m: { fixture: { id: string } }) => m.fixture.id === FUTURE_ID)).toMatchObject({
      window: 'open',
      prediction: { homeScore: 1, awayScore: 1 },
    });
    // Season totals follow the new result.
    const total = await t.app.deps.db
      .selectFrom('userPoints')
      .select('points')
      .where('seasonId', '=', SEASON)
      .where('gameweek', '=', 0)
      .where('userId', '=', player.id)
      .executeTakeFirst();
    expect(total?.points).toBe(3);

    // Players' screens of that season refresh (published after the commit).
    await eventsDelivered(t.app, events);
    expect(events).toEqual([
      { type: 'fixtures.changed', seasonId: SEASON },
      { type: 'feed.changed', seasonId: SEASON },
    ]);

    const again = (await syncNow()).json().run;
    expect(again).toMatchObject({ outcome: 'unchanged', message: 'No changes.' });
    const state = await feedState();
    expect(state.runs.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'changed']);
  });

  test('every run reaches the admin’s open screens, a scheduled one that changed nothing too', async () => {
    routes.set('/season.json', sendText(feedFile()));
    await setFeed(`${base}/season.json`);
    const events: LiveEvent[] = [];
    t.app.deps.bus.subscribe((e) => events.push(e));
    const settle = () => eventsDelivered(t.app, events);
    expect(await pollFeeds(t.app, 60_000)).toEqual([SEASON]);
    await settle();
    expect((await feedState()).runs[0]).toMatchObject({ outcome: 'unchanged' });
    expect(events).toEqual([{ type: 'feed.changed', seasonId: SEASON }]);

    routes.set('/season.json', (res) => (res.writeHead(503), res.end('down')));
    events.length = 0;
    expect((await syncNow()).json().run).toMatchObject({ outcome: 'failed' });
    await settle();
    expect(events).toEqual([{ type: 'feed.changed', seasonId: SEASON }]);
  });

  test('an admin’s manual kick-off change is not undone by the next run (three-way merge), but a later change by the feed is applied', async () => {
    const file = (date: string, time: string) =>
      sendText(
        feedFile((ms) => ms.map((m) => (m.home === FUTURE.home && m.away === FUTURE.away ? { ...m, date, time } : m))),
      );
    routes.set('/season.json', file(FUTURE.date, FUTURE.time!));
    await setFeed(`${base}/season.json`);
    expect((await syncNow()).json().run.outcome).toBe('unchanged');
    // The admin moves it by hand; the feed still has the old time.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/admin/fixtures/${FUTURE_ID}`,
      cookie: adminCookie,
      payload: { homeTeam: FUTURE.home, awayTeam: FUTURE.away, date: '2026-12-04', time: '20:00' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const kept = (await syncNow()).json().run;
    expect(kept.outcome).toBe('unchanged');
    expect(kept.changes.join('\n')).toContain('kept the kick-off set here (2026-12-04 20:00)');
    expect(await fixture(FUTURE_ID)).toMatchObject({ localDate: '2026-12-04', localTime: '20:00' });
    // Now the feed itself moves it: that is news, and it applies.
    routes.set('/season.json', file('2026-12-05', '17:30'));
    expect((await syncNow()).json().run.outcome).toBe('changed');
    expect(await fixture(FUTURE_ID)).toMatchObject({ localDate: '2026-12-05', localTime: '17:30' });
  });

  test('the admin’s result wins: a different feed score is a conflict, listed until the admin settles it', async () => {
    await buildPrediction(t.app.deps.db, { userId: player.id, fixtureId: ADMIN_ID, homeScore: 2, awayScore: 1 });
    const saved = await t.request({
      method: 'PUT',
      url: `/api/admin/results/${ADMIN_ID}`,
      cookie: adminCookie,
      payload: { homeScore: 2, awayScore: 0 },
    });
    expect(saved.statusCode).toBe(200);
    routes.set(
      '/season.json',
      sendText(
        feedFile((ms) =>
          ms.map((m) =>
            m.home === ADMIN_MATCH.home && m.away === ADMIN_MATCH.away
              ? { ...m, result: [2, 1] as [number, number] }
              : m,
          ),
        ),
      ),
    );
    await setFeed(`${base}/season.json`);
    const run = (await syncNow()).json().run;
    expect(run.outcome).toBe('unchanged');
    expect(run.message).toBe('No changes; 1 conflict for the admin.');
    expect(await result(ADMIN_ID)).toMatchObject({ homeScore: 2, awayScore: 0, source: 'admin' });
    const state = await feedState();
    expect(state.conflicts).toEqual([
      expect.objectContaining({
        fixtureId: ADMIN_ID,
        feed: { homeScore: 2, awayScore: 1 },
        admin: { homeScore: 2, awayScore: 0 },
      }),
    ]);
    const list = (await t.request({ method: 'GET', url: '/api/admin/seasons', cookie: adminCookie })).json();
    expect(list.seasons.find((s: { id: string }) => s.id === SEASON)).toMatchObject({
      openConflicts: 1,
      feedUrl: `${base}/season.json`,
      lastRun: { outcome: 'unchanged' },
    });

    // Another run lists it again, once.
    await syncNow();
    expect((await feedState()).conflicts).toHaveLength(1);
    // The admin takes the feed's score: the result changes and the prediction is rescored.
    const settled = await t.request({
      method: 'POST',
      url: `/api/admin/seasons/${SEASON}/conflicts/${ADMIN_ID}`,
      cookie: adminCookie,
      payload: { keep: 'feed' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().conflicts).toEqual([]);
    expect(await result(ADMIN_ID)).toMatchObject({ homeScore: 2, awayScore: 1, source: 'feed' });
    const p = await t.app.deps.db
      .selectFrom('predictions')
      .select(['points'])
      .where('fixtureId', '=', ADMIN_ID)
      .executeTakeFirstOrThrow();
    expect(p.points).toBe(3);
    // Settled twice is a 404, and a player may not settle at all.
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/admin/seasons/${SEASON}/conflicts/${ADMIN_ID}`,
          cookie: adminCookie,
          payload: { keep: 'admin' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/admin/seasons/${SEASON}/conflicts/${ADMIN_ID}`,
          cookie: playerCookie,
          payload: { keep: 'admin' },
        })
      ).statusCode,
    ).toBe(403);
  });

  test('keeping the admin’s result settles the conflict; the same feed score does not bring it back', async () => {
    await t.request({
      method: 'PUT',
      url: `/api/admin/results/${ADMIN_ID}`,
      cookie: adminCookie,
      payload: { homeScore: 0, awayScore: 0 },
    });
    routes.set(
      '/season.json',
      sendText(
        feedFile((ms) =>
          ms.map((m) =>
            m.home === ADMIN_MATCH.home && m.away === ADMIN_MATCH.away
              ? { ...m, result: [1, 0] as [number, number] }
              : m,
          ),
        ),
      ),
    );
    await setFeed(`${base}/season.json`);
    await syncNow();
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/seasons/${SEASON}/conflicts/${ADMIN_ID}`,
      cookie: adminCookie,
      payload: { keep: 'admin' },
    });
    expect(res.json().conflicts).toEqual([]);
    await syncNow();
    expect((await feedState()).conflicts).toEqual([]);
    expect(await result(ADMIN_ID)).toMatchObject({ homeScore: 0, awayScore: 0, source: 'admin' });
  });

  test('a scored match moved to another gameweek takes its points with it', async () => {
    const { db } = t.app.deps;
    await buildPrediction(db, { userId: player.id, fixtureId: PLAYED_ID, homeScore: 1, awayScore: 0 });
    routes.set(
      '/season.json',
      sendText(
        feedFile((ms) =>
          ms.map((m) =>
            m.home === PLAYED.home && m.away === PLAYED.away ? { ...m, result: [1, 0] as [number, number] } : m,
          ),
        ),
      ),
    );
    await setFeed(`${base}/season.json`);
    await syncNow();
    const points = () =>
      db
        .selectFrom('userPoints')
        .select(['gameweek', 'points'])
        .where('seasonId', '=', SEASON)
        .where('userId', '=', player.id)
        .where('points', '!=', 0)
        .orderBy('gameweek')
        .execute();
    expect(await points()).toEqual([
      { gameweek: 0, points: 3 },
      { gameweek: 3, points: 3 },
    ]);
    routes.set(
      '/season.json',
      sendText(
        feedFile((ms) =>
          ms.map((m) =>
            m.home === PLAYED.home && m.away === PLAYED.away
              ? { ...m, round: 39, result: [1, 0] as [number, number] }
              : m,
          ),
        ),
      ),
    );
    const run = (await syncNow()).json().run;
    expect(run).toMatchObject({ outcome: 'changed', message: '1 round change.' });
    expect(await points()).toEqual([
      { gameweek: 0, points: 3 },
      { gameweek: 39, points: 3 },
    ]);
  });
});

describe('a feed that fails changes nothing and says so', () => {
  const cases: Array<[string, (res: http.ServerResponse) => void, RegExp]> = [
    [
      'garbage',
      sendText('<!doctype html><title>Sign in</title><p>Please sign in', 'text/html'),
      /^The feed could not be used: The feed answered with a web page, not a season file\. Nothing was changed\.$/,
    ],
    [
      'an HTTP error',
      (res) => (res.writeHead(503), res.end('down for maintenance')),
      /^The feed could not be used: .*503.*Nothing was changed\.$/,
    ],
    ['slow beyond the time limit', () => {}, /did not arrive within 1 s/],
    [
      'too large',
      sendText(Buffer.alloc(6 * 1024 * 1024, '#'), 'text/plain'),
      /^The feed could not be used: The feed is larger than 5 MB\. Nothing was changed\.$/,
    ],
    [
      'a partial file',
      sendText(feedFile((ms) => ms.filter((m) => m.round <= 10))),
      /^The file has only 100 of this season's 380 fixtures .*it looks cut short\. Nothing was changed\.$/,
    ],
    [
      'another season',
      sendText(
        feedFile((ms) => ms.map((m) => ({ ...m, date: `${Number(m.date.slice(0, 4)) + 1}${m.date.slice(4)}` }))),
      ),
      /^The file's dates are typically 36\d days after this season's: it looks like another season of the same clubs\. Nothing was changed\.$/,
    ],
  ];
  test.each(cases)('%s', async (_name, handler, message) => {
    routes.set('/season.json', handler);
    await setFeed(`${base}/season.json`);
    const before = await everything();
    const res = await syncNow();
    expect(res.statusCode).toBe(200);
    expect(res.json().run).toMatchObject({ outcome: 'failed', changes: [] });
    expect(res.json().run.message).toMatch(message);
    expect(await everything()).toBe(before);
    expect((await feedState()).runs[0]).toMatchObject({ outcome: 'failed' });
  });

  test('refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await setFeed(`http://127.0.0.1:${port}/season.json`);
    const before = await everything();
    const run = (await syncNow()).json().run;
    expect(run).toMatchObject({ outcome: 'failed' });
    expect(run.message).toMatch(/Nothing was changed\./);
    expect(await everything()).toBe(before);
  });

  test('without FEED_ALLOW_PRIVATE_ADDRESSES a private address is refused when saved, and a redirect to one when fetched', async () => {
    const strict = await world({ FEED_TIMEOUT_SECONDS: '1' });
    try {
      const cookie = await buildSessionCookie(
        strict.db,
        strict.handle.dialect,
        (await buildUser(strict.db, strict.handle.dialect, { role: 'admin' })).id,
        strict.config.AUTH_SECRET,
      );
      for (const url of [`${base}/season.json`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/x']) {
        const res = await setFeed(url, cookie, strict.app);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code).toBe('private_address');
      }
      // A public-looking name that resolves to loopback is caught when fetched.
      await strict.db
        .updateTable('seasons')
        .set({ feedUrl: `http://localhost:${new URL(base).port}/season.json` })
        .where('id', '=', SEASON)
        .execute();
      routes.set('/season.json', sendText(feedFile()));
      const run = (await syncNow(cookie, strict.app)).json().run;
      expect(run.outcome).toBe('failed');
      expect(run.message).toBe(
        'The feed could not be used: The feed address is on a loopback or private network; the server fetches feeds only from public addresses. Nothing was changed.',
      );
    } finally {
      await strict.app.close();
    }
  });
});

describe('feed addresses', () => {
  test.each([
    ['file:///etc/passwd', 'Enter a full address that starts with https:// or http://.'],
    ['javascript:alert(1)', 'Enter a full address that starts with https:// or http://.'],
    ['https://user:pw@example.com/x.json', 'Leave the user name and password out of the address.'],
    [`https://example.com/${'x'.repeat(600)}`, 'The address is too long (at most 500 characters).'],
  ])('%s is refused with a clear error, nothing stored', async (url, message) => {
    const res = await setFeed(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect((await feedState()).feedUrl).toBeNull();
  });

  test('set, cleared; sync without an address is a 409; players are refused', async () => {
    expect((await syncNow()).statusCode).toBe(409);
    expect((await setFeed('https://example.com/season.json')).json().feedUrl).toBe('https://example.com/season.json');
    expect((await setFeed(null)).json().feedUrl).toBeNull();
    expect((await setFeed('https://example.com/a.json', playerCookie)).statusCode).toBe(403);
    expect((await syncNow(playerCookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/admin/seasons/${SEASON}/feed` })).statusCode).toBe(401);
  });

  test('"Sync now" is rate limited per admin (each makes an outgoing request)', async () => {
    for (let i = 0; i < 10; i++) expect((await syncNow()).statusCode).toBe(409);
    const limited = await syncNow();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many syncs\. Please wait/);
  });
});

describe('once across instances', () => {
  test('two apps on one database: one scheduled poll runs, and one sync at a time', async () => {
    const url = await freshDatabaseUrl();
    const ha = openDatabase(url, { poolSize: 5 });
    const hb = openDatabase(url, { poolSize: 5 });
    const a = await createTestApp({ now: NOW, env: FEED_ENV, handle: ha });
    const b = await createTestApp({ now: NOW, env: FEED_ENV, handle: hb, otherSeason: false });
    try {
      await a.app.deps.db.transaction().execute((trx) => ensureBuiltInSeason(trx, SEASON, new Date(NOW)));
      await a.app.deps.db
        .updateTable('seasons')
        .set({ feedUrl: `${base}/slow.json` })
        .where('id', '=', SEASON)
        .execute();
      // A feed that takes a moment, so both instances try while the first is running.
      routes.set('/slow.json', (res) => setTimeout(() => sendText(feedFile())(res), 300));
      const [ranA, ranB] = await Promise.all([pollFeeds(a.app, 60_000), pollFeeds(b.app, 60_000)]);
      expect([...ranA, ...ranB]).toEqual([SEASON]);
      const runs = await a.app.deps.db.selectFrom('feedRuns').selectAll().execute();
      expect(runs).toHaveLength(1);
      // The poll lease holds for the period: the other instance does not poll again now.
      expect(await pollFeeds(ranA.length ? b.app : a.app, 60_000)).toEqual([]);

      const cookieA = await buildSessionCookie(
        a.app.deps.db,
        a.app.deps.handle.dialect,
        (await buildUser(a.app.deps.db, a.app.deps.handle.dialect, { role: 'admin' })).id,
        a.app.deps.config.AUTH_SECRET,
      );
      const [r1, r2] = await Promise.all([syncNow(cookieA, a), syncNow(cookieA, b)]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      expect([r1, r2].find((r) => r.statusCode === 409)!.json().error.code).toBe('sync_running');
    } finally {
      await a.close();
      await b.close();
      await hb.close();
      await dropDatabase(ha);
    }
  });
});

describe('configuration', () => {
  const base = { AUTH_SECRET: 'x'.repeat(40) };
  test('the schedule is off unless FEED_POLL_MINUTES is set; private addresses are refused unless FEED_ALLOW_PRIVATE_ADDRESSES=true', () => {
    const c = loadConfig(base);
    expect(c.FEED_POLL_MINUTES).toBeUndefined();
    expect(c.FEED_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(c.FEED_TIMEOUT_SECONDS).toBe(15);
    expect(loadConfig({ ...base, FEED_POLL_MINUTES: '10', FEED_ALLOW_PRIVATE_ADDRESSES: 'true' })).toMatchObject({
      FEED_POLL_MINUTES: 10,
      FEED_ALLOW_PRIVATE_ADDRESSES: true,
    });
  });
  test.each([
    ['FEED_POLL_MINUTES', '0'],
    ['FEED_POLL_MINUTES', 'often'],
    ['FEED_ALLOW_PRIVATE_ADDRESSES', 'yes'],
    ['FEED_TIMEOUT_SECONDS', '600'],
  ])('%s=%s stops the start with the variable named', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });
});
