import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * Security hardening (docs/security.md). `fixtures.predictionsLockedAt`: set when a match is moved after its deadline had
 * passed (its picks were already shown), so its predictions stay closed for good (decision
 * record 0012). An index for the cap on leagues created per player. And reset tokens already stored in plain text are replaced by the SHA-256 hash
 * Better Auth now stores (`verification.storeIdentifier: 'hashed'`), so an old backup of this
 * database is the last one that holds a usable link.
 */
export const security: AppMigration = {
  name: '0011_security',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('fixtures').addColumn('predictionsLockedAt', 'text').execute();
    // The cap on leagues one player creates counts them on every create.
    await db.schema.createIndex('leagues_creator').on('leagues').column('creatorId').execute();

    const plain = await sql<{ id: string; identifier: string }>`
      SELECT "id", "identifier" FROM "verification" WHERE "identifier" LIKE 'reset-password:%'`.execute(db);
    for (const row of plain.rows) {
      const hashed = crypto.createHash('sha256').update(row.identifier).digest('base64url');
      await sql`UPDATE "verification" SET "identifier" = ${hashed} WHERE "id" = ${row.id}`.execute(db);
    }
  },
};
