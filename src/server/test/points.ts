import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/migrations/types.js';

/** The triggers on predictions and fixtures (PostgreSQL's own internal ones, for foreign keys, aside), by name. */
export async function pointTriggers<T>(db: Kysely<T>, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`SELECT t."tgname" AS "name" FROM "pg_trigger" t JOIN "pg_class" c ON c."oid" = t."tgrelid"
          WHERE NOT t."tgisinternal" AND c."relname" IN ('predictions', 'fixtures') ORDER BY 1`.execute(db)
      : await sql<{
          name: string;
        }>`SELECT "name" FROM "sqlite_master" WHERE "type" = 'trigger' AND "tbl_name" IN ('predictions', 'fixtures') ORDER BY 1`.execute(
          db,
        );
  return rows.map((r) => r.name);
}
