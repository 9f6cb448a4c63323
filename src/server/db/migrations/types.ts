import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** A migration receives the dialect so column types can differ where the drivers differ. */
export interface AppMigration {
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Column types for Better Auth's own tables, which store native dates/booleans on PostgreSQL. */
export function authTypes(dialect: Dialect) {
  return dialect === 'postgres'
    ? ({ date: 'timestamptz', bool: 'boolean' } as const)
    : ({ date: 'date', bool: 'integer' } as const);
}
