import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';

let t: TestApp;
let user: BuiltUser;
let cookie: string;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-09-01T10:00:00Z' });
  const { db, handle, config } = t.app.deps;
  user = await buildUser(db, handle.dialect, { teamName: null });
  cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
});
afterEach(async () => {
  await t.close();
});

const put = (payload: unknown, withCookie: string | null = cookie) =>
  t.request({ method: 'PUT', url: '/api/me/team-name', payload: payload as object, cookie: withCookie ?? undefined });
const stored = () =>
  t.app.deps.db
    .selectFrom('user')
    .select(['teamName', 'teamNameCreatedAt'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
/** Another player, who has taken `teamName` through the app. */
async function otherPlayerNamed(teamName: string) {
  const { db, handle, config } = t.app.deps;
  const other = await buildUser(db, handle.dialect, { teamName: null });
  const otherCookie = await buildSessionCookie(db, handle.dialect, other.id, config.AUTH_SECRET);
  expect((await put({ teamName }, otherCookie)).statusCode).toBe(200);
  return { other, otherCookie };
}

describe('GET /api/me', () => {
  test('a visitor gets 401', async () => {
    const res = await t.request({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  test('the signed-in user sees their own profile and nothing secret', async () => {
    const res = await t.request({ method: 'GET', url: '/api/me', cookie });
    expect(res.statusCode).toBe(200);
    const me = res.json().user;
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
      teamName: null,
      role: 'player',
      emailVerified: true,
    });
    expect(Object.keys(me).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'name',
      'role',
      'teamName',
      'teamNameNotice',
      'username',
    ]);
  });
});

describe('PUT /api/me/team-name (the team-name prompt)', () => {
  test('stores the trimmed name with the time it was created (server clock)', async () => {
    const res = await put({ teamName: '  The Gaffers  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.teamName).toBe('The Gaffers');
    expect(await stored()).toEqual({ teamName: 'The Gaffers', teamNameCreatedAt: '2025-09-01T10:00:00.000Z' });
    const me = await t.request({ method: 'GET', url: '/api/me', cookie });
    expect(me.json().user.teamName).toBe('The Gaffers');
  });

  test('a one-character name is allowed (the prompt asks for 1 to 25)', async () => {
    expect((await put({ teamName: 'Q' })).statusCode).toBe(200);
    expect((await stored()).teamName).toBe('Q');
  });

  test.each([
    ['empty', { teamName: '' }, 'Team name is required'],
    ['whitespace only', { teamName: '     ' }, 'Team name is required'],
    ['too long', { teamName: 'x'.repeat(26) }, 'Team name must be 25 characters or less'],
    ['a number', { teamName: 12345 }, 'Team name is required'],
    ['an array', { teamName: ['a', 'b'] }, 'Team name is required'],
    ['missing', {}, 'Team name is required'],
  ])('%s is refused with 400 and a clear message; nothing is stored', async (_label, payload, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message });
    expect(await stored()).toEqual({ teamName: null, teamNameCreatedAt: null });
  });

  test('a script-bearing name is kept as text and returned as the same string', async () => {
    const evil = '<script>alert(1)</script>';
    const res = await put({ teamName: evil });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect((await stored()).teamName).toBe(evil);
  });

  test('a visitor gets 401 and nothing changes', async () => {
    const res = await put({ teamName: 'Sneaky' }, null);
    expect(res.statusCode).toBe(401);
    expect(await stored()).toEqual({ teamName: null, teamNameCreatedAt: null });
  });

  test('a forged session cookie is a visitor', async () => {
    const res = await put({ teamName: 'Sneaky' }, 'better-auth.session_token=forged.value');
    expect(res.statusCode).toBe(401);
  });

  test.each([
    ['the same name', 'Big Screen FC'],
    ['another case', 'BIG SCREEN fc'],
    ['accents', 'Bíg Scrèen FC'],
    ['other spacing', '  Big   Screen FC '],
    ['full-width letters', 'Ｂｉｇ Screen FC'],
  ])(
    'a name another player has, in %s, is refused with 409, a free suggestion, and nothing stored',
    async (_label, teamName) => {
      await otherPlayerNamed('Big Screen FC');
      const res = await put({ teamName });
      expect(res.statusCode).toBe(409);
      const trimmed = teamName.trim();
      expect(res.json().error).toEqual({
        code: 'team_name_taken',
        message: `“${trimmed}” is already taken. How about “${trimmed} 2”?`,
        details: { suggestion: `${trimmed} 2` },
      });
      expect(await stored()).toEqual({ teamName: null, teamNameCreatedAt: null });
    },
  );

  test('the suggestion skips names that are taken too', async () => {
    await otherPlayerNamed('Big Screen FC');
    await otherPlayerNamed('big screen fc 2');
    const res = await put({ teamName: 'Big Screen FC' });
    expect(res.json().error.details).toEqual({ suggestion: 'Big Screen FC 3' });
    expect((await put({ teamName: 'Big Screen FC 3' })).statusCode).toBe(200);
  });

  test('a player may re-spell their own name, and a name given up is free for others', async () => {
    const { otherCookie } = await otherPlayerNamed('Big Screen FC');
    expect((await put({ teamName: 'BIG SCREEN FC' }, otherCookie)).statusCode).toBe(200);
    expect((await put({ teamName: 'Small Screen FC' }, otherCookie)).statusCode).toBe(200);
    expect((await put({ teamName: 'Big Screen FC' })).statusCode).toBe(200);
  });

  test('the database refuses a second holder of a name even if a write skipped the check', async () => {
    const { other } = await otherPlayerNamed('Big Screen FC');
    const { setTeamName } = await import('./repository.js');
    await expect(setTeamName(t.app.deps.db, user.id, 'big screen fc', '2025-09-01T10:00:00.000Z')).rejects.toThrow();
    const theirs = await t.app.deps.db
      .selectFrom('user')
      .select('teamName')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(theirs.teamName).toBe('Big Screen FC');
  });

  test("one user cannot name another user's team", async () => {
    const other = await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { teamName: 'Their Team' });
    const res = await put({ teamName: 'Mine', userId: other.id, id: other.id });
    expect(res.statusCode).toBe(200);
    const theirs = await t.app.deps.db
      .selectFrom('user')
      .select('teamName')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(theirs.teamName).toBe('Their Team');
    expect((await stored()).teamName).toBe('Mine');
  });
});

describe('DELETE /api/me/team-name-notice (the one-time notice of a changed name)', () => {
  test('clears the notice of the caller only', async () => {
    const { db, handle, config } = t.app.deps;
    const other = await buildUser(db, handle.dialect, { teamName: 'Copy FC 2' });
    await db.updateTable('user').set({ teamNameNotice: 'Copy FC' }).where('id', 'in', [user.id, other.id]).execute();
    expect((await t.request({ method: 'GET', url: '/api/me', cookie })).json().user.teamNameNotice).toBe('Copy FC');
    const res = await t.request({ method: 'DELETE', url: '/api/me/team-name-notice', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.teamNameNotice).toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/me', cookie })).json().user.teamNameNotice).toBeNull();
    const otherCookie = await buildSessionCookie(db, handle.dialect, other.id, config.AUTH_SECRET);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: otherCookie })).json().user.teamNameNotice).toBe(
      'Copy FC',
    );
  });

  test('choosing a new name clears it too', async () => {
    await t.app.deps.db.updateTable('user').set({ teamNameNotice: 'Copy FC' }).where('id', '=', user.id).execute();
    expect((await put({ teamName: 'Original Thinkers' })).json().user.teamNameNotice).toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/me', cookie })).json().user.teamNameNotice).toBeNull();
  });

  test('a visitor gets 401', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/me/team-name-notice' })).statusCode).toBe(401);
  });
});
