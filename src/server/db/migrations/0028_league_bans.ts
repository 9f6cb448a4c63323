import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * Players a league's creator removed (decision record 0045): a removed player cannot join that
 * league again, by code, invite link or the public list, until the creator lets them back in
 * (which deletes the row). One row per league and player; both go with their league or account.
 * Existing leagues and memberships are untouched: nobody removed before this release is barred.
 */
export const leagueBans: AppMigration = {
  name: '0028_league_bans',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leagueBans')
      .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('removedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('leagueBans_pk', ['leagueId', 'userId'])
      .execute();
    // Deleting an account cascades here by player.
    await db.schema.createIndex('leagueBans_user').on('leagueBans').column('userId').execute();
  },
};
