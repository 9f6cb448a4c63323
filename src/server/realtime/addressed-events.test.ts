import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ChangeEvent } from '../../contract/events.js';
import { ROUTE_LIMITS } from '../security/limits.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { listening, openStream, seen, streamsCaughtUp, type OpenStream } from './stream-test-kit.js';

/**
 * Writes that reach others cost their author, and reach only whom they concern (decision 0101):
 * a league's change goes to its members' streams (not to other players', not to visitors'), the
 * same change queued twice on a stream is sent once, and a player's writes that publish are limited
 * per account. Before, every rename went to every open stream, visitors' too, without a limit.
 */
let t: TestApp;
const open: OpenStream[] = [];
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await t.close();
});

async function player() {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
type Player = Awaited<ReturnType<typeof player>>;

const call = async (who: Player, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object = {}) =>
  t.request({ method, url, cookie: who.cookie, payload });

async function league(creator: Player, name: string, members: Player[] = []) {
  const res = await call(creator, 'POST', '/api/leagues', { name });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().league as { id: string; code: string };
  for (const m of members)
    expect((await call(m, 'POST', '/api/leagues/join', { code: created.code })).statusCode).toBe(200);
  return created;
}

async function stream(who?: Player) {
  const s = await openStream(await listening(t.app), who?.cookie);
  open.push(s);
  return s;
}

const renamed: ChangeEvent = { type: 'league.changed', oldCode: null };

describe('a league’s change reaches its members', () => {
  test('a rename goes to its members’ streams, not to another league’s member nor to a visitor', async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const a = await league(alice, 'League A', [bob]);
    await league(carol, 'League B');
    const [bobs, carols, visitors] = [await stream(bob), await stream(carol), await stream()];

    expect((await call(alice, 'PATCH', `/api/leagues/${a.id}`, { name: 'League A2' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(seen(bobs)).toEqual([renamed]), { timeout: 10_000 });
    await streamsCaughtUp(t.app, [bobs, carols, visitors]);
    expect(seen(carols)).toEqual([]);
    expect(seen(visitors)).toEqual([]);

    // A team name reaches the members of its player's leagues only.
    expect((await call(carol, 'PUT', '/api/me/team-name', { teamName: 'Carol Rovers' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(seen(carols)).toContainEqual({ type: 'team-name.changed' }), { timeout: 10_000 });
    await streamsCaughtUp(t.app, [bobs, carols, visitors]);
    expect(seen(bobs)).toEqual([renamed]);
    expect(seen(visitors)).toEqual([]);
  });

  test('a player who joins hears the league’s next change; one who leaves no longer does', async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const a = await league(alice, 'League A', [bob]);
    const [bobs, carols] = [await stream(bob), await stream(carol)];

    // Carol joins: she and the members hear it.
    expect((await call(carol, 'POST', '/api/leagues/join', { code: a.code })).statusCode).toBe(200);
    const joined: ChangeEvent = { type: 'membership.changed' };
    await vi.waitFor(() => expect(seen(carols)).toEqual([joined]), { timeout: 10_000 });
    await vi.waitFor(() => expect(seen(bobs)).toEqual([joined]), { timeout: 10_000 });
    expect((await call(alice, 'PATCH', `/api/leagues/${a.id}`, { name: 'Renamed once' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(seen(carols)).toEqual([joined, renamed]), { timeout: 10_000 });

    // Bob leaves: he hears his own leave, then nothing more of the league.
    expect((await call(bob, 'POST', `/api/leagues/${a.id}/leave`)).statusCode).toBe(200);
    await vi.waitFor(() => expect(seen(bobs)).toEqual([joined, renamed, joined]), { timeout: 10_000 });
    expect((await call(alice, 'PATCH', `/api/leagues/${a.id}`, { name: 'Renamed twice' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(seen(carols)).toEqual([joined, renamed, joined, renamed]), { timeout: 10_000 });
    await streamsCaughtUp(t.app, [bobs, carols]);
    expect(seen(bobs)).toEqual([joined, renamed, joined]);
  });

  test('the same change queued on a stream within a moment is sent once', async () => {
    const bob = await player();
    const bobs = await stream(bob);
    const fixtures: ChangeEvent = { type: 'fixtures.changed', seasonId: '2025-26' };
    const own: ChangeEvent = { type: 'reminders.changed' };
    // A burst: five identical changes and one other, as several writes answered together publish.
    await Promise.all([
      ...Array.from({ length: 5 }, () => t.app.deps.bus.publish(fixtures)),
      t.app.deps.bus.publish({ ...own, userId: bob.id }),
    ]);
    await streamsCaughtUp(t.app, [bobs]);
    expect(seen(bobs)).toEqual([fixtures, own]);
  });
});

describe('writes that reach others are limited per account', () => {
  test('renames past the limit are refused with 429 and change nothing', async () => {
    const alice = await player();
    const a = await league(alice, 'Mine');
    const { max } = ROUTE_LIMITS.leagueRenamePerUser;
    for (let i = 1; i <= max; i++)
      expect((await call(alice, 'PATCH', `/api/leagues/${a.id}`, { name: `Name ${i}` })).statusCode).toBe(200);
    const refused = await call(alice, 'PATCH', `/api/leagues/${a.id}`, { name: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().error.message).toMatch(
      /^You are renaming leagues too often\. Please wait \d+ minutes and try again\.$/,
    );
    expect(refused.headers['retry-after']).toBeDefined();
    const row = await t.app.deps.db
      .selectFrom('leagues')
      .select('name')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(`Name ${max}`);
    // Another player's renames are their own: not counted with hers.
    const bob = await player();
    const b = await league(bob, 'His');
    expect((await call(bob, 'PATCH', `/api/leagues/${b.id}`, { name: 'His too' })).statusCode).toBe(200);
  });

  test('team names and leaving and joining past their limits are refused with 429', async () => {
    const alice = await player();
    for (let i = 1; i <= ROUTE_LIMITS.teamNamePerUser.max; i++)
      expect(
        (await call(alice, 'PUT', '/api/me/team-name', { teamName: `Alice ${String.fromCharCode(64 + i)} Rovers` }))
          .statusCode,
      ).toBe(200);
    const refused = await call(alice, 'PUT', '/api/me/team-name', { teamName: 'Alice Too Many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^You are changing your team name too often\./);

    const bob = await player();
    const b = await league(bob, 'Public', []);
    let last = 0;
    for (let i = 0; i <= ROUTE_LIMITS.membershipPerUser.max; i++)
      last = (await call(alice, 'POST', `/api/leagues/${b.id}/leave`)).statusCode;
    // Not a member: 403 each time, until the limit answers first.
    expect(last).toBe(429);
  });
});
