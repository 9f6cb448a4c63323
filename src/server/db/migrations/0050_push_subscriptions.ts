import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * Web Push (features/push, decision 0111): each device a player subscribed, the player's push
 * preferences on their settings row (deadline reminders on, everything else off), and the push
 * log whose primary key lets only one instance claim a message (one push per player, deadline
 * and reminder time).
 */
export const pushSubscriptions: AppMigration = {
  name: '0050_push_subscriptions',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pushSubscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('lastSuccessAt', 'text')
      .execute();
    await db.schema.createIndex('pushSubscriptions_user').on('pushSubscriptions').column('userId').execute();

    const settings = [
      ['pushPicksMissing', 1],
      ['pushResults', 0],
      ['pushGoals', 0],
      ['pushLeagueNews', 0],
      ['pushAlsoEmail', 0],
    ] as const;
    for (const [column, value] of settings) {
      await db.schema
        .alterTable('userSettings')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(value))
        .execute();
    }
    // Quiet hours as local wall-clock 'HH:MM' in the player's IANA zone; all three null: none.
    for (const column of ['pushQuietStart', 'pushQuietEnd', 'pushTimeZone']) {
      await db.schema.alterTable('userSettings').addColumn(column, 'text').execute();
    }

    await db.schema
      .createTable('pushLog')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('claimedAt', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text')
      .execute();
    await db.schema.createIndex('pushLog_user').on('pushLog').column('userId').execute();
  },
};
