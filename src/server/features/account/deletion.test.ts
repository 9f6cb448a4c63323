import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD, type BuiltUser } from '../../test/factories.js';
import { buildFixture, OTHER_SEASON, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import type { LiveEvent } from '../../realtime/bus.js';
import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import { ACCOUNT_DELETED_NOTICE, DELETE_ONLY_ADMIN, DELETE_WRONG_PASSWORD } from '../../../contract/account-data.js';
import { DELETED_SENDER } from '../../../contract/contact.js';
import { ROUTE_LIMITS } from '../../security/limits.js';

/**
 * Deleting one's account (docs/decisions/0047-account-deletion.md) on SQLite and PostgreSQL:
 * confirmed with the password, everything of the player goes (or is anonymised) in one
 * transaction, leagues pass on or go, other players' points stay, and the old session and
 * credentials are dead at once, cached or not.
 */
const ORIGIN = { origin: 'http://localhost:3000' };
let t: TestApp;
let events: LiveEvent[];

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await t.close();
});

type Player = BuiltUser & { cookie: string };
async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<Player> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const remove = (p: { cookie: string }, password: unknown, remoteAddress = '10.1.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/me/account/delete',
    cookie: p.cookie,
    payload: { password },
    headers: ORIGIN,
    remoteAddress,
  });
const preview = (p: { cookie: string }) =>
  t.request({ method: 'GET', url: '/api/me/account/deletion-preview', cookie: p.cookie });

/** Every row of every table, as JSON text per table (the database's own bookkeeping aside). */
async function everyRow(db: DB, dialect: Dialect): Promise<Record<string, string[]>> {
  const tables =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`SELECT table_name AS "name" FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "name" NOT LIKE 'sqlite_%'`.execute(db)
        ).rows;
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (name.startsWith('kysely_')) continue;
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db)).rows;
    out[name] = rows
      .map((r) => JSON.stringify(r, (_k, v: unknown) => (v instanceof Date ? v.toISOString() : v)))
      .sort();
  }
  return out;
}

/** A small world: the player who leaves, three others, three leagues, scored and open predictions. */
async function world() {
  const { db } = t.app.deps;
  const leaver = await player({ teamName: 'Leaving FC', email: 'leaver@example.com' });
  const alice = await player({ teamName: 'Alice Athletic' });
  const bob = await player({ teamName: 'Bob Rovers' });
  const carol = await player({ teamName: 'Carol City' });
  const gw1 = await buildFixture(db, {
    kickoffAt: '2025-08-16T14:00:00.000Z',
    gameweek: 1,
    homeTeam: 'Everton FC',
    awayTeam: 'Fulham FC',
  });
  const gw2 = await buildFixture(db, {
    kickoffAt: '2025-08-19T14:00:00.000Z',
    gameweek: 2,
    homeTeam: 'Burnley FC',
    awayTeam: 'Brentford FC',
  });
  const open = await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 });
  for (const [u, h, a] of [
    [leaver, 2, 1],
    [alice, 1, 0],
    [bob, 0, 0],
    [carol, 3, 3],
  ] as const) {
    await buildPrediction(db, {
      userId: u.id,
      fixtureId: gw1.id,
      homeScore: h,
      awayScore: a,
      predictedAt: '2025-08-15T10:00:00.000Z',
    });
    await buildPrediction(db, {
      userId: u.id,
      fixtureId: gw2.id,
      homeScore: a,
      awayScore: h,
      predictedAt: '2025-08-18T10:00:00.000Z',
    });
  }
  await buildPrediction(db, {
    userId: leaver.id,
    fixtureId: open.id,
    homeScore: 1,
    awayScore: 1,
    predictedAt: '2025-08-20T10:00:00.000Z',
  });
  await buildResult(db, { fixtureId: gw1.id, homeScore: 2, awayScore: 1 });
  await buildResult(db, { fixtureId: gw2.id, homeScore: 1, awayScore: 2 });

  const league = (id: string, name: string, creatorId: string) => ({
    id,
    name,
    code: id.toUpperCase().padEnd(8, 'X').slice(0, 8),
    description: null,
    competition: 'premier-league' as const,
    privacy: 'private' as const,
    creatorId,
    createdAt: '2025-07-01T00:00:00.000Z',
  });
  await db
    .insertInto('leagues')
    .values([league('office', 'Office', leaver.id), league('solo', 'Solo', leaver.id), league('pub', 'Pub', alice.id)])
    .execute();
  const member = (leagueId: string, u: BuiltUser, day: number) => ({
    leagueId,
    userId: u.id,
    joinedAt: `2025-07-0${day}T10:00:00.000Z`,
  });
  await db
    .insertInto('leagueMembers')
    .values([
      member('office', leaver, 1),
      member('office', alice, 3),
      member('office', bob, 2),
      member('solo', leaver, 1),
      member('pub', alice, 1),
      member('pub', leaver, 2),
      member('pub', carol, 4),
    ])
    .execute();

  const now = '2025-08-20T11:00:00.000Z';
  await db
    .insertInto('userSettings')
    .values([
      {
        userId: leaver.id,
        remindersEnabled: 1,
        reminderWindows: '24,6',
        unsubscribeToken: 'unsub-leaver',
        calendarToken: 'cal-leaver',
        updatedAt: now,
      },
      {
        userId: alice.id,
        remindersEnabled: 1,
        reminderWindows: '24',
        unsubscribeToken: 'unsub-alice',
        calendarToken: 'cal-alice',
        updatedAt: now,
      },
    ])
    .execute();
  await db
    .insertInto('reminderLog')
    .values({
      userId: leaver.id,
      fixtureId: open.id,
      windowHours: 24,
      status: 'sent',
      claimedAt: now,
      sentAt: now,
      attempts: 1,
      lastError: null,
    })
    .execute();
  await db
    .insertInto('contactMessages')
    .values({
      id: 'msg-leaver',
      userId: leaver.id,
      fromName: 'Leaving FC',
      accountEmail: leaver.email,
      fromEmail: leaver.email,
      toEmail: 'help@example.com',
      subject: 'Hi',
      message: 'Why is my team name taken?',
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      createdAt: now,
      sentAt: now,
    })
    .execute();
  await db
    .insertInto('mailOutbox')
    .values({
      to: leaver.email,
      subject: 'Reset your Scoreline password',
      text: 'http://localhost:3000/reset',
      html: null,
      createdAt: now,
    })
    .execute();
  const date = (iso: string) => (t.app.deps.handle.dialect === 'postgres' ? new Date(iso) : iso);
  await db
    .insertInto('verification')
    .values({
      id: 'reset-leaver',
      identifier: 'hashed-reset-token',
      value: leaver.id,
      expiresAt: date('2025-08-20T13:00:00.000Z'),
      createdAt: date(now),
      updatedAt: date(now),
    })
    .execute();
  const secondSession = await buildSessionCookie(
    db,
    t.app.deps.handle.dialect,
    leaver.id,
    t.app.deps.config.AUTH_SECRET,
  );
  return { leaver, alice, bob, carol, secondSession };
}

const table = async (p: Player, league: string, season = TEST_SEASON) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/leagues/${league}/table?season=${season}`,
    cookie: p.cookie,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().rows as Array<{ userId: string; displayName: string; points: number; isCreator: boolean }>).map(
    (r) => ({ userId: r.userId, name: r.displayName, points: r.points, isCreator: r.isCreator }),
  );
};
const leaderboard = async (p: Player, season = TEST_SEASON) =>
  (
    (await t.request({ method: 'GET', url: `/api/leaderboard?season=${season}`, cookie: p.cookie })).json()
      .rows as Array<{ userId: string; points: number }>
  ).map((r) => ({ userId: r.userId, points: r.points }));
const pointsOf = async (userIds: string[]) =>
  t.app.deps.db
    .selectFrom('userPoints')
    .selectAll()
    .where('userId', 'in', userIds)
    .orderBy('seasonId')
    .orderBy('gameweek')
    .orderBy('userId')
    .execute();

describe('deleting one’s account', () => {
  it('previews what happens to each league: passes to the longest-standing member, deleted when alone, left', async () => {
    const { leaver, bob } = await world();
    const res = await preview(leaver);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      leagues: [
        { id: 'office', name: 'Office', fate: 'passes', newCreator: 'Bob Rovers', otherMembers: 2 },
        { id: 'pub', name: 'Pub', fate: 'left', newCreator: null, otherMembers: 2 },
        { id: 'solo', name: 'Solo', fate: 'deleted', newCreator: null, otherMembers: 0 },
      ],
      predictions: 4,
      contactMessages: 1,
      refusal: null,
    });
    expect(bob.teamName).toBe('Bob Rovers');
  });

  it('refuses a wrong password, and changes nothing', async () => {
    const { leaver } = await world();
    const { db, handle } = t.app.deps;
    const before = await everyRow(db, handle.dialect);
    for (const password of ['not-my-password', 'x'.repeat(129)]) {
      const res = await remove(leaver, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(DELETE_WRONG_PASSWORD);
    }
    const blank = await remove(leaver, '');
    expect(blank.statusCode).toBe(400);
    expect(await everyRow(db, handle.dialect)).toEqual(before);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: leaver.cookie })).statusCode).toBe(200);
    expect(events.filter((e) => e.type === 'account.deleted')).toEqual([]);
  });

  it('removes the player from every table in one go; leagues pass on or go; other players keep their points', async () => {
    const { leaver, alice, bob, carol, secondSession } = await world();
    const { db, handle } = t.app.deps;
    const others = [alice.id, bob.id, carol.id];
    // Warm every cache that holds the player: the session, league tables, the overall leaderboard.
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: leaver.cookie })).statusCode).toBe(200);
    const officeBefore = await table(alice, 'office');
    expect(officeBefore.map((r) => r.userId)).toContain(leaver.id);
    expect((await table(alice, 'pub')).map((r) => r.userId)).toContain(leaver.id);
    expect((await leaderboard(alice)).map((r) => r.userId)).toContain(leaver.id);
    const leaderboardBefore = (await leaderboard(alice)).filter((r) => r.userId !== leaver.id);
    const pastBefore = (await leaderboard(alice, OTHER_SEASON)).filter((r) => r.userId !== leaver.id);
    const pointsBefore = await pointsOf(others);
    const pubBefore = (await table(carol, 'pub')).filter((r) => r.userId !== leaver.id);

    const res = await remove(leaver, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(String(res.headers['set-cookie'])).toMatch(/better-auth\.session_token=; Path=\/; Max-Age=0/);

    // Nothing in any table names the player: not the id, not the address.
    for (const [name, rows] of Object.entries(await everyRow(db, handle.dialect))) {
      for (const row of rows) {
        expect(row, name).not.toContain(leaver.id);
        expect(row.toLowerCase(), name).not.toContain(leaver.email);
      }
    }
    // The contact message stays for the admin, without its sender.
    expect(
      await db.selectFrom('contactMessages').selectAll().where('id', '=', 'msg-leaver').executeTakeFirst(),
    ).toMatchObject({
      userId: null,
      fromName: DELETED_SENDER,
      accountEmail: null,
      fromEmail: '',
      message: 'Why is my team name taken?',
    });
    // Office passes to Bob (joined before Alice); Solo is gone; Pub goes on without the player.
    expect(await db.selectFrom('leagues').select(['id', 'creatorId']).orderBy('id').execute()).toEqual([
      { id: 'office', creatorId: bob.id },
      { id: 'pub', creatorId: alice.id },
    ]);
    const officeAfter = await table(alice, 'office');
    expect(officeAfter).toEqual(
      expect.arrayContaining([
        { ...officeBefore.find((r) => r.userId === bob.id)!, isCreator: true },
        { ...officeBefore.find((r) => r.userId === alice.id)!, isCreator: false },
      ]),
    );
    expect(officeAfter).toHaveLength(2);
    expect(await table(carol, 'pub')).toEqual(pubBefore);
    // Other players' points and their places among themselves are unchanged.
    expect(await pointsOf(others)).toEqual(pointsBefore);
    expect(await leaderboard(alice)).toEqual(leaderboardBefore);
    expect(await leaderboard(alice, OTHER_SEASON)).toEqual(pastBefore);

    // The session is dead at once although it was cached, and so is any other; the old password opens nothing.
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: leaver.cookie })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: secondSession })).statusCode).toBe(401);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: leaver.email, password: DEFAULT_PASSWORD },
      headers: ORIGIN,
      remoteAddress: '10.1.0.9',
    });
    expect(signIn.statusCode).toBe(401);

    // After the commit: the player's tabs learn they are signed out; tables, statistics of both seasons and the dashboard refresh.
    expect(events).toContainEqual(expect.objectContaining({ type: 'session.changed', userId: leaver.id }));
    const deleted = events.find((e) => e.type === 'account.deleted');
    expect(deleted).toEqual({ type: 'account.deleted', seasons: expect.arrayContaining([OTHER_SEASON, TEST_SEASON]) });
    expect(ACCOUNT_DELETED_NOTICE).toMatch(/deleted/);
  });

  it('is refused to the only verified admin, and allowed once another admin exists', async () => {
    const admin = await player({ role: 'admin' });
    await player({ role: 'admin', emailVerified: false });
    const refused = await remove(admin, DEFAULT_PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'only_admin', message: DELETE_ONLY_ADMIN });
    expect((await preview(admin)).json().refusal).toBe(DELETE_ONLY_ADMIN);
    expect(await t.app.deps.db.selectFrom('user').select('id').where('id', '=', admin.id).execute()).toHaveLength(1);

    await player({ role: 'admin' });
    expect((await preview(admin)).json().refusal).toBeNull();
    expect((await remove(admin, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('an account whose address is not verified may delete itself too', async () => {
    const unverified = await player({ emailVerified: false });
    expect((await remove(unverified, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('user').select('id').where('id', '=', unverified.id).execute()).toEqual([]);
  });

  it('limits password attempts: after a few, even the right one waits, and nothing is deleted', async () => {
    const target = await player();
    const max = ROUTE_LIMITS.accountDeletePerUser.max;
    // From a different address each time: the limit is the account's own.
    for (let i = 0; i < max; i++)
      expect((await remove(target, `guess-${i}-wrong`, `10.2.${i}.1`)).statusCode).toBe(400);
    const limited = await remove(target, DEFAULT_PASSWORD, '10.2.99.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many attempts to delete your account\. Please wait /);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await t.app.deps.db.selectFrom('user').select('id').where('id', '=', target.id).execute()).toHaveLength(1);
  });

  it('needs a session, and the password of the caller’s own account', async () => {
    const a = await player({ password: 'alpha-password-1' });
    const b = await player({ password: 'bravo-password-2' });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/me/account/delete',
          payload: { password: 'alpha-password-1' },
          headers: ORIGIN,
        })
      ).statusCode,
    ).toBe(401);
    // B's cookie with A's password: refused (the password is checked against the caller's account).
    expect((await remove(b, 'alpha-password-1')).statusCode).toBe(400);
    expect(await t.app.deps.db.selectFrom('user').select('id').where('id', 'in', [a.id, b.id]).execute()).toHaveLength(
      2,
    );
  });
});
