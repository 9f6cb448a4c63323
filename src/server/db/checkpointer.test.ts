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
      checkpointer = startCheckpointer(handle!.sqlite!, file, {
        everyMs: 20,
        driver: path.join(dir, 'no-such-driver.js'),
        onError: (m) => (failures.push(m), resolve()),
      });
    });
    await failed;
    expect(failures[0]).toMatch(/no-such-driver|Cannot find/);
    expect(autocheckpoint(handle)).toBe(1000);
  });

  /** Frames the log file holds (its size: it only shrinks when cut back) and how often it started over (WAL header, bytes 12–15). */
  const logState = (h: DatabaseHandle, file: string) => {
    const bytes = fs.readFileSync(`${file}-wal`);
    const pageSize = Number(h.sqlite!.pragma('page_size', { simple: true }));
    return { frames: bytes.length / (pageSize + 24), restarts: bytes.readUInt32BE(12) };
  };
  const commitBackToBack = async (h: DatabaseHandle, n: number) => {
    const insert = sql`INSERT INTO t (v) VALUES ('a row of some length, as a prediction is')`;
    for (let i = 0; i < n; i++) {
      await insert.execute(h.db);
      // As a server's requests do, let the event loop turn now and then (the worker's reports arrive so).
      if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  };

  /** A fresh database with the checkpointer on (a limit of 1,000 frames), after 20,000 commits back to back: its log's state. */
  const logAfterCommits = async (everyMs: number) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-ckpt-'));
    const file = path.join(dir, 'db.sqlite');
    handle = openDatabase(file);
    handle.sqlite!.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    checkpointer = startCheckpointer(handle.sqlite!, file, { everyMs, restartFrames: 1000 });
    await commitBackToBack(handle, 20_000);
    return { file, ...logState(handle, file) };
  };

  it('past its limit the connection checkpoints by itself and the log starts over, worker or not', async () => {
    // The worker does not run during the writes: what starts the log over is the connection alone,
    // which a worker must never switch off (left to the worker, 20,000 commits make 20,000+ frames).
    const log = await logAfterCommits(60_000);
    expect(log.frames).toBeLessThan(1100);
    expect(log.restarts).toBeGreaterThanOrEqual(15);
  });

  it('under writes that never pause, with the worker checkpointing beside them, the log still starts over', async () => {
    // A write always lands while the worker copies, so its checkpoints never finish the log; the
    // connection's own checkpoint is skipped while the worker's runs and tried after the next
    // commit. How far past its limit the log gets is the commits made during one of the worker's
    // checkpoints (its fsync): up to 11,000 frames measured on a loaded machine, so the bound is
    // only what a log growing with every commit would reach (20,595 frames measured).
    const log = await logAfterCommits(5);
    expect(log.frames).toBeLessThan(16_000);
    expect(log.restarts).toBeGreaterThanOrEqual(2);
    const other = new SQLite(log.file, { readonly: true });
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
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out).toContain('stopped');
  });
});
