import { sql } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * Until an address is verified nobody holds an account with it (decision 0049): signing up no
 * longer signs anyone in. Sessions that the release before handed out at sign-up to addresses
 * still unverified are ended here, so a registration made by someone without the mailbox holds
 * no session while it waits for the real owner. Verified players keep their sessions.
 */
export const pendingRegistrations: AppMigration = {
  name: '0027_pending_registrations',
  async up(db) {
    // `IS NOT TRUE` reads PostgreSQL's boolean and SQLite's 0/1 alike.
    await sql`DELETE FROM "session" WHERE "userId" IN (SELECT "id" FROM "user" WHERE "emailVerified" IS NOT TRUE)`.execute(
      db,
    );
  },
};
