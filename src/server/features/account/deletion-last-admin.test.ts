import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { DELETE_ONLY_ADMIN } from '../../../contract/account-data.js';

/**
 * The game keeps one verified admin (docs/decisions/0047-account-deletion.md), even when the only
 * two admins delete their accounts at the same moment: the check is made again inside the deleting
 * transaction, under a lock on PostgreSQL, so exactly one deletion goes through and the other is
 * refused with the last-admin answer, keeping everything of that admin.
 */
const ORIGIN = { origin: 'http://localhost:3000' };
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

type Admin = BuiltUser & { cookie: string };
let address = 0;

/** A verified admin with two predictions, a league of their own and a session. */
async function admin(): Promise<Admin> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, { role: 'admin' });
  for (const gameweek of [1, 2]) {
    const f = await buildFixture(db, { kickoffAt: `2025-08-${10 + gameweek}T14:00:00.000Z`, gameweek });
    await buildPrediction(db, { userId: u.id, fixtureId: f.id, homeScore: gameweek, awayScore: 0 });
  }
  const leagueId = `lg-${u.id.slice(0, 8)}`;
  await db
    .insertInto('leagues')
    .values({
      id: leagueId,
      name: `League of ${u.name}`,
      code: u.id.replace(/-/g, '').slice(0, 8).toUpperCase(),
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: u.id,
      createdAt: '2025-07-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values({ leagueId, userId: u.id, joinedAt: '2025-07-01T00:00:00.000Z' })
    .execute();
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}

const remove = (a: Admin) =>
  t.request({
    method: 'POST',
    url: '/api/me/account/delete',
    cookie: a.cookie,
    payload: { password: DEFAULT_PASSWORD },
    headers: ORIGIN,
    remoteAddress: `10.7.0.${++address}`,
  });

async function verifiedAdmins(): Promise<string[]> {
  const { db, handle } = t.app.deps;
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('role', '=', 'admin')
    .where('emailVerified', '=', handle.dialect === 'postgres' ? true : 1)
    .execute();
  return rows.map((r) => r.id);
}

/** What an admin holds: their row, predictions (both seasons), memberships, leagues and credentials. */
async function holdings(a: Admin) {
  const { db } = t.app.deps;
  const ids = async (q: Promise<Record<string, unknown>[]>) => (await q).map((r) => Object.values(r).join()).sort();
  return {
    user: await ids(db.selectFrom('user').select(['id', 'role']).where('id', '=', a.id).execute()),
    predictions: await ids(db.selectFrom('predictions').select('fixtureId').where('userId', '=', a.id).execute()),
    memberships: await ids(db.selectFrom('leagueMembers').select('leagueId').where('userId', '=', a.id).execute()),
    leagues: await ids(db.selectFrom('leagues').select('id').where('creatorId', '=', a.id).execute()),
    credentials: await ids(db.selectFrom('account').select('id').where('userId', '=', a.id).execute()),
  };
}

/** Everything the admin had is still there, and their session still signs them in. */
async function expectIntact(a: Admin, before: Awaited<ReturnType<typeof holdings>>) {
  expect(before.user).toEqual([`${a.id},admin`]);
  expect(before.predictions.length).toBeGreaterThanOrEqual(2);
  expect(before.leagues).toHaveLength(1);
  expect(await holdings(a)).toEqual(before);
  expect((await t.request({ method: 'GET', url: '/api/me', cookie: a.cookie })).statusCode).toBe(200);
}

/** Of two answers to the two admins' deletions, exactly one succeeded; returns who lost. */
function loserOf(pair: [Admin, Admin], answers: { statusCode: number; json(): unknown }[]): Admin {
  expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  const lost = answers.findIndex((r) => r.statusCode === 409);
  expect((answers[lost]!.json() as { error: unknown }).error).toEqual({
    code: 'only_admin',
    message: DELETE_ONLY_ADMIN,
  });
  return pair[lost]!;
}

describe('the last admin, when admins delete their accounts', () => {
  it('one after the other: the first goes, the second is refused and keeps everything', async () => {
    const a = await admin();
    const b = await admin();
    const before = await holdings(b);
    expect((await remove(a)).statusCode).toBe(200);
    const refused = await remove(b);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'only_admin', message: DELETE_ONLY_ADMIN });
    expect(await verifiedAdmins()).toEqual([b.id]);
    await expectIntact(b, before);
  });

  it('both at once: exactly one goes, one admin remains with all their data', async () => {
    // Three rounds: each pair starts together; the password checks let both pass the early check before either deletes.
    for (let round = 0; round < 3; round++) {
      const pair: [Admin, Admin] = [await admin(), await admin()];
      const before = await Promise.all(pair.map(holdings));
      const answers = await Promise.all(pair.map(remove));
      const loser = loserOf(pair, answers);
      expect(await verifiedAdmins()).toEqual([loser.id]);
      await expectIntact(loser, before[pair.indexOf(loser)]!);
      // The survivor steps down so the next round's two are again the only admins.
      await t.app.deps.db.updateTable('user').set({ role: 'player' }).where('id', '=', loser.id).execute();
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'both at once on PostgreSQL, both held inside their transactions until they overlap: exactly one goes',
    async () => {
      const { db } = t.app.deps;
      const pair: [Admin, Admin] = [await admin(), await admin()];
      const before = await Promise.all(pair.map(holdings));
      // Another connection holds the reminder log, which every deletion clears: both deletions get into their
      // transactions and wait there together (each before or at its first write), then are let go at once.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const blocker = db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE "reminderLog" IN EXCLUSIVE MODE`.execute(trx);
        locked();
        await released;
      });
      await holding;
      const answers = Promise.all(pair.map(remove));
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT COUNT(*) AS "n" FROM pg_stat_activity
            WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`.execute(db);
          expect(Number(rows[0]!.n)).toBe(2);
        },
        { timeout: 60_000, interval: 20 },
      );
      release();
      await blocker;
      const loser = loserOf(pair, await answers);
      expect(await verifiedAdmins()).toEqual([loser.id]);
      await expectIntact(loser, before[pair.indexOf(loser)]!);
    },
  );
});
