import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './index.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';

/**
 * SQLite checkpoints run in a worker thread with its own connection (db/checkpointer.ts), so a
 * commit on the event loop never waits for one: the server's connection does not checkpoint, the
 * worker copies every committed frame back into the database file, and a failed worker hands
 * checkpoints back to the connection. SQLite only (PostgreSQL has its own checkpointer).
 */
const onSqlite = process.env.TEST_DB !== 'postgres';
let dir = '';
let handle: DatabaseHandle | undefined;
let checkpointer: Checkpointer | undefined;
afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = undefined;
  await handle?.close();
  handle = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const autocheckpoint = (h: DatabaseHandle) => Number(h.sqlite!.pragma('wal_autocheckpoint', { simple: true }));

describe.runIf(onSqlite)('SQLite checkpoints beside the event loop', () => {
  it('the connection checkpoints only past its limit; the worker copies every committed page back, and the data is in the file', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-ckpt-'));
    const file = path.join(dir, 'db.sqlite');
    handle = openDatabase(file);
    const sqlite = handle.sqlite!;
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    checkpointer = startCheckpointer(sqlite, file, { everyMs: 20 });
    expect(autocheckpoint(handle)).toBe(20_000);
    // Enough separate commits that the connection would have checkpointed by itself (over 1,000 frames).
    const insert = sqlite.prepare('INSERT INTO t (v) VALUES (?)');
    for (let i = 0; i < 1500; i++) insert.run(`row ${i}`);
    let report = await checkpointer.next();
    for (let i = 0; i < 50 && report.checkpointed < report.log; i++) report = await checkpointer.next();
    expect(report.log).toBeGreaterThan(1000);
    expect(report.checkpointed).toBe(report.log);
    // Another connection reads every row.
    const other = new SQLite(file, { readonly: true });
    expect(other.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1500 });
    other.close();
    await checkpointer.stop();
    checkpointer = undefined;
    expect(autocheckpoint(handle)).toBe(1000);
  });

  it('a worker that fails hands checkpoints back to the connection and says so', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-ckpt-'));
    const file = path.join(dir, 'db.sqlite');
    handle = openDatabase(file);
    const failures: string[] = [];
    const failed = new Promise<void>((resolve) => {
      checkpointer = startCheckpointer(handle!.sqlite!, file, { everyMs: 20, driver: path.join(dir, 'no-such-driver.js'), onError: (m) => (failures.push(m), resolve()) });
    });
    await failed;
    expect(failures[0]).toMatch(/no-such-driver|Cannot find/);
    expect(autocheckpoint(handle)).toBe(1000);
  });

  it('under writes that never pause, the log still starts over: it stays near its limit, not growing with every commit', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-ckpt-'));
    const file = path.join(dir, 'db.sqlite');
    handle = openDatabase(file);
    const h = handle;
    h.sqlite!.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    checkpointer = startCheckpointer(h.sqlite!, file, { everyMs: 5, restartFrames: 1000 });
    // 20,000 commits back to back (a write always lands while the worker copies): without the
    // connection checkpointing past its limit, the log never starts over (20,000+ frames).
    const insert = sql`INSERT INTO t (v) VALUES ('a row of some length, as a prediction is')`;
    for (let i = 0; i < 20_000; i++) {
      await insert.execute(h.db);
      // As a server's requests do, let the event loop turn now and then (the worker's reports arrive so).
      if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const frames = fs.statSync(`${file}-wal`).size / Number(h.sqlite!.pragma('page_size', { simple: true }));
    expect(frames).toBeLessThan(6000);
    const other = new SQLite(file, { readonly: true });
    expect(other.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 20_000 });
    other.close();
  });

  it('stopping keeps the process alive until the last checkpoint is done (graceful shutdown)', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-ckpt-'));
    const file = path.join(dir, 'db.sqlite');
    // A process whose only remaining work is stop(): the worker is unreferenced while it runs, so
    // without taking the reference back on stop the process ended before "stopped" was printed.
    const script = `
      import { openDatabase } from ${JSON.stringify(path.resolve('src/server/db/index.ts'))};
      import { startCheckpointer } from ${JSON.stringify(path.resolve('src/server/db/checkpointer.ts'))};
      const handle = openDatabase(${JSON.stringify(file)});
      handle.sqlite.exec('CREATE TABLE t (v TEXT)');
      const c = startCheckpointer(handle.sqlite, ${JSON.stringify(file)}, { everyMs: 60_000 });
      c.stop().then(() => console.log('stopped'));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(out).toContain('stopped');
  });
});
