import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { teamNameKey } from '../../../game/team-names.js';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';

/**
 * Migration 0050 on a database written by the release before it, on both databases: team names
 * that only looked different (an invisible character, a Cyrillic letter, a zero for an O) become
 * one name. Whoever had it first keeps it; the others get their visible spelling with the first
 * free number and are told once; a name that shows nothing is cleared and kept in the notice. No
 * player and nothing else is lost.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const database = useMigrationDatabase();

/** The key as the release before folded names (migration 0026). */
const keyBefore = (name: string) =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase().replace(/\s+/gu, ' ').trim();

describe('migration 0050_name_skeletons', () => {
  it('gives every stored name its skeleton key, keeps the first holder of a look-alike, renumbers the others and clears blank names', async () => {
    const handle = await database.migratedThrough({ before: '0050_name_skeletons' });
    const { db, dialect } = handle;
    const user = async (teamName: string | null, since: string) => {
      const u = await buildUser(db, dialect, { teamName, createdAt: since, pastSeason: false });
      if (teamName !== null)
        await sql`UPDATE "user" SET "teamNameKey" = ${keyBefore(teamName)}, "teamNameCreatedAt" = ${since} WHERE "id" = ${u.id}`.execute(
          db,
        );
      return u;
    };
    const first = await user('Bob United', '2025-08-01T10:00:00.000Z');
    const invisible = await user('Bob United\u2063', '2025-08-02T10:00:00.000Z');
    const cyrillic = await user('\u0412ob United', '2025-08-03T10:00:00.000Z');
    // Chose a look-alike of "… 2" themselves, later than the others: they keep it, and no rename takes it.
    const numbered = await user('B0b United 2', '2025-08-10T10:00:00.000Z');
    const blank = await user('\u3164', '2025-08-04T10:00:00.000Z');
    const alsoBlank = await user('\u2800\u2063', '2025-08-05T10:00:00.000Z');
    const admin = await user('AdminTeam', '2025-07-01T10:00:00.000Z');
    const impostor = await user('\u0410dminTeam', '2025-08-06T10:00:00.000Z');
    const solo = await user('Solo Stars', '2025-08-07T10:00:00.000Z');
    const nameless = await user(null, '2025-08-08T10:00:00.000Z');
    const everyone = () =>
      db
        .selectFrom('user')
        .select(['id', 'email', 'name', 'username', 'role', 'emailVerified'])
        .orderBy('id')
        .execute();
    const before = await everyone();

    expect(await migrateToLatest(handle)).toContain('0050_name_skeletons');

    const rows = await db.selectFrom('user').select(['id', 'teamName', 'teamNameKey', 'teamNameNotice']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kept = (name: string) => ({ teamName: name, teamNameKey: teamNameKey(name), teamNameNotice: null });
    const renamed = (name: string, notice: string) => ({
      teamName: name,
      teamNameKey: teamNameKey(name),
      teamNameNotice: notice,
    });

    expect(byId.get(first.id)).toEqual({ id: first.id, ...kept('Bob United') });
    expect(byId.get(numbered.id)).toEqual({ id: numbered.id, ...kept('B0b United 2') });
    expect(byId.get(invisible.id)).toEqual({ id: invisible.id, ...renamed('Bob United 3', 'Bob United\u2063') });
    expect(byId.get(cyrillic.id)).toEqual({ id: cyrillic.id, ...renamed('\u0412ob United 4', '\u0412ob United') });
    expect(byId.get(admin.id)).toEqual({ id: admin.id, ...kept('AdminTeam') });
    expect(byId.get(impostor.id)).toEqual({ id: impostor.id, ...renamed('\u0410dminTeam 2', '\u0410dminTeam') });
    expect(byId.get(blank.id)).toEqual({ id: blank.id, teamName: null, teamNameKey: null, teamNameNotice: '\u3164' });
    expect(byId.get(alsoBlank.id)).toEqual({
      id: alsoBlank.id,
      teamName: null,
      teamNameKey: null,
      teamNameNotice: '\u2800\u2063',
    });
    expect(byId.get(solo.id)).toEqual({ id: solo.id, ...kept('Solo Stars') });
    expect(byId.get(nameless.id)).toEqual({ id: nameless.id, teamName: null, teamNameKey: null, teamNameNotice: null });
    // Every player and everything else about them is still there.
    expect(await everyone()).toEqual(before);

    // The database itself still refuses a second holder of a key.
    await expect(
      sql`UPDATE "user" SET "teamNameKey" = ${teamNameKey('Solo Stars')} WHERE "id" = ${first.id}`.execute(db),
    ).rejects.toThrow();

    // Through the app: the renamed player is told once; the cleared one is asked for a name, and
    // the look-alike of a kept name is refused.
    const t = await database.openApp();
    const origin = { origin: 'http://localhost:3000' };
    const cookie = await buildSessionCookie(db, dialect, invisible.id, SECRET);
    const me = await t.request({ method: 'GET', url: '/api/me', cookie });
    expect(me.json().user).toMatchObject({ teamName: 'Bob United 3', teamNameNotice: 'Bob United\u2063' });
    const blankCookie = await buildSessionCookie(db, dialect, blank.id, SECRET);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: blankCookie })).json().user.teamName).toBeNull();
    const retry = await t.request({
      method: 'PUT',
      url: '/api/me/team-name',
      cookie: blankCookie,
      headers: origin,
      payload: { teamName: 'B\u043Eb United' },
    });
    expect(retry.statusCode).toBe(409);
    const chosen = await t.request({
      method: 'PUT',
      url: '/api/me/team-name',
      cookie: blankCookie,
      headers: origin,
      payload: { teamName: 'Fillers FC' },
    });
    expect(chosen.statusCode).toBe(200);
  }, 120_000); // two databases built and migrated, and an app started: slow on a shared machine
});
