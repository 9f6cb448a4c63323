import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { Dialect } from './migrations/types.js';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** The connection string for PostgreSQL (used by LISTEN/NOTIFY), or the SQLite file path. */
  url: string;
  /** The raw better-sqlite3 handle on SQLite (backups, integrity checks); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

// PostgreSQL returns COUNT/SUM as bigint strings by default; our numbers are always small.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export function openDatabase(url: string, opts: { poolSize?: number } = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', url, close: () => db.destroy() };
  }
  if (url !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true });
  const sqlite = new SQLite(url);
  // WAL lets readers run beside the single writer; NORMAL sync is crash-safe in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', url, sqlite, close: () => db.destroy() };
}
