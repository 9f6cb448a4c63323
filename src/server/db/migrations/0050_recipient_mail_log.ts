import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * Account mails per recipient (mail/recipient-cap.ts): one row per address mailed in the last
 * hour, with how many account mails it was sent since its window opened. Kept in the database so
 * the cap holds across instances; rows of a closed window are deleted as mails go out.
 */
export const recipientMailLog: AppMigration = {
  name: '0050_recipient_mail_log',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('recipientMailLog')
      .addColumn('recipient', 'text', (c) => c.primaryKey())
      .addColumn('windowStart', 'text', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recipientMailLog_windowStart').on('recipientMailLog').column('windowStart').execute();
  },
};
