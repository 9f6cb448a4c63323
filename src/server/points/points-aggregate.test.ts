import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, test, vi } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildFixture, OTHER_SEASON, OTHER_SEASON_POINTS, TEST_SEASON } from '../test/factories-season.js';
import { buildUser, buildSessionCookie } from '../test/factories.js';
import { buildPrediction } from '../test/factories-game.js';
import { pointTriggers } from '../test/points.js';
import { turnsDuring } from '../test/event-loop.js';
import type { DB } from '../db/index.js';
import { deleteAccountData } from '../features/account/repository.js';
import { updateGameweek } from '../features/feed/repository.js';
import {
  deleteFixture,
  deleteFixtures,
  importSeasonFixtures,
  seasonFixturePairs,
  updateFixture,
} from '../seasons/fixtures-repository.js';
import { clearResult, rescorePredictions, saveFinalResult } from '../seasons/results-repository.js';
import { POINTS_LOCK_KEY, rescoreFixture } from './points-aggregate.js';

/**
 * The league aggregate (userPoints) follows a result for a match with 10,000 predictions through
 * save, corrections and clearing: every request must succeed, and after each one the aggregate
 * must equal both the stored points and points computed here from the picks. (Timings are the
 * benchmark's business, not this test's.)
 */
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PLAYERS = 10_000;
/** Player k predicts (k mod 3)-(k mod 2). */
const pick = (k: number): [number, number] => [k % 3, k % 2];

/** The scoring rule written out here: 3 for the exact score, 1 for the right outcome. */
function expectedTotal(h: number, a: number): number {
  let sum = 0;
  for (let k = 0; k < PLAYERS; k++) {
    const [ph, pa] = pick(k);
    if (ph === h && pa === a) sum += 3;
    else if (Math.sign(ph - pa) === Math.sign(h - a)) sum += 1;
  }
  return sum;
}

test('userPoints follows a 10,000-prediction result through save, corrections and clearing', async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const f = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const cookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  const ids = Array.from({ length: PLAYERS }, () => crypto.randomUUID());
  const created = new Date().toISOString();
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('user')
      .values(
        ids.slice(i, i + 500).map((id, k) => ({
          id,
          name: 'x',
          email: `${id}@x.co`,
          emailVerified: handle.dialect === 'postgres' ? true : 1,
          image: null,
          createdAt: created,
          updatedAt: created,
          username: `u${i + k}`,
          teamName: null,
          teamNameCreatedAt: null,
          role: 'player' as const,
        })),
      )
      .execute();
    await db
      .insertInto('predictions')
      .values(
        ids.slice(i, i + 500).map((id, k) => ({
          userId: id,
          fixtureId: f.id,
          homeScore: pick(i + k)[0],
          awayScore: pick(i + k)[1],
          predictedAt: '2025-08-10T00:00:00Z',
          points: null,
          outcome: null,
        })),
      )
      .execute();
  }
  const sumIn = async (seasonId: string, gameweek: number) =>
    Number(
      (
        await db
          .selectFrom('userPoints')
          .select((eb) => eb.fn.sum<number>('points').as('s'))
          .where('seasonId', '=', seasonId)
          .where('gameweek', '=', gameweek)
          .executeTakeFirst()
      )?.s ?? 0,
    );
  const sum = (gameweek: number) => sumIn(TEST_SEASON, gameweek);
  const stored = async () =>
    Number(
      (
        await db
          .selectFrom('predictions')
          .select((eb) => eb.fn.sum<number>('points').as('s'))
          .where('fixtureId', '=', f.id)
          .executeTakeFirst()
      )?.s ?? 0,
    );
  // The admin's points in the test world's other season stay what they were throughout.
  const otherSeason = await sumIn(OTHER_SEASON, 0);
  expect(otherSeason).toBe(OTHER_SEASON_POINTS.points);

  for (const [h, a] of [
    [1, 0],
    [2, 1],
    [1, 1],
    [1, 0],
  ] as const) {
    const r = await t.request({
      method: 'PUT',
      url: `/api/admin/results/${f.id}`,
      cookie,
      payload: { homeScore: h, awayScore: a },
    });
    expect(r.statusCode, r.body).toBe(200);
    const expected = expectedTotal(h, a);
    expect(expected).toBeGreaterThan(0);
    expect({ result: `${h}-${a}`, stored: await stored(), overall: await sum(0), gameweek1: await sum(1) }).toEqual({
      result: `${h}-${a}`,
      stored: expected,
      overall: expected,
      gameweek1: expected,
    });
  }

  const cleared = await t.request({ method: 'DELETE', url: `/api/admin/results/${f.id}`, cookie });
  expect(cleared.statusCode, cleared.body).toBe(200);
  expect({ stored: await stored(), overall: await sum(0), gameweek1: await sum(1) }).toEqual({
    stored: 0,
    overall: 0,
    gameweek1: 0,
  });
  const scored = await db
    .selectFrom('predictions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('fixtureId', '=', f.id)
    .where('points', 'is not', null)
    .executeTakeFirst();
  expect(Number(scored?.n)).toBe(0);
  expect(await sumIn(OTHER_SEASON, 0)).toBe(otherSeason);
}, 120_000);

/**
 * The aggregate recomputed here from the stored predictions: season, player and gameweek (0 =
 * season) → [points, exact, difference, outcome, and the same three counts for bankers].
 */
const COUNTED = [
  'points',
  'exact',
  'difference',
  'outcome',
  'bankerExact',
  'bankerDifference',
  'bankerOutcome',
] as const;
async function recount(db: DB) {
  const preds = await db
    .selectFrom('predictions as p')
    .innerJoin('fixtures as f', 'f.id', 'p.fixtureId')
    .select(['p.userId', 'p.points', 'p.tier', 'p.banker', 'f.gameweek', 'f.seasonId'])
    .execute();
  const want = new Map<string, number[]>();
  for (const p of preds) {
    if (p.points === null) continue;
    const tierAt = ['exact', 'difference', 'outcome'].indexOf(p.tier ?? '');
    for (const gw of p.gameweek === null ? [0] : [0, p.gameweek]) {
      const k = `${p.seasonId}:${p.userId}:${gw}`;
      const row = want.get(k) ?? [0, 0, 0, 0, 0, 0, 0];
      row[0]! += p.points;
      if (tierAt >= 0) {
        row[1 + tierAt]! += 1;
        if (p.banker === 1) row[4 + tierAt]! += 1;
      }
      want.set(k, row);
    }
  }
  return want;
}

/** The stored aggregate equals a recount: every row with a scored prediction behind it is there; others are at zero (a cleared result may leave one). */
async function expectExact(db: DB) {
  const want = await recount(db);
  const have = await db.selectFrom('userPoints').selectAll().execute();
  const got = new Map(have.map((r) => [`${r.seasonId}:${r.userId}:${r.gameweek}`, COUNTED.map((c) => Number(r[c]))]));
  for (const [k, v] of want) expect([k, got.get(k)]).toEqual([k, v]);
  for (const [k, v] of got) if (!want.has(k)) expect([k, v]).toEqual([k, [0, 0, 0, 0, 0, 0, 0]]);
}

test('every writer keeps userPoints equal to a recount: results, corrections, clearing, moves, imports, deletions, accounts', async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  const users = [
    await buildUser(db, handle.dialect),
    await buildUser(db, handle.dialect),
    await buildUser(db, handle.dialect),
  ];
  const teams = [
    ['Arsenal FC', 'Chelsea FC'],
    ['Liverpool FC', 'Everton FC'],
    ['Everton FC', 'Arsenal FC'],
    ['Chelsea FC', 'Liverpool FC'],
    ['Arsenal FC', 'Liverpool FC'],
  ] as const;
  const ids = ['P1', 'P2', 'P3', 'P4', 'P5'];
  const gameweeks = [1, 1, 2, null, 3];
  for (const [j, id] of ids.entries())
    await buildFixture(db, { id, homeTeam: teams[j]![0], awayTeam: teams[j]![1], gameweek: gameweeks[j] });
  for (const [i, u] of users.entries()) {
    for (const [j, id] of ids.entries())
      await buildPrediction(db, { userId: u.id, fixtureId: id, homeScore: (i + j) % 3, awayScore: i % 2 });
  }
  // Bankers (set while the picks are open, as the banker route does): their counts must follow every writer too.
  await db
    .updateTable('predictions')
    .set({ banker: 1 })
    .where('userId', '=', users[1]!.id)
    .where('fixtureId', 'in', ['P1', 'P3'])
    .execute();
  await db
    .updateTable('predictions')
    .set({ banker: 1 })
    .where('userId', '=', users[2]!.id)
    .where('fixtureId', '=', 'P5')
    .execute();
  const now = '2025-08-20T12:00:00.000Z';
  const result = async (fixtureId: string, homeScore: number, awayScore: number) => {
    await saveFinalResult(db, fixtureId, { homeScore, awayScore }, now, 'admin');
    await rescorePredictions(db, fixtureId, { homeScore, awayScore });
  };
  await result('P1', 1, 0);
  await result('P3', 2, 1);
  await result('P4', 0, 0);
  await result('P5', 1, 1);
  await expectExact(db);
  // A correction replaces; clearing returns to pending.
  await result('P1', 0, 0);
  await expectExact(db);
  await clearResult(db, 'P3');
  await expectExact(db);
  // Moves to another gameweek: the admin's edit, the feed's round change, a re-import.
  const p1 = await db.selectFrom('fixtures').selectAll().where('id', '=', 'P1').executeTakeFirstOrThrow();
  const { id: _id, seasonId: _s, createdAt: _c, updatedAt: _u, predictionsLockedAt: _l, ...fields } = p1;
  await db.transaction().execute((trx) => updateFixture(trx, 'P1', { ...fields, gameweek: 2 }, now));
  await expectExact(db);
  await db.transaction().execute((trx) => updateGameweek(trx, 'P4', 3, now));
  await expectExact(db);
  const pairs = await seasonFixturePairs(db, TEST_SEASON);
  const rows = [...pairs.values()]
    .filter((f) => ['P1', 'P5'].includes(f.id))
    .map((f) => ({ ...f, seasonId: TEST_SEASON, gameweek: f.id === 'P1' ? 4 : null }));
  const imported = await db
    .transaction()
    .execute((trx) => importSeasonFixtures(trx, TEST_SEASON, rows, now, { updateExisting: true }));
  expect(imported.updated.sort()).toEqual(['P1', 'P5']);
  await expectExact(db);
  // A move that keeps the gameweek moves nothing.
  await db
    .transaction()
    .execute((trx) => updateFixture(trx, 'P1', { ...fields, gameweek: 4, localTime: '17:30' }, now));
  await expectExact(db);
  // Deletions: one fixture, a season's gameweek, a player's account.
  await db.transaction().execute((trx) => deleteFixture(trx, 'P1'));
  await expectExact(db);
  await db.transaction().execute((trx) => deleteFixtures(trx, { seasonId: TEST_SEASON, gameweek: 3 }));
  expect(await db.selectFrom('fixtures').select('id').where('id', 'in', ['P4']).execute()).toEqual([]);
  await expectExact(db);
  const gone = await db
    .selectFrom('user')
    .select(['id', 'email'])
    .where('id', '=', users[0]!.id)
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => deleteAccountData(trx, handle.dialect, gone));
  expect(await db.selectFrom('userPoints').select('userId').where('userId', '=', gone.id).execute()).toEqual([]);
  await expectExact(db);
  // Nothing keeps points but this code: the database has no trigger on predictions or fixtures.
  expect(await pointTriggers(db, handle.dialect)).toEqual([]);
});

test('a result is scored in parts of players, the event loop turning between them on SQLite, exact all the same', async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  const f = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  const users = [];
  for (let i = 0; i < 7; i++) users.push(await buildUser(db, handle.dialect));
  for (const [i, u] of users.entries())
    await buildPrediction(db, { userId: u.id, fixtureId: f.id, homeScore: i % 3, awayScore: i % 2 });
  await db
    .updateTable('predictions')
    .set({ banker: 1 })
    .where('userId', '=', users[4]!.id)
    .where('fixtureId', '=', f.id)
    .execute();
  // Seven players in parts of two: four parts, so the loop turns at least three times on SQLite.
  const now = '2025-08-20T12:00:00.000Z';
  await saveFinalResult(db, f.id, { homeScore: 1, awayScore: 0 }, now, 'admin');
  const saved = await turnsDuring(() =>
    db.transaction().execute((trx) => rescoreFixture(trx, f.id, { homeScore: 1, awayScore: 0 }, { part: 2 })),
  );
  expect(saved.value).toBe(7);
  if (handle.dialect === 'sqlite') expect(saved.turns).toBeGreaterThanOrEqual(3);
  await expectExact(db);
  const stored = await db
    .selectFrom('predictions')
    .select(['userId', 'points'])
    .where('fixtureId', '=', f.id)
    .where('points', 'is', null)
    .execute();
  expect(stored).toEqual([]);
  // A correction and clearing, in parts too.
  await saveFinalResult(db, f.id, { homeScore: 0, awayScore: 0 }, now, 'admin');
  expect(
    await db.transaction().execute((trx) => rescoreFixture(trx, f.id, { homeScore: 0, awayScore: 0 }, { part: 3 })),
  ).toBe(7);
  await expectExact(db);
  expect(await db.transaction().execute((trx) => rescoreFixture(trx, f.id, null, { part: 2 }))).toBe(7);
  await expectExact(db);
});

test('SQLite: a result scored from a request (the poll phase) lets waiting I/O in between its parts', async (ctx) => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  if (handle.dialect !== 'sqlite') return ctx.skip();
  const f = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  for (let i = 0; i < 4; i++) {
    const u = await buildUser(db, handle.dialect);
    await buildPrediction(db, { userId: u.id, fixtureId: f.id, homeScore: i % 3, awayScore: i % 2 });
  }
  await saveFinalResult(db, f.id, { homeScore: 1, awayScore: 0 }, '2025-08-20T12:00:00.000Z', 'admin');
  // Started from an I/O callback, as a request's handler is, with another I/O completion already
  // waiting (a file's stat, finished while this callback held the thread): it must be answered
  // between the two parts (two players each), before the rescoring ends.
  const answeredBetween = await new Promise<boolean>((resolve, reject) =>
    fs.stat(import.meta.filename, () => {
      let answered = false;
      fs.stat(import.meta.filename, () => {
        answered = true;
      });
      const until = performance.now() + 30;
      while (performance.now() < until); // the thread pool finishes the stat meanwhile
      db.transaction()
        .execute((trx) => rescoreFixture(trx, f.id, { homeScore: 1, awayScore: 0 }, { part: 2 }))
        .then(() => resolve(answered), reject);
    }),
  );
  expect(answeredBetween).toBe(true);
  await expectExact(db);
});

test('results saved at the same moment (on matches of one gameweek, and on one match) leave the aggregate exact', async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const cookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  const players = [];
  for (let i = 0; i < 6; i++) players.push(await buildUser(db, handle.dialect));
  const clubs = [
    'Arsenal FC',
    'Chelsea FC',
    'Liverpool FC',
    'Everton FC',
    'Fulham FC',
    'Brentford FC',
    'Burnley FC',
    'Leeds United FC',
  ];
  const fixtures: Array<{ id: string }> = [];
  for (let j = 0; j < 4; j++)
    fixtures.push(await buildFixture(db, { homeTeam: clubs[2 * j], awayTeam: clubs[2 * j + 1], gameweek: 1 }));
  for (const [i, p] of players.entries())
    for (const [j, f] of fixtures.entries())
      await buildPrediction(db, { userId: p.id, fixtureId: f.id, homeScore: (i + j) % 3, awayScore: j % 2 });
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(
      fixtures.map((f, j) =>
        t.request({
          method: 'PUT',
          url: `/api/admin/results/${f.id}`,
          cookie,
          payload: { homeScore: (j + round) % 3, awayScore: round % 2 },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    await expectExact(db);
  }
  // Corrections of one match crossing each other: each rescoring must see the one before it.
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((k) =>
        t.request({
          method: 'PUT',
          url: `/api/admin/results/${fixtures[0]!.id}`,
          cookie,
          payload: { homeScore: (k + round) % 3, awayScore: k % 2 },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    await expectExact(db);
  }
  const cleared = await Promise.all(
    fixtures.map((f) => t.request({ method: 'DELETE', url: `/api/admin/results/${f.id}`, cookie })),
  );
  for (const a of cleared) expect(a.statusCode, a.body).toBe(200);
  await expectExact(db);
});

test('PostgreSQL: every writer of the aggregate waits for the one lock (so writers never interleave)', async (ctx) => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  if (handle.dialect !== 'postgres') return ctx.skip();
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const cookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  const f = await buildFixture(db, { gameweek: 1 });
  const other = await buildFixture(db, { homeTeam: 'Liverpool FC', awayTeam: 'Everton FC', gameweek: 1 });
  await buildPrediction(db, { userId: admin.id, fixtureId: f.id, homeScore: 1, awayScore: 0 });
  const waitingOnLock = async () =>
    Number(
      (
        await sql<{
          n: number;
        }>`SELECT COUNT(*) AS "n" FROM "pg_locks" WHERE "locktype" = 'advisory' AND "objid" = ${POINTS_LOCK_KEY} AND NOT "granted"`.execute(
          db,
        )
      ).rows[0]!.n,
    );
  for (const write of [
    () =>
      t.request({ method: 'PUT', url: `/api/admin/results/${f.id}`, cookie, payload: { homeScore: 1, awayScore: 0 } }),
    () => t.request({ method: 'DELETE', url: `/api/admin/results/${f.id}`, cookie }),
    () => t.request({ method: 'DELETE', url: `/api/admin/fixtures/${other.id}`, cookie }),
  ]) {
    // Another writer holds the lock: the request waits for it, and finishes once it is released.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const holder = db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${POINTS_LOCK_KEY})`.execute(trx);
      holding();
      await released;
    });
    await held;
    let done = false;
    const request = write().then((res) => {
      done = true;
      return res;
    });
    await vi.waitFor(async () => expect(await waitingOnLock()).toBe(1));
    expect(done).toBe(false);
    release();
    await holder;
    expect((await request).statusCode).toBe(200);
  }
  await expectExact(db);
});

test('PostgreSQL: a result writes and locks only the aggregate rows whose counts it moves', async (ctx) => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  if (handle.dialect !== 'postgres') return ctx.skip();
  const f1 = await buildFixture(db, { gameweek: 1 });
  const f2 = await buildFixture(db, { homeTeam: 'Liverpool FC', awayTeam: 'Everton FC', gameweek: 1 });
  const scorer = await buildUser(db, handle.dialect);
  const blank = await buildUser(db, handle.dialect);
  for (const f of [f1, f2]) {
    await buildPrediction(db, { userId: scorer.id, fixtureId: f.id, homeScore: 1, awayScore: 0 });
    await buildPrediction(db, { userId: blank.id, fixtureId: f.id, homeScore: 0, awayScore: 2 });
  }
  const now = '2025-08-20T12:00:00.000Z';
  // The first result gives both players their rows (the blank one at 0 points).
  await saveFinalResult(db, f1.id, { homeScore: 1, awayScore: 0 }, now, 'admin');
  await rescorePredictions(db, f1.id, { homeScore: 1, awayScore: 0 });
  await expectExact(db);
  // The second scores the blank player's pick for the first time, at 0 again: their rows exist
  // and do not move, so the rescoring leaves them alone (no write, no row lock, no WAL for them),
  // while the scorer's rows are updated and stay locked until the commit.
  const other = new pg.Client({ connectionString: handle.url });
  await other.connect();
  const lockable = async (userId: string) => {
    try {
      await other.query('BEGIN');
      await other.query(`SELECT 1 FROM "userPoints" WHERE "seasonId" = $1 AND "userId" = $2 FOR UPDATE NOWAIT`, [
        TEST_SEASON,
        userId,
      ]);
      return true;
    } catch (err) {
      expect((err as { code?: string }).code).toBe('55P03'); // lock_not_available
      return false;
    } finally {
      await other.query('ROLLBACK');
    }
  };
  try {
    await db.transaction().execute(async (trx) => {
      await saveFinalResult(trx, f2.id, { homeScore: 1, awayScore: 0 }, now, 'admin');
      expect(await rescorePredictions(trx, f2.id, { homeScore: 1, awayScore: 0 })).toBe(2);
      expect(await lockable(blank.id)).toBe(true);
      expect(await lockable(scorer.id)).toBe(false);
    });
  } finally {
    await other.end();
  }
  await expectExact(db);
  const blankRows = await db
    .selectFrom('userPoints')
    .select(['gameweek', 'points'])
    .where('seasonId', '=', TEST_SEASON)
    .where('userId', '=', blank.id)
    .execute();
  expect(blankRows.sort((a, b) => a.gameweek - b.gameweek)).toEqual([
    { gameweek: 0, points: 0 },
    { gameweek: 1, points: 0 },
  ]);
});

test('PostgreSQL: a writer of the aggregate runs its statements without JIT compilation, for its own transaction only', async (ctx) => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  if (handle.dialect !== 'postgres') return ctx.skip();
  const f = await buildFixture(db, { gameweek: 1 });
  const u = await buildUser(db, handle.dialect);
  await buildPrediction(db, { userId: u.id, fixtureId: f.id, homeScore: 1, awayScore: 0 });
  const jit = async (executor: DB) => (await sql<{ jit: string }>`SHOW jit`.execute(executor)).rows[0]!.jit;
  const before = await jit(db);
  await db.transaction().execute(async (trx) => {
    await saveFinalResult(trx, f.id, { homeScore: 1, awayScore: 0 }, '2025-08-20T12:00:00.000Z', 'admin');
    await rescorePredictions(trx, f.id, { homeScore: 1, awayScore: 0 });
    expect(await jit(trx)).toBe('off');
  });
  // Other transactions keep the server's setting.
  expect(await db.transaction().execute((trx) => jit(trx))).toBe(before);
  await expectExact(db);
});
