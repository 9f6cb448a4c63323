import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * Match day: each player's reminder preferences and private tokens (one-click unsubscribe,
 * calendar feed), and a log that makes every (player, match, window) reminder go out at most
 * once, across restarts and several instances on one database.
 */
export const matchday: AppMigration = {
  name: '0008_matchday',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('userSettings')
      .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('remindersEnabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('reminderWindows', 'text', (c) => c.notNull().defaultTo('24'))
      .addColumn('unsubscribeToken', 'text', (c) => c.notNull().unique())
      .addColumn('calendarToken', 'text', (c) => c.notNull().unique())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('reminderLog')
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('fixtureId', 'text', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
      .addColumn('windowHours', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('claimedAt', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('lastError', 'text')
      .addPrimaryKeyConstraint('reminderLog_pk', ['userId', 'fixtureId', 'windowHours'])
      .execute();
    await db.schema.createIndex('reminderLog_fixture').on('reminderLog').column('fixtureId').execute();
  },
};
