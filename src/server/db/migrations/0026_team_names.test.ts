import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { teamNameKey } from '../../../game/team-names.js';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';

/**
 * Migration 0026 on a database written by the release before it, on both databases: team names
 * that were the same name in another case, accent or spacing become unique. Whoever had the name
 * first keeps it; the others get their own spelling with the first free number and are told once
 * (the notice on /api/me). No player, no name and nothing else is lost.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const database = useMigrationDatabase();

describe('migration 0026_team_names', () => {
  it('keeps the first holder of a shared name, renumbers the others without taking anyone’s name, and tells them once', async () => {
    const handle = await database.migratedThrough({ before: '0026_team_names' });
    const { db, dialect } = handle;
    const first = await buildUser(db, dialect, {
      teamName: 'Big Screen FC',
      createdAt: '2025-08-01T10:00:00.000Z',
      pastSeason: false,
    });
    const spaced = await buildUser(db, dialect, {
      teamName: 'big  screen fc',
      createdAt: '2025-08-05T10:00:00.000Z',
      pastSeason: false,
    });
    const accented = await buildUser(db, dialect, {
      teamName: 'Bíg Screen FC',
      createdAt: '2025-08-03T10:00:00.000Z',
      pastSeason: false,
    });
    // Chose "… 2" themselves, later than the others: they keep it, and no rename takes it.
    const numbered = await buildUser(db, dialect, {
      teamName: 'Big Screen FC 2',
      createdAt: '2025-08-10T10:00:00.000Z',
      pastSeason: false,
    });
    const nameless = await buildUser(db, dialect, { teamName: null, pastSeason: false });
    const solo = await buildUser(db, dialect, { teamName: 'Solo Stars', pastSeason: false });
    const before = await db
      .selectFrom('user')
      .select(['id', 'email', 'name', 'username', 'role', 'emailVerified'])
      .orderBy('id')
      .execute();

    expect(await migrateToLatest(handle)).toContain('0026_team_names');

    // Keys as the app folds names today (later migrations recompute them: 0050_name_skeletons).
    const rows = await db.selectFrom('user').select(['id', 'teamName', 'teamNameKey', 'teamNameNotice']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(first.id)).toMatchObject({
      teamName: 'Big Screen FC',
      teamNameKey: teamNameKey('Big Screen FC'),
      teamNameNotice: null,
    });
    expect(byId.get(numbered.id)).toMatchObject({
      teamName: 'Big Screen FC 2',
      teamNameKey: teamNameKey('Big Screen FC 2'),
      teamNameNotice: null,
    });
    expect(byId.get(accented.id)).toMatchObject({
      teamName: 'Bíg Screen FC 3',
      teamNameKey: teamNameKey('Big Screen FC 3'),
      teamNameNotice: 'Bíg Screen FC',
    });
    expect(byId.get(spaced.id)).toMatchObject({
      teamName: 'big  screen fc 4',
      teamNameKey: teamNameKey('Big Screen FC 4'),
      teamNameNotice: 'big  screen fc',
    });
    expect(byId.get(nameless.id)).toMatchObject({ teamName: null, teamNameKey: null, teamNameNotice: null });
    expect(byId.get(solo.id)).toMatchObject({
      teamName: 'Solo Stars',
      teamNameKey: teamNameKey('Solo Stars'),
      teamNameNotice: null,
    });
    // Every player and everything else about them is still there.
    expect(
      await db
        .selectFrom('user')
        .select(['id', 'email', 'name', 'username', 'role', 'emailVerified'])
        .orderBy('id')
        .execute(),
    ).toEqual(before);

    // The database itself now refuses a second holder of a key.
    await expect(
      sql`UPDATE "user" SET "teamNameKey" = ${teamNameKey('Solo Stars')} WHERE "id" = ${first.id}`.execute(db),
    ).rejects.toThrow();

    // The renamed player is told once, through the app.
    const t = await database.openApp();
    const cookie = await buildSessionCookie(db, dialect, spaced.id, SECRET);
    const me = await t.request({ method: 'GET', url: '/api/me', cookie });
    expect(me.json().user).toMatchObject({ teamName: 'big  screen fc 4', teamNameNotice: 'big  screen fc' });
    const seen = await t.request({
      method: 'DELETE',
      url: '/api/me/team-name-notice',
      cookie,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(seen.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie })).json().user.teamNameNotice).toBeNull();
  }, 120_000); // two databases built and migrated, and an app started: slow on a shared machine
});
