import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './index.js';

/**
 * SQLite transactions take the write lock when they begin (db/index.ts `ImmediateSqliteDialect`),
 * so a transaction that reads and then writes (as the points aggregate's do) is never broken by
 * another connection writing in between: the other connection waits for it instead. SQLite only.
 */
const onSqlite = process.env.TEST_DB !== 'postgres';
let dir = '';
let handle: DatabaseHandle | undefined;
let other: SQLite.Database | undefined;
afterEach(async () => {
  other?.close();
  other = undefined;
  await handle?.close();
  handle = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(onSqlite)('SQLite transactions beside another connection', () => {
  it('a transaction that reads, then writes, finishes; a write from another connection meanwhile waits and is refused, not the transaction', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-tx-'));
    const file = path.join(dir, 'db.sqlite');
    handle = openDatabase(file);
    handle.sqlite!.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)');
    handle.sqlite!.exec('INSERT INTO t (id, v) VALUES (1, 0)');
    // Another connection to the same file (a script, or a second process), impatient so the test is quick.
    other = new SQLite(file);
    other.pragma('busy_timeout = 50');

    let otherWrite: unknown = 'not tried';
    await handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ v: number }>`SELECT v FROM t WHERE id = 1`.execute(trx);
      // Between the read and the write, the other connection tries to write.
      try {
        other!.exec('UPDATE t SET v = 100 WHERE id = 1');
        otherWrite = 'written';
      } catch (err) {
        otherWrite = (err as Error).message;
      }
      await sql`UPDATE t SET v = ${rows[0]!.v + 1} WHERE id = 1`.execute(trx);
    });

    expect(otherWrite).toBe('database is locked');
    expect(other.prepare('SELECT v FROM t WHERE id = 1').get()).toEqual({ v: 1 });
    // Once the transaction is done, the other connection writes as usual.
    other.exec('UPDATE t SET v = 2 WHERE id = 1');
    expect(handle.sqlite!.prepare('SELECT v FROM t WHERE id = 1').get()).toEqual({ v: 2 });
  });
});
