import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * A contact message names the account that sent it: `accountEmail` is the sender's verified
 * address when the message was sent (the mail's "From the account" line), apart from the reply
 * address they typed (`fromEmail`, which may be another, unverified address). Older messages keep
 * what they had (their `fromName` is the sender's address) with `accountEmail` NULL; a deleted
 * account's messages are set back to NULL too (docs/decisions/0047-account-deletion.md).
 */
export const contactSender: AppMigration = {
  name: '0029_contact_sender',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('contactMessages').addColumn('accountEmail', 'text').execute();
  },
};
