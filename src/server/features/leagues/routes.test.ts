import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { isLeagueCodeShape } from '../../../game/league-code.js';
import { rankRows } from '../../../game/ranking.js';

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

async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<BuiltUser & { cookie: string }> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}

const create = (cookie: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/leagues', payload, cookie });
const joinByCode = (cookie: string, code: string) =>
  t.request({ method: 'POST', url: '/api/leagues/join', payload: { code }, cookie });
const members = async (leagueId: string) =>
  (await t.app.deps.db.selectFrom('leagueMembers').select('userId').where('leagueId', '=', leagueId).execute())
    .map((r) => r.userId)
    .sort();

async function leagueOf(owner: { cookie: string }, name = 'Office League', extra: object = {}) {
  const res = await create(owner.cookie, { name, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().league as { id: string; code: string; name: string };
}

describe('creating a league', () => {
  test('the creator is its first member and the code is 8 unambiguous characters', async () => {
    const alice = await player();
    const res = await create(alice.cookie, {
      name: '  Office League  ',
      description: 'Friday bragging rights',
      competition: 'premier-league',
      privacy: 'private',
    });
    expect(res.statusCode).toBe(201);
    const { league } = res.json();
    expect(league).toMatchObject({
      name: 'Office League',
      description: 'Friday bragging rights',
      isCreator: true,
      isMember: true,
      memberCount: 1,
      privacy: 'private',
    });
    expect(isLeagueCodeShape(league.code)).toBe(true);
    expect(await members(league.id)).toEqual([alice.id]);
    // Addressed to the league's members (decision 0101): its creator, here.
    expect(events).toContainEqual({
      type: 'membership.changed',
      leagueIds: [league.id],
      toMembers: true,
      alsoUsers: [alice.id],
    });

    const mine = await t.request({ method: 'GET', url: '/api/leagues', cookie: alice.cookie });
    expect(mine.json().leagues).toEqual([
      expect.objectContaining({ id: league.id, code: league.code, isCreator: true, memberCount: 1 }),
    ]);
  });

  test('refuses a blank or too long name and visitors, and stores nothing', async () => {
    const alice = await player();
    const blank = await create(alice.cookie, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('League name cannot be empty.');
    const long = await create(alice.cookie, { name: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect((await create(undefined, { name: 'Visitors' })).statusCode).toBe(401);
    expect(await t.app.deps.db.selectFrom('leagues').selectAll().execute()).toEqual([]);
  });

  test('codes are unique across many leagues', async () => {
    const alice = await player();
    const others = [await player(), await player()];
    const codes = new Set<string>();
    // Three creators: one player may only create so many leagues in a row (ROUTE_LIMITS.createLeague).
    for (let i = 0; i < 30; i++) codes.add((await leagueOf([alice, ...others][i % 3]!, `League ${i}`)).code);
    expect(codes.size).toBe(30);
  });
});

describe('joining', () => {
  test('by code, case-insensitively; a wrong code is refused; joining twice keeps one membership', async () => {
    const alice = await player();
    const bob = await player();
    const league = await leagueOf(alice);

    const wrong = await joinByCode(bob.cookie, 'ZZZZZZZZ');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe('Invalid league code. No league found.');
    const blank = await joinByCode(bob.cookie, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('League code cannot be empty.');

    const first = await joinByCode(bob.cookie, ` ${league.code.toLowerCase()} `);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      alreadyMember: false,
      league: { id: league.id, memberCount: 2, isCreator: false },
    });
    const again = await joinByCode(bob.cookie, league.code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyMember: true, league: { id: league.id, memberCount: 2 } });
    expect(await members(league.id)).toEqual([alice.id, bob.id].sort());
  });

  test('10 concurrent joins by the same player (as many as the rate limit allows) make one membership', async () => {
    const alice = await player();
    const bob = await player();
    const league = await leagueOf(alice);
    const replies = await Promise.all(Array.from({ length: 10 }, () => joinByCode(bob.cookie, league.code)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(replies.filter((r) => r.json().alreadyMember === false).length).toBe(1);
    expect(await members(league.id)).toEqual([alice.id, bob.id].sort());
  });

  test('public leagues are listed and joinable by id; private ones only by code', async () => {
    const alice = await player();
    const bob = await player();
    const open = await leagueOf(alice, 'Open League', { privacy: 'public' });
    const closed = await leagueOf(alice, 'Closed League', { privacy: 'private' });

    const list = await t.request({ method: 'GET', url: '/api/leagues/public', cookie: bob.cookie });
    expect(list.json().leagues).toEqual([
      expect.objectContaining({ id: open.id, name: 'Open League', isMember: false, code: null, memberCount: 1 }),
    ]);

    const refused = await t.request({ method: 'POST', url: `/api/leagues/${closed.id}/join`, cookie: bob.cookie });
    expect(refused.statusCode).toBe(403);
    const joined = await t.request({ method: 'POST', url: `/api/leagues/${open.id}/join`, cookie: bob.cookie });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().league).toMatchObject({ id: open.id, code: open.code, memberCount: 2 });
    expect(await members(closed.id)).toEqual([alice.id]);
  });
});

describe('leaving and the creator’s powers', () => {
  test('a member leaves; the creator leaving hands the league on; the last member leaving deletes it', async () => {
    const alice = await player();
    const bob = await player();
    const carol = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    await joinByCode(carol.cookie, league.code);

    expect(
      (await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: carol.cookie })).statusCode,
    ).toBe(200);
    expect(await members(league.id)).toEqual([alice.id, bob.id].sort());
    expect(
      (await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: carol.cookie })).statusCode,
    ).toBe(403);

    await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: alice.cookie });
    const row = await t.app.deps.db
      .selectFrom('leagues')
      .select('creatorId')
      .where('id', '=', league.id)
      .executeTakeFirst();
    expect(row?.creatorId).toBe(bob.id);

    await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: bob.cookie });
    expect(await t.app.deps.db.selectFrom('leagues').selectAll().where('id', '=', league.id).execute()).toEqual([]);
  });

  test('only the creator may remove members and rename; others get 403 and nothing changes', async () => {
    const alice = await player();
    const bob = await player();
    const carol = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    await joinByCode(carol.cookie, league.code);

    const removeByBob = await t.request({
      method: 'DELETE',
      url: `/api/leagues/${league.id}/members/${carol.id}`,
      cookie: bob.cookie,
    });
    expect(removeByBob.statusCode).toBe(403);
    const renameByBob = await t.request({
      method: 'PATCH',
      url: `/api/leagues/${league.id}`,
      payload: { name: 'Bob Rules' },
      cookie: bob.cookie,
    });
    expect(renameByBob.statusCode).toBe(403);
    expect(await members(league.id)).toHaveLength(3);

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/leagues/${league.id}/members/${carol.id}`,
      cookie: alice.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect(await members(league.id)).toEqual([alice.id, bob.id].sort());
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/leagues/${league.id}`,
      payload: { name: '  New Name ' },
      cookie: alice.cookie,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().league.name).toBe('New Name');
    const blank = await t.request({
      method: 'PATCH',
      url: `/api/leagues/${league.id}`,
      payload: { name: ' ' },
      cookie: alice.cookie,
    });
    expect(blank.statusCode).toBe(400);
  });
});

describe('league table', () => {
  async function season() {
    const { db } = t.app.deps;
    const gw1a = await buildFixture(db, { id: 'GW1_A', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    const gw1b = await buildFixture(db, {
      id: 'GW1_B',
      kickoffAt: '2025-08-16T16:30:00.000Z',
      gameweek: 1,
      homeTeam: 'Fulham FC',
      awayTeam: 'Everton FC',
    });
    const gw2a = await buildFixture(db, { id: 'GW2_A', kickoffAt: '2025-08-23T14:00:00.000Z', gameweek: 2 });
    return [gw1a, gw1b, gw2a];
  }

  test('overall and gameweek tables sum stored points; ties share a rank and are ordered by name', async () => {
    const { db } = t.app.deps;
    const [a, b, c] = await season();
    const alice = await player({ teamName: 'Zebras' });
    const bob = await player({ teamName: null, username: 'bob_b' });
    const carol = await player({ teamName: 'Apples' });
    const dave = await player({ teamName: 'Mangoes' });
    const league = await leagueOf(alice);
    for (const p of [bob, carol, dave]) await joinByCode(p.cookie, league.code);
    const admin = await player({ role: 'admin' });
    // Results through the admin route, as in production: it scores and announces the change.
    const enter = async (fixtureId: string, homeScore: number, awayScore: number) => {
      const before = events.length;
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/results/${fixtureId}`,
        payload: { homeScore, awayScore },
        cookie: admin.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      // On PostgreSQL the event comes back through LISTEN/NOTIFY; tables are fresh once it has.
      await vi.waitFor(() => expect(events.slice(before).some((e) => e.type === 'results.changed')).toBe(true));
    };

    // GW1: alice 3+1, bob 1+0, carol 3, dave nothing. GW2 (no result yet) counts nothing.
    await buildPrediction(db, { userId: alice.id, fixtureId: a!.id, homeScore: 2, awayScore: 1 });
    await buildPrediction(db, { userId: alice.id, fixtureId: b!.id, homeScore: 1, awayScore: 0 });
    await buildPrediction(db, { userId: bob.id, fixtureId: a!.id, homeScore: 3, awayScore: 0 });
    await buildPrediction(db, { userId: bob.id, fixtureId: b!.id, homeScore: 0, awayScore: 0 });
    await buildPrediction(db, { userId: carol.id, fixtureId: a!.id, homeScore: 2, awayScore: 1 });
    await buildPrediction(db, { userId: carol.id, fixtureId: c!.id, homeScore: 2, awayScore: 2 });
    await enter(a!.id, 2, 1);
    await enter(b!.id, 2, 0);

    const table = await t.request({ method: 'GET', url: `/api/leagues/${league.id}/table`, cookie: bob.cookie });
    expect(table.statusCode).toBe(200);
    const body = table.json();
    expect(body.total).toBe(4);
    expect(
      body.rows.map((r: { displayName: string; rank: number; points: number; exactScores: number }) => [
        r.displayName,
        r.rank,
        r.points,
        r.exactScores,
      ]),
    ).toEqual([
      ['Zebras', 1, 4, 1],
      ['Apples', 2, 3, 1],
      ['bob_b', 3, 1, 0],
      ['Mangoes', 4, 0, 0],
    ]);
    expect(body.rows[0]).toMatchObject({ isCreator: true, isViewer: false });
    expect(body.viewer).toMatchObject({ displayName: 'bob_b', isViewer: true, rank: 3 });

    // A corrected result changes the table; now alice and carol tie on 3 points (Apples before Zebras).
    await enter(b!.id, 0, 1);
    const tied = (
      await t.request({ method: 'GET', url: `/api/leagues/${league.id}/table`, cookie: bob.cookie })
    ).json();
    expect(
      tied.rows.map((r: { displayName: string; rank: number; points: number }) => [r.displayName, r.rank, r.points]),
    ).toEqual([
      ['Apples', 1, 3],
      ['Zebras', 1, 3],
      ['bob_b', 3, 1],
      ['Mangoes', 4, 0],
    ]);

    // Gameweek 2 once scored (after its kick-off: a result is a fact after the whistle): only carol has a pick there.
    t.clock.set('2025-08-23T16:00:00Z');
    await enter(c!.id, 2, 2);
    const gw2 = (
      await t.request({ method: 'GET', url: `/api/leagues/${league.id}/table?gameweek=2`, cookie: alice.cookie })
    ).json();
    expect(gw2.gameweek).toBe(2);
    expect(
      gw2.rows.map((r: { displayName: string; points: number; rank: number }) => [r.displayName, r.points, r.rank]),
    ).toEqual([
      ['Apples', 3, 1],
      ['bob_b', 0, 2],
      ['Mangoes', 0, 2],
      ['Zebras', 0, 2],
    ]);
    const gw1 = (
      await t.request({ method: 'GET', url: `/api/leagues/${league.id}/table?gameweek=1`, cookie: alice.cookie })
    ).json();
    expect(gw1.rows.map((r: { displayName: string; points: number }) => [r.displayName, r.points])).toEqual([
      ['Apples', 3],
      ['Zebras', 3],
      ['bob_b', 1],
      ['Mangoes', 0],
    ]);
    const overall = (
      await t.request({ method: 'GET', url: `/api/leagues/${league.id}/table`, cookie: alice.cookie })
    ).json();
    expect(overall.rows[0]).toMatchObject({ displayName: 'Apples', points: 6, exactScores: 2, rank: 1 });

    const gameweeks = async () =>
      (await t.request({ method: 'GET', url: '/api/leagues/gameweeks', cookie: alice.cookie })).json().gameweeks;
    expect(await gameweeks()).toEqual([1, 2]);
    // Kept until a result moves them: gameweek 3's first result is a choice at once, through the
    // admin route or written beside the server without an event.
    const gw3 = await buildFixture(db, { id: 'GW3_A', kickoffAt: '2025-08-23T15:00:00.000Z', gameweek: 3 });
    await enter(gw3.id, 1, 0);
    expect(await gameweeks()).toEqual([1, 2, 3]);
    const gw4 = await buildFixture(db, { id: 'GW4_A', kickoffAt: '2025-08-23T15:30:00.000Z', gameweek: 4 });
    await buildResult(db, { fixtureId: gw4.id, homeScore: 0, awayScore: 0 });
    expect(await gameweeks()).toEqual([1, 2, 3, 4]);
  });

  test('pages agree with the ranking rule and always include the viewer; non-members are refused', async () => {
    const { db } = t.app.deps;
    const fx = await buildFixture(db, { id: 'F1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    // The league is made before the season's only match, so it has that season's table (decision 0109).
    t.clock.set('2025-08-01T12:00:00Z');
    const owner = await player({ teamName: 'Owner' });
    const league = await leagueOf(owner);
    const everyone = [owner];
    for (let i = 0; i < 11; i++) {
      const p = await player({ teamName: `Team ${String.fromCharCode(75 - i)}` });
      everyone.push(p);
      await joinByCode(p.cookie, league.code);
    }
    t.clock.set('2025-08-20T12:00:00Z');
    // Points 3/1/0 by pattern so there are ties.
    for (const [i, p] of everyone.entries()) {
      const pick = i % 3 === 0 ? [2, 0] : i % 3 === 1 ? [1, 0] : [0, 1];
      await buildPrediction(db, { userId: p.id, fixtureId: fx.id, homeScore: pick[0], awayScore: pick[1] });
    }
    await buildResult(db, { fixtureId: fx.id, homeScore: 2, awayScore: 0 });
    const expected = rankRows(
      await Promise.all(
        everyone.map(async (p) => {
          const row = await db
            .selectFrom('predictions')
            .select('points')
            .where('userId', '=', p.id)
            .where('fixtureId', '=', fx.id)
            .executeTakeFirstOrThrow();
          return { userId: p.id, name: p.teamName!, points: row.points ?? 0 };
        }),
      ),
    );
    const last = everyone.find((p) => p.id === expected[expected.length - 1]!.userId)!;
    const seen: Array<{ userId: string; rank: number }> = [];
    for (const page of [1, 2, 3]) {
      const body = (
        await t.request({
          method: 'GET',
          url: `/api/leagues/${league.id}/table?page=${page}&pageSize=5`,
          cookie: last.cookie,
        })
      ).json();
      expect(body.total).toBe(12);
      expect(body.viewer).toMatchObject({ userId: last.id, isViewer: true, position: 12 });
      seen.push(...body.rows);
    }
    expect(seen.map((r) => [r.userId, r.rank])).toEqual(expected.map((r) => [r.userId, r.rank]));

    const outsider = await player();
    const refused = await t.request({ method: 'GET', url: `/api/leagues/${league.id}/table`, cookie: outsider.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You are not a member of this league.');
  });
});

describe('a table page from memory', () => {
  test('is the answer the first read gave, headers included; bad seasons and outsiders get the same errors either way', async () => {
    const alice = await player({ teamName: 'Alice' });
    const bob = await player({ teamName: 'Bob' });
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    const get = (cookie: string, query = '') =>
      t.request({ method: 'GET', url: `/api/leagues/${league.id}/table${query}`, cookie });
    for (const query of ['', '?gameweek=1', `?season=${TEST_SEASON}&page=1&pageSize=1`, '?season=all']) {
      // The first request reads the table (and the seasons); the next ones answer from memory.
      const read = await get(bob.cookie, query);
      expect(read.statusCode).toBe(200);
      for (const again of [await get(bob.cookie, query), await get(bob.cookie, query)]) {
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(read.body);
        for (const h of ['content-type', 'content-length', 'content-security-policy', 'x-content-type-options'])
          expect(again.headers[h]).toBe(read.headers[h]);
      }
      expect((await get(alice.cookie, query)).json().viewer).toMatchObject({ userId: alice.id, isViewer: true });
    }
    for (let i = 0; i < 2; i++) {
      const unknown = await get(bob.cookie, '?season=1999-00');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe('Season not found.');
      const mixed = await get(bob.cookie, '?season=all&gameweek=1');
      expect(mixed.statusCode).toBe(400);
      const outsider = await player();
      expect((await get(outsider.cookie)).statusCode).toBe(403);
    }
  });
});

describe('table freshness', () => {
  test('a newcomer sees the table at once, and the others see them after the live event', async () => {
    const alice = await player({ teamName: 'Alice' });
    const bob = await player({ teamName: 'Bob' });
    const league = await leagueOf(alice);
    const table = (cookie: string) => t.request({ method: 'GET', url: `/api/leagues/${league.id}/table`, cookie });
    expect((await table(alice.cookie)).json().total).toBe(1);
    expect((await table(bob.cookie)).statusCode).toBe(403);
    await joinByCode(bob.cookie, league.code);
    const seenByBob = (await table(bob.cookie)).json();
    expect(seenByBob.viewer).toMatchObject({ displayName: 'Bob', isViewer: true });
    await vi.waitFor(async () => expect((await table(alice.cookie)).json().total).toBe(2));
    await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, cookie: bob.cookie });
    await vi.waitFor(async () => expect((await table(bob.cookie)).statusCode).toBe(403));
    await vi.waitFor(async () => expect((await table(alice.cookie)).json().total).toBe(1));
  });
});

describe("a member's picks", () => {
  test('hidden before the deadline, shown after it, and only to members of the same league', async () => {
    const { db } = t.app.deps;
    const alice = await player();
    const bob = await player();
    const outsider = await player();
    const league = await leagueOf(alice);
    await joinByCode(bob.cookie, league.code);
    // now is 2025-08-20T12:00Z; deadline is 2 h before kick-off.
    await buildFixture(db, { id: 'PAST', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await buildFixture(db, { id: 'SOON', kickoffAt: '2025-08-20T13:59:00.000Z', gameweek: 1 });
    await buildFixture(db, { id: 'LATER', kickoffAt: '2025-08-20T14:01:00.000Z', gameweek: 1 });
    for (const id of ['PAST', 'SOON', 'LATER'])
      await buildPrediction(db, { userId: bob.id, fixtureId: id, homeScore: 2, awayScore: 1 });
    await buildResult(db, { fixtureId: 'PAST', homeScore: 2, awayScore: 1 });

    const url = `/api/leagues/${league.id}/members/${bob.id}/picks?gameweek=1`;
    const res = await t.request({ method: 'GET', url, cookie: alice.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.picks.map((p: { fixtureId: string }) => p.fixtureId)).toEqual(['PAST', 'SOON']);
    expect(body.picks[0]).toMatchObject({
      prediction: { homeScore: 2, awayScore: 1, points: 3, outcome: 'exact' },
      result: { homeScore: 2, awayScore: 1 },
    });
    expect(body.picks[1]).toMatchObject({ prediction: { homeScore: 2, awayScore: 1, points: null }, result: null });
    expect(JSON.stringify(body)).not.toContain('LATER');

    // Two minutes later LATER's deadline has passed too.
    t.clock.set('2025-08-20T12:02:00Z');
    const later = (await t.request({ method: 'GET', url, cookie: alice.cookie })).json();
    expect(later.picks.map((p: { fixtureId: string }) => p.fixtureId)).toEqual(['PAST', 'SOON', 'LATER']);

    expect((await t.request({ method: 'GET', url, cookie: outsider.cookie })).statusCode).toBe(403);
    const notMember = await t.request({
      method: 'GET',
      url: `/api/leagues/${league.id}/members/${outsider.id}/picks`,
      cookie: alice.cookie,
    });
    expect(notMember.statusCode).toBe(404);
  });
});

describe('dashboard positions', () => {
  test('position, members, points and the real change since the previous gameweek', async () => {
    const { db } = t.app.deps;
    const alice = await player({ teamName: 'Alice' });
    const bob = await player({ teamName: 'Bob' });
    const league = await leagueOf(alice, 'Pals');
    await joinByCode(bob.cookie, league.code);
    await buildFixture(db, { id: 'G1', gameweek: 1 });
    await buildFixture(db, { id: 'G2', gameweek: 2, kickoffAt: '2025-08-23T14:00:00.000Z' });
    await buildPrediction(db, { userId: alice.id, fixtureId: 'G1', homeScore: 1, awayScore: 0 });
    await buildPrediction(db, { userId: bob.id, fixtureId: 'G1', homeScore: 0, awayScore: 1 });
    await buildPrediction(db, { userId: alice.id, fixtureId: 'G2', homeScore: 0, awayScore: 1 });
    await buildPrediction(db, { userId: bob.id, fixtureId: 'G2', homeScore: 3, awayScore: 0 });
    await buildFixture(db, { id: 'G2B', gameweek: 2, kickoffAt: '2025-08-23T16:00:00.000Z' });
    await buildPrediction(db, { userId: bob.id, fixtureId: 'G2B', homeScore: 1, awayScore: 1 });
    await buildResult(db, { fixtureId: 'G1', homeScore: 1, awayScore: 0 });

    const afterGw1 = (await t.request({ method: 'GET', url: '/api/leagues/positions', cookie: bob.cookie })).json();
    expect(afterGw1.positions).toEqual([
      { leagueId: league.id, name: 'Pals', position: 2, memberCount: 2, points: 0, change: 'same' },
    ]);

    await buildResult(db, { fixtureId: 'G2', homeScore: 3, awayScore: 0 });
    // Level on 3 points: both share first place.
    const level = (await t.request({ method: 'GET', url: '/api/leagues/positions', cookie: bob.cookie })).json();
    expect(level.positions[0]).toMatchObject({ position: 1, points: 3, change: 'up' });
    await buildResult(db, { fixtureId: 'G2B', homeScore: 1, awayScore: 1 });
    const bobNow = (await t.request({ method: 'GET', url: '/api/leagues/positions', cookie: bob.cookie })).json();
    expect(bobNow.positions[0]).toMatchObject({ position: 1, points: 6, change: 'up' });
    const aliceNow = (await t.request({ method: 'GET', url: '/api/leagues/positions', cookie: alice.cookie })).json();
    expect(aliceNow.positions[0]).toMatchObject({ position: 2, points: 3, change: 'down' });
  });
  test('every member: shared ranks with ties, each one the league table shows, and the change since the gameweek before', async () => {
    const { db } = t.app.deps;
    const [owner, ...others] = await Promise.all(
      ['P0', 'P1', 'P2', 'P3', 'P4', 'P5'].map((teamName) => player({ teamName })),
    );
    const everyone = [owner!, ...others];
    const league = await leagueOf(owner!, 'Ties');
    for (const p of others) expect((await joinByCode(p.cookie, league.code)).statusCode).toBe(200);
    await buildFixture(db, { id: 'T1', gameweek: 1 });
    await buildFixture(db, { id: 'T2', gameweek: 2, kickoffAt: '2025-08-23T14:00:00.000Z' });
    // Results 2-1 then 0-0. Gameweek 1 points: 3 1 0 3 1 0; gameweek 2: 0 3 3 0 1 3.
    const picks1 = [
      [2, 1],
      [1, 0],
      [0, 2],
      [2, 1],
      [3, 0],
      [1, 1],
    ] as const;
    const picks2 = [
      [1, 0],
      [0, 0],
      [0, 0],
      [2, 3],
      [1, 1],
      [0, 0],
    ] as const;
    for (const [i, p] of everyone.entries()) {
      await buildPrediction(db, { userId: p.id, fixtureId: 'T1', homeScore: picks1[i]![0], awayScore: picks1[i]![1] });
      await buildPrediction(db, { userId: p.id, fixtureId: 'T2', homeScore: picks2[i]![0], awayScore: picks2[i]![1] });
    }
    await buildResult(db, { fixtureId: 'T1', homeScore: 2, awayScore: 1 });
    await buildResult(db, { fixtureId: 'T2', homeScore: 0, awayScore: 0 });
    // Totals 3 4 3 3 2 3 (ranks 2 1 2 2 6 2); before gameweek 2: 3 1 0 3 1 0 (ranks 1 3 5 1 3 5).
    const want = [
      { position: 2, points: 3, change: 'down' },
      { position: 1, points: 4, change: 'up' },
      { position: 2, points: 3, change: 'up' },
      { position: 2, points: 3, change: 'down' },
      { position: 6, points: 2, change: 'down' },
      { position: 2, points: 3, change: 'up' },
    ];
    const table = (
      await t.request({ method: 'GET', url: `/api/leagues/${league.id}/table`, cookie: owner!.cookie })
    ).json().rows as Array<{ userId: string; rank: number }>;
    for (const [i, p] of everyone.entries()) {
      const res = await t.request({ method: 'GET', url: '/api/leagues/positions', cookie: p.cookie });
      expect(res.json().positions).toEqual([{ leagueId: league.id, name: 'Ties', memberCount: 6, ...want[i] }]);
      expect(table.find((r) => r.userId === p.id)?.rank).toBe(want[i]!.position);
    }
  });
});

describe("the viewer's leagues list", () => {
  test('a join, a rename, a new code and a leave show at once, though the list is kept between requests', async () => {
    const alice = await player();
    const bob = await player();
    const league = await leagueOf(alice, 'Kept');
    const list = async () =>
      (await t.request({ method: 'GET', url: '/api/leagues', cookie: alice.cookie })).json().leagues as Array<{
        name: string;
        code: string;
        memberCount: number;
      }>;
    expect(await list()).toMatchObject([{ name: 'Kept', memberCount: 1, code: league.code }]);
    expect((await joinByCode(bob.cookie, league.code)).statusCode).toBe(200);
    expect(await list()).toMatchObject([{ memberCount: 2 }]);
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/leagues/${league.id}`,
      payload: { name: 'Renamed' },
      cookie: alice.cookie,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await list()).toMatchObject([{ name: 'Renamed' }]);
    const code = await t.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/code`,
      payload: {},
      cookie: alice.cookie,
    });
    expect(code.statusCode).toBe(200);
    const [now] = await list();
    expect(now!.code).not.toBe(league.code);
    expect(
      (await t.request({ method: 'POST', url: `/api/leagues/${league.id}/leave`, payload: {}, cookie: bob.cookie }))
        .statusCode,
    ).toBe(200);
    expect(await list()).toMatchObject([{ memberCount: 1 }]);
  });
});
