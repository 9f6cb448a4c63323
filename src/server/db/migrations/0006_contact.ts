import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/** Contact messages: stored before they are e-mailed, so none is lost when a send fails. */
export const contact: AppMigration = {
  name: '0006_contact',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contactMessages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('fromName', 'text', (c) => c.notNull())
      .addColumn('fromEmail', 'text', (c) => c.notNull())
      .addColumn('toEmail', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lastError', 'text')
      .addColumn('nextAttemptAt', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text')
      .execute();
    await db.schema
      .createIndex('contactMessages_user_created')
      .on('contactMessages')
      .columns(['userId', 'createdAt'])
      .execute();
    await db.schema
      .createIndex('contactMessages_due')
      .on('contactMessages')
      .columns(['status', 'nextAttemptAt'])
      .execute();
    await db.schema.createIndex('contactMessages_created').on('contactMessages').column('createdAt').execute();
  },
};
