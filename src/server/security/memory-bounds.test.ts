import { afterEach, describe, expect, it } from 'vitest';
import { generateLeagueCode } from '../../game/league-code.js';
import { createTableCache } from '../features/leagues/table-cache.js';
import { createReadModel } from '../read-model/index.js';
import { seasonCounts } from '../points/season-totals.js';
import { accountClient, rawRequest } from '../test/accounts.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { LEAGUES_CREATED_MAX, MEMBERSHIPS_MAX } from './limits.js';
import { AUTH_BODY_LIMIT } from './body-limits.js';

/**
 * No player can make the server hold unbounded memory. Profile writes go only
 * through validated routes, names are bounded and plain, leagues and memberships per player are
 * capped, and in-process caches are bounded by bytes.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
let n = 0;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function player(app: TestApp, overrides: Parameters<typeof buildUser>[2] = {}) {
  const { db, handle } = app.app.deps;
  const user = await buildUser(db, handle.dialect, overrides);
  return { user, cookie: await buildSessionCookie(db, handle.dialect, user.id, SECRET) };
}

describe('profile writes', () => {
  it('Better Auth’s update-user is closed: a 2 MB team name changes nothing, whatever the path spelling', async () => {
    t = await createTestApp();
    const { user, cookie } = await player(t, { teamName: 'Before' });
    // A 2 MB body is refused before it is read (security/body-limits.ts); just under the auth
    // routes' limit, only the route itself can refuse it.
    const twoMb = await rawRequest(t, {
      method: 'POST',
      path: '/api/auth/update-user',
      body: { teamName: 'x'.repeat(2 * 1024 * 1024) },
      headers: { cookie },
    });
    expect(twoMb.statusCode).toBe(413);
    const huge = 'x'.repeat(AUTH_BODY_LIMIT - 200);
    for (const path of [
      '/api/auth/update-user',
      '/api/auth/./update-user',
      '/api/auth//update-user',
      '/api/auth/update-user/',
      '/api/auth/%75pdate-user',
    ]) {
      const res = await rawRequest(t, { method: 'POST', path, body: { teamName: huge }, headers: { cookie } });
      expect(res.statusCode, path).toBe(404);
    }
    const row = await t.app.deps.db
      .selectFrom('user')
      .select(['teamName', 'name', 'username'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ teamName: 'Before', name: user.name, username: user.username });
  });

  it.each([
    ['a control character', 'Team\u0007Bell'],
    ['a bidirectional override', 'Team \u202Edcba'],
    ['a bidirectional isolate', 'Team \u2066x\u2069'],
    ['a zero-width joiner run', 'Team\u200B\u200B'],
  ])('a name with %s is refused everywhere a player names something', async (_label, bad) => {
    t = await createTestApp();
    const { cookie } = await player(t);
    const ip = `10.11.4.${++n}`;
    const c = accountClient(t, ip);
    for (const field of ['name', 'teamName']) {
      const { res } = await c.signUp({ [field]: bad, email: `s${n}-${field}@example.com` });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    const team = await t.request({ method: 'PUT', url: '/api/me/team-name', cookie, payload: { teamName: bad } });
    expect(team.statusCode).toBe(400);
    const league = await t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name: bad } });
    expect(league.statusCode).toBe(400);
    expect(league.json().error.message).toMatch(/can't contain invisible or control characters/i);
    expect(await t.app.deps.db.selectFrom('leagues').select('id').execute()).toEqual([]);
  });

  it('ordinary names in any script still work (accents, Arabic, Hebrew, emoji)', async () => {
    t = await createTestApp();
    const { cookie } = await player(t);
    for (const name of ['Ünïcødé Ålliance', 'نادي الأبطال', 'מכבי שלי', 'Goal ⚽ FC']) {
      const res = await t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name } });
      expect(res.statusCode, name).toBe(201);
    }
  });
});

describe('caps per player', () => {
  it(`a player who created ${LEAGUES_CREATED_MAX} leagues cannot create another`, async () => {
    t = await createTestApp();
    const { user, cookie } = await player(t);
    const now = '2025-08-01T12:00:00.000Z';
    const rows = Array.from({ length: LEAGUES_CREATED_MAX }, (_, i) => ({
      id: `cap-${i}`,
      name: `League ${i}`,
      code: generateLeagueCode(),
      description: null,
      competition: 'premier-league' as const,
      privacy: 'private' as const,
      creatorId: user.id,
      createdAt: now,
    }));
    await t.app.deps.db.insertInto('leagues').values(rows).execute();
    const res = await t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name: 'One too many' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'limit_reached',
      message: `You have created ${LEAGUES_CREATED_MAX} leagues, the most one player can create. Delete or leave one first.`,
    });
    expect((await t.app.deps.db.selectFrom('leagues').select('id').execute()).length).toBe(LEAGUES_CREATED_MAX);
  });

  it(`a player in ${MEMBERSHIPS_MAX} leagues cannot join or create another`, async () => {
    t = await createTestApp();
    const { db } = t.app.deps;
    const { user, cookie } = await player(t);
    const owner = await player(t);
    const now = '2025-08-01T12:00:00.000Z';
    const leagues = Array.from({ length: MEMBERSHIPS_MAX + 1 }, (_, i) => ({
      id: `m-${i}`,
      name: `League ${i}`,
      code: generateLeagueCode(),
      description: null,
      competition: 'premier-league' as const,
      privacy: i === MEMBERSHIPS_MAX ? ('public' as const) : ('private' as const),
      creatorId: owner.user.id,
      createdAt: now,
    }));
    for (let i = 0; i < leagues.length; i += 50)
      await db
        .insertInto('leagues')
        .values(leagues.slice(i, i + 50))
        .execute();
    const members = leagues.slice(0, MEMBERSHIPS_MAX).map((l) => ({ leagueId: l.id, userId: user.id, joinedAt: now }));
    for (let i = 0; i < members.length; i += 50)
      await db
        .insertInto('leagueMembers')
        .values(members.slice(i, i + 50))
        .execute();
    const extra = leagues[MEMBERSHIPS_MAX]!;
    const message = `You are in ${MEMBERSHIPS_MAX} leagues, the most one player can join. Leave one to join another.`;

    const byId = await t.request({ method: 'POST', url: `/api/leagues/${extra.id}/join`, cookie, payload: {} });
    expect(byId.statusCode).toBe(409);
    expect(byId.json().error).toMatchObject({ code: 'limit_reached', message });
    const byCode = await t.request({ method: 'POST', url: '/api/leagues/join', cookie, payload: { code: extra.code } });
    expect(byCode.statusCode).toBe(409);
    const created = await t.request({ method: 'POST', url: '/api/leagues', cookie, payload: { name: 'Mine' } });
    expect(created.statusCode).toBe(409);
    const count = await db.selectFrom('leagueMembers').select('leagueId').where('userId', '=', user.id).execute();
    expect(count.length).toBe(MEMBERSHIPS_MAX);
    // Joining a league one is already in stays harmless.
    const again = await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      cookie,
      payload: { code: leagues[0]!.code },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadyMember).toBe(true);
  });
});

describe('the league-table cache', () => {
  it('holds no more than its byte budget, however many tables are read', async () => {
    t = await createTestApp();
    const { db, bus } = t.app.deps;
    const owner = await player(t);
    const now = '2025-08-01T12:00:00.000Z';
    for (let i = 0; i < 40; i++) {
      await db
        .insertInto('leagues')
        .values({
          id: `tc-${i}`,
          name: `Table ${i}`,
          code: generateLeagueCode(),
          description: 'd'.repeat(100),
          competition: 'premier-league',
          privacy: 'private',
          creatorId: owner.user.id,
          createdAt: now,
        })
        .execute();
      await db
        .insertInto('leagueMembers')
        .values({ leagueId: `tc-${i}`, userId: owner.user.id, joinedAt: now })
        .execute();
    }
    const maxBytes = 16 * 1024;
    const readModel = createReadModel({ bus });
    const cache = createTableCache(
      () => db,
      readModel,
      (seasonId) => seasonCounts(t!.app, seasonId),
      { maxBytes },
    );
    for (let i = 0; i < 40; i++)
      expect(await cache.get(`tc-${i}`, { seasonId: '2025-26', gameweek: 0 })).not.toBeNull();
    for (const stats of [cache.stats(), cache.rosterStats()]) {
      expect(stats.entries).toBeGreaterThan(0);
      expect(stats.entries).toBeLessThan(40);
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
    // The rosters have a quarter of the budget.
    expect(cache.rosterStats().bytes).toBeLessThanOrEqual(maxBytes / 4);
    readModel.close();
  });
});
