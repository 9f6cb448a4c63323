import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { isLeagueCodeShape } from '../../../game/league-code.js';
import { INVITE_INVALID, noSeasonOf } from '../../../contract/leagues.js';
import { ROUTE_LIMITS } from '../../security/limits.js';
import { REMOVED_FROM_LEAGUE } from './routes.js';

/**
 * Invites (decision records 0045 and 0046): the preview an invite link shows before signing in
 * reveals nothing private and joins nobody; a removed player stays out until the creator lets
 * them back in; a new code ends the old one at once; a league is only of a competition with a
 * season. On SQLite and PostgreSQL.
 */
let t: TestApp;
let events: LiveEvent[];
let address = 0;
/** Each test's previews come from addresses of its own (the preview is limited per address). */
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<BuiltUser & { cookie: string }> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}

const preview = (code: string, cookie?: string, remoteAddress = nextAddress()) =>
  t.request({ method: 'GET', url: `/api/invites/${encodeURIComponent(code)}`, cookie, remoteAddress });
const joinByCode = (cookie: string, code: string) =>
  t.request({ method: 'POST', url: '/api/leagues/join', payload: { code }, cookie });
const kick = (cookie: string, leagueId: string, userId: string) =>
  t.request({ method: 'DELETE', url: `/api/leagues/${leagueId}/members/${userId}`, cookie });
const rotate = (cookie: string, leagueId: string) =>
  t.request({ method: 'POST', url: `/api/leagues/${leagueId}/code`, cookie });
const removedList = (cookie: string, leagueId: string) =>
  t.request({ method: 'GET', url: `/api/leagues/${leagueId}/removed-players`, cookie });
const letBack = (cookie: string, leagueId: string, userId: string) =>
  t.request({ method: 'DELETE', url: `/api/leagues/${leagueId}/removed-players/${userId}`, cookie });
const members = async (leagueId: string) =>
  (await t.app.deps.db.selectFrom('leagueMembers').select('userId').where('leagueId', '=', leagueId).execute())
    .map((r) => r.userId)
    .sort();

async function leagueOf(owner: { cookie: string }, name = 'Office League', extra: object = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/leagues',
    payload: { name, ...extra },
    cookie: owner.cookie,
  });
  expect(res.statusCode).toBe(201);
  return res.json().league as { id: string; code: string; name: string };
}

describe('the invite preview', () => {
  test("shows the league's name, its organiser's team name and its member count, and nothing private", async () => {
    const alice = await player({
      teamName: 'Alice Allstars',
      email: 'alice.secret@example.com',
      username: 'alice_login',
    });
    const bob = await player({ teamName: 'Bob Ballers', email: 'bob.secret@example.com', username: 'bob_login' });
    const league = await leagueOf(alice, 'Office League', { description: 'Only for the third floor' });
    expect((await joinByCode(bob.cookie, league.code)).statusCode).toBe(200);
    // A pick already visible to members (its deadline has passed) must still not reach a visitor.
    const fixture = await buildFixture(t.app.deps.db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await buildPrediction(t.app.deps.db, { userId: bob.id, fixtureId: fixture.id, homeScore: 7, awayScore: 5 });

    const res = await preview(league.code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Exactly these fields: no ids, no code, no description, no members, no picks.
    expect(res.json()).toEqual({
      invite: { name: 'Office League', organiser: 'Alice Allstars', memberCount: 2, viewer: 'visitor' },
    });
    const body = res.body;
    for (const secret of [
      league.id,
      alice.id,
      bob.id,
      'Bob Ballers',
      'bob_login',
      'alice_login',
      'alice.secret',
      'bob.secret',
      'third floor',
      fixture.id,
      '"7"',
      ':7',
      league.code,
    ]) {
      expect(body, secret).not.toContain(secret);
    }
    // The OpenAPI document says the same: these four fields and no more.
    const openapi = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const schema = openapi.paths['/api/invites/{code}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties.invite.properties).sort()).toEqual([
      'memberCount',
      'name',
      'organiser',
      'viewer',
    ]);
  });

  test('a code typed in lower case or with spaces and dashes finds the league', async () => {
    const alice = await player({ teamName: 'Alice Allstars' });
    const league = await leagueOf(alice);
    const spaced = `${league.code.slice(0, 4).toLowerCase()}-${league.code.slice(4).toLowerCase()}`;
    expect((await preview(spaced)).json().invite.name).toBe('Office League');
  });

  test('one answer for a code never issued, a malformed one and a replaced one', async () => {
    const alice = await player();
    const league = await leagueOf(alice);
    const oldCode = league.code;
    expect((await rotate(alice.cookie, league.id)).statusCode).toBe(200);
    const answers = await Promise.all(
      ['ZZZZZZZZ', 'not a code', '0O1IL', oldCode, oldCode.toLowerCase()].map((c) => preview(c)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'invite_invalid', message: INVITE_INVALID } });
    }
  });

  test('says where a signed-in caller stands: invited, member, removed', async () => {
    const alice = await player();
    const bob = await player();
    const carol = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    const viewer = async (cookie?: string) => (await preview(league.code, cookie)).json().invite.viewer;
    expect(await viewer()).toBe('visitor');
    expect(await viewer(carol.cookie)).toBe('invited');
    expect(await viewer(bob.cookie)).toBe('member');
    expect(await viewer(alice.cookie)).toBe('member');
    expect((await kick(alice.cookie, league.id, bob.id)).statusCode).toBe(200);
    expect(await viewer(bob.cookie)).toBe('removed');
  });

  test('opening an invite link (the page or its preview, with or without a session) joins nobody', async () => {
    const alice = await player();
    const bob = await player();
    const league = await leagueOf(alice);
    // A link unfurler fetches the page; a browser with a session fetches the preview.
    for (const url of [`/join/${league.code}`, `/api/invites/${league.code}`]) {
      for (const cookie of [undefined, bob.cookie]) {
        const res = await t.request({ method: 'GET', url, cookie, remoteAddress: nextAddress() });
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect(await members(league.id)).toEqual([alice.id]);
    expect(events.filter((e) => e.type === 'membership.changed')).toHaveLength(1); // the creation only
  });

  test('is limited per address, by the minute, with the true wait', async () => {
    const alice = await player();
    const league = await leagueOf(alice);
    const max = ROUTE_LIMITS.invitePreviewPerAddress.max;
    for (let i = 0; i < max; i++)
      expect((await preview(i % 2 ? league.code : 'ZZZZZZZZ', undefined, '10.78.0.1')).statusCode).not.toBe(429);
    const limited = await preview(league.code, undefined, '10.78.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited' });
    expect(limited.json().error.message).toMatch(
      /^Too many invite links opened from your address\. Please wait (a minute|\d+ seconds?) and try again\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await preview(league.code, undefined, '10.78.0.2')).statusCode).toBe(200);
  });

  test('is limited per address by the day, so a guesser gets a few hundred of 31^8 codes a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-08-20T12:00:00Z') });
    const perMinute = ROUTE_LIMITS.invitePreviewPerAddress.max;
    const daily = ROUTE_LIMITS.invitePreviewPerAddressDaily.max;
    let sent = 0;
    while (sent < daily) {
      for (let i = 0; i < perMinute && sent < daily; i++, sent++)
        expect((await preview('ZZZZZZZZ', undefined, '10.79.0.1')).statusCode).toBe(404);
      vi.setSystemTime(Date.now() + ROUTE_LIMITS.invitePreviewPerAddress.windowMs);
    }
    const limited = await preview('ZZZZZZZZ', undefined, '10.79.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many invite links opened from your address today\. Please wait \d+ hours and try again\.$/,
    );
  });
});

describe('a removed player stays out until the creator lets them back in', () => {
  test('the code, the public list and the invite link refuse them; others still join', async () => {
    const alice = await player();
    const bob = await player({ teamName: 'Bob Ballers' });
    const carol = await player();
    const league = await leagueOf(alice, 'Open League', { privacy: 'public' });
    await joinByCode(bob.cookie, league.code);
    expect((await kick(alice.cookie, league.id, bob.id)).statusCode).toBe(200);
    expect(await members(league.id)).toEqual([alice.id]);
    // Their open invite page hears about it (an event for them only).
    expect(events).toContainEqual({ type: 'invites.changed', userId: bob.id });

    const byCode = await joinByCode(bob.cookie, league.code.toLowerCase());
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json().error).toEqual({ code: 'removed_from_league', message: REMOVED_FROM_LEAGUE });
    const byList = await t.request({ method: 'POST', url: `/api/leagues/${league.id}/join`, cookie: bob.cookie });
    expect(byList.statusCode).toBe(403);
    expect(byList.json().error.code).toBe('removed_from_league');
    expect(await members(league.id)).toEqual([alice.id]);
    expect((await joinByCode(carol.cookie, league.code)).statusCode).toBe(200);

    // A new code does not let them back in either.
    const rotated = (await rotate(alice.cookie, league.id)).json().league;
    expect((await joinByCode(bob.cookie, rotated.code)).statusCode).toBe(403);

    // The creator sees who was removed and lets them back in; then the code works again.
    const list = await removedList(alice.cookie, league.id);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      players: [{ userId: bob.id, displayName: 'Bob Ballers', removedAt: '2025-08-20T12:00:00.000Z' }],
    });
    expect((await letBack(alice.cookie, league.id, bob.id)).statusCode).toBe(200);
    expect(await members(league.id)).toEqual([alice.id, carol.id].sort()); // letting back in is not joining
    expect((await removedList(alice.cookie, league.id)).json().players).toEqual([]);
    expect((await letBack(alice.cookie, league.id, bob.id)).statusCode).toBe(404);
    expect((await joinByCode(bob.cookie, rotated.code)).statusCode).toBe(200);
    expect(await members(league.id)).toEqual([alice.id, bob.id, carol.id].sort());
  });

  test('leaving by oneself bars nothing', async () => {
    const alice = await player();
    const bob = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    expect(
      (await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: bob.cookie })).statusCode,
    ).toBe(200);
    expect((await joinByCode(bob.cookie, league.code)).json()).toMatchObject({ alreadyMember: false });
  });

  test('only the creator sees removed players and lets them back in', async () => {
    const alice = await player();
    const bob = await player();
    const carol = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    await joinByCode(carol.cookie, league.code);
    await kick(alice.cookie, league.id, carol.id);
    expect((await removedList(bob.cookie, league.id)).statusCode).toBe(403);
    expect((await letBack(bob.cookie, league.id, carol.id)).statusCode).toBe(403);
    expect((await letBack(carol.cookie, league.id, carol.id)).statusCode).toBe(403);
    expect((await joinByCode(carol.cookie, league.code)).statusCode).toBe(403);
    // When the creator leaves, the league's new creator decides.
    await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: alice.cookie });
    expect((await removedList(bob.cookie, league.id)).json().players.map((p: { userId: string }) => p.userId)).toEqual([
      carol.id,
    ]);
    expect((await letBack(bob.cookie, league.id, carol.id)).statusCode).toBe(200);
  });

  test('removals go with the league and with the account', async () => {
    const alice = await player();
    const bob = await player();
    const carol = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    await joinByCode(carol.cookie, league.code);
    await kick(alice.cookie, league.id, bob.id);
    await kick(alice.cookie, league.id, carol.id);
    const { db } = t.app.deps;
    await db.deleteFrom('user').where('id', '=', carol.id).execute();
    expect((await db.selectFrom('leagueBans').select('userId').execute()).map((r) => r.userId)).toEqual([bob.id]);
    await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: alice.cookie });
    expect(await db.selectFrom('leagueBans').selectAll().execute()).toEqual([]);
  });
});

describe("a new code for a league (the creator's)", () => {
  test('the old code and its links stop working at once; members stay; the new one works', async () => {
    const alice = await player();
    const bob = await player();
    const carol = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    const before = events.length;

    const res = await rotate(alice.cookie, league.id);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().league;
    expect(isLeagueCodeShape(fresh.code)).toBe(true);
    expect(fresh.code).not.toBe(league.code);
    expect(fresh).toMatchObject({ id: league.id, memberCount: 2, isCreator: true });
    // Announced after the commit: members' screens and invite pages open on the old code.
    const announced = events.slice(before).find((e) => e.type === 'league.changed');
    // To every stream (invite pages are open to visitors), moving only this league's tables (decision 0101).
    expect(announced).toEqual({ type: 'league.changed', oldCode: league.code, leagueIds: [league.id] });

    const old = await joinByCode(carol.cookie, league.code);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.message).toBe('Invalid league code. No league found.');
    expect((await preview(league.code)).statusCode).toBe(404);
    expect(await members(league.id)).toEqual([alice.id, bob.id].sort());
    expect((await joinByCode(carol.cookie, fresh.code)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/leagues', cookie: bob.cookie })).json().leagues[0].code).toBe(
      fresh.code,
    );
  });

  test('only the creator may; others get 403 and the code stays', async () => {
    const alice = await player();
    const bob = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    const refused = await rotate(bob.cookie, league.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only the league creator can give the league a new code.');
    expect((await rotate(bob.cookie, 'no-such-league')).statusCode).toBe(404);
    expect(
      (await t.app.deps.db.selectFrom('leagues').select('code').where('id', '=', league.id).executeTakeFirstOrThrow())
        .code,
    ).toBe(league.code);
  });

  test('a join by the old code waiting on the new code finds nothing once it is committed', async () => {
    const alice = await player();
    const carol = await player();
    const league = await leagueOf(alice);
    const { db, handle } = t.app.deps;
    // The new code is written in a transaction held open while Carol's join arrives.
    const trx = await db.startTransaction().execute();
    await trx.updateTable('leagues').set({ code: 'NEWCQDE2' }).where('id', '=', league.id).execute();
    const joining = joinByCode(carol.cookie, league.code);
    if (handle.dialect === 'postgres') {
      // Wait until the join is blocked on the league row (no sleep: PostgreSQL says so).
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{
            n: number;
          }>`SELECT COUNT(*)::int AS "n" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`.execute(
            db,
          );
          expect(rows[0]!.n).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
    }
    await trx.commit().execute();
    const res = await joining;
    expect(res.statusCode).toBe(404);
    expect(await members(league.id)).toEqual([alice.id]);
  });
});

describe('competitions', () => {
  test('a league is only of a competition the instance has a season of', async () => {
    const alice = await player();
    for (const competition of ['world-cup', 'champions-league', 'euros'] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/leagues',
        payload: { name: `A ${competition} league`, competition },
        cookie: alice.cookie,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'no_season', message: noSeasonOf(competition) });
    }
    expect(await t.app.deps.db.selectFrom('leagues').selectAll().execute()).toEqual([]);
    const ok = await t.request({
      method: 'POST',
      url: '/api/leagues',
      payload: { name: 'Premier', competition: 'premier-league' },
      cookie: alice.cookie,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().league.competition).toBe('premier-league');
  });

  test('a competition gains leagues once it has a season', async () => {
    const alice = await player();
    const { db } = t.app.deps;
    // The competition exists (migration 0060); it has no season yet.
    await db
      .insertInto('seasons')
      .values({
        id: 'wc-2026',
        competitionId: 'world-cup',
        label: '2026',
        startDate: null,
        endDate: null,
        feedUrl: null,
        createdAt: '2025-08-01T00:00:00.000Z',
        updatedAt: '2025-08-01T00:00:00.000Z',
      })
      .execute();
    const res = await t.request({
      method: 'POST',
      url: '/api/leagues',
      payload: { name: 'World Cup League', competition: 'world-cup' },
      cookie: alice.cookie,
    });
    expect(res.statusCode).toBe(201);
  });
});
