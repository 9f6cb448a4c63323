import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildUser } from '../../test/factories.js';
import { buildSessionCookie } from '../../test/factories.js';

/**
 * Migration 0028: the players a league's creator removed. A database written by the release
 * before keeps every league, code and membership, nobody is barred by it, and the app on it
 * bars a player removed afterwards (decision record 0045).
 */
const database = useMigrationDatabase();

describe('migration 0028: removed players', () => {
  it('keeps leagues, codes and members of the release before, and bars only players removed after it', async () => {
    const handle = await database.migratedThrough({ before: '0028_league_bans' });
    const { db, dialect } = handle;
    const alice = await buildUser(db, dialect, { teamName: 'Alice Allstars', pastSeason: false });
    const bob = await buildUser(db, dialect, { teamName: 'Bob Ballers', pastSeason: false });
    const carol = await buildUser(db, dialect, { teamName: 'Carol Kickers', pastSeason: false });
    const at = '2025-08-10T10:00:00.000Z';
    await db
      .insertInto('leagues')
      .values([
        {
          id: 'lg-office',
          name: 'Office League',
          code: 'KFFCE234',
          description: 'Fridays',
          competition: 'premier-league',
          privacy: 'private',
          creatorId: alice.id,
          createdAt: at,
        },
        {
          id: 'lg-open',
          name: 'Open League',
          code: 'PUBKABCD',
          description: null,
          competition: 'premier-league',
          privacy: 'public',
          creatorId: bob.id,
          createdAt: at,
        },
      ])
      .execute();
    await db
      .insertInto('leagueMembers')
      .values([
        { leagueId: 'lg-office', userId: alice.id, joinedAt: at },
        { leagueId: 'lg-office', userId: bob.id, joinedAt: at },
        { leagueId: 'lg-office', userId: carol.id, joinedAt: at },
        { leagueId: 'lg-open', userId: bob.id, joinedAt: at },
      ])
      .execute();
    const leaguesBefore = await db.selectFrom('leagues').selectAll().orderBy('id').execute();
    const membersBefore = await db
      .selectFrom('leagueMembers')
      .selectAll()
      .orderBy('leagueId')
      .orderBy('userId')
      .execute();

    expect(await migrateToLatest(handle)).toContain('0028_league_bans');
    // Every column kept as it was (later migrations add columns of their own).
    expect(await db.selectFrom('leagues').selectAll().orderBy('id').execute()).toEqual(
      leaguesBefore.map((l) => expect.objectContaining(l)),
    );
    expect(await db.selectFrom('leagueMembers').selectAll().orderBy('leagueId').orderBy('userId').execute()).toEqual(
      membersBefore,
    );
    expect(await db.selectFrom('leagueBans').selectAll().execute()).toEqual([]);

    // The app on the upgraded database: the old code still works; a removal now bars.
    const t = await database.openApp({ now: '2025-08-20T12:00:00Z' });
    const secret = t.app.deps.config.AUTH_SECRET;
    const aliceCookie = await buildSessionCookie(db, dialect, alice.id, secret);
    const carolCookie = await buildSessionCookie(db, dialect, carol.id, secret);
    expect((await t.request({ method: 'GET', url: '/api/invites/kffce234' })).json().invite).toMatchObject({
      name: 'Office League',
      organiser: 'Alice Allstars',
      memberCount: 3,
    });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/leagues/lg-office/members/${carol.id}`, cookie: aliceCookie }))
        .statusCode,
    ).toBe(200);
    const again = await t.request({
      method: 'POST',
      url: '/api/leagues/join',
      payload: { code: 'KFFCE234' },
      cookie: carolCookie,
    });
    expect(again.statusCode).toBe(403);
    expect(await db.selectFrom('leagueBans').select(['leagueId', 'userId']).execute()).toEqual([
      { leagueId: 'lg-office', userId: carol.id },
    ]);
  });
});
