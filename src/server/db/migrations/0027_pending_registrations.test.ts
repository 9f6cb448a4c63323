import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';

/**
 * Migration 0027 on a database written by the release before it, on both databases: sessions
 * that release gave to addresses not yet verified (it signed everyone in at sign-up) end; verified
 * players keep theirs, and no account or anything else is removed.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const database = useMigrationDatabase();

describe('migration 0027_pending_registrations', () => {
  it('ends the sessions of unverified registrations only', async () => {
    const handle = await database.migratedThrough({ before: '0027_pending_registrations' });
    const { db, dialect } = handle;
    const pending = await buildUser(db, dialect, { emailVerified: false, pastSeason: false });
    const player = await buildUser(db, dialect, { pastSeason: false });
    await buildSessionCookie(db, dialect, pending.id, SECRET);
    await buildSessionCookie(db, dialect, player.id, SECRET);
    await buildSessionCookie(db, dialect, player.id, SECRET);

    expect(await migrateToLatest(handle)).toContain('0027_pending_registrations');

    const sessions = await db.selectFrom('session').select('userId').execute();
    expect(sessions.map((s) => s.userId)).toEqual([player.id, player.id]);
    expect((await db.selectFrom('user').select('id').orderBy('id').execute()).map((u) => u.id)).toEqual(
      [pending.id, player.id].sort(),
    );
    expect(await db.selectFrom('account').select('userId').where('userId', '=', pending.id).execute()).toHaveLength(1);
  });
});
