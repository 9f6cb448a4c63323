import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema.js';
import type { Dialect } from './migrations/types.js';
import { createPrivateFile, makePrivateDir, tightenFile } from '../security/private-files.js';

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
  const onDisk = url !== ':memory:';
  if (onDisk) {
    // Private from the start: SQLite creates the -wal and -shm files with the database's mode.
    makePrivateDir(path.dirname(path.resolve(url)));
    createPrivateFile(url);
  }
  const sqlite = new SQLite(url);
  // WAL lets readers run beside the single writer; NORMAL sync is crash-safe in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  if (onDisk) for (const suffix of ['-wal', '-shm']) tightenFile(url + suffix);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', url, sqlite, close: () => db.destroy() };
}

/**
 * Transactions take SQLite's write lock when they begin (`BEGIN IMMEDIATE`), not at their first
 * write. A transaction that reads and then writes (the points aggregate's: the fixture, then the
 * rows) would otherwise fail at once with "database is locked" if another connection (a script
 * or a second process beside the server) wrote in between, since SQLite cannot move a read
 * snapshot forward; taken at the start, the lock waits out the other writer (busy_timeout). In
 * the server's own single connection nothing changes: its transactions already run one at a time.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing was the largest single cost of a
 * request under load. Statements are reusable, so the same SQL text gets the same prepared
 * statement from a bounded cache. Schema changes make better-sqlite3 re-prepare by itself, so
 * cached statements never go stale.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000, maxBytes = 16 * 1024 * 1024): SQLite.Database {
  // Bounded by count and by bytes (the SQL text, plus an allowance for the prepared statement).
  const cache = new LRUCache<string, SQLite.Statement>({
    max,
    maxSize: maxBytes,
    sizeCalculation: (_stmt, source) => source.length * 2 + 2048,
  });
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') {
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (source: string) => {
        let stmt = cache.get(source);
        if (!stmt) {
          stmt = prepare(source);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}
