import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteChangeMarker } from './repository.js';

/**
 * The SQLite change marker that lets cached reads skip the results' fingerprint: it must move on
 * the server's own writes at once and on another connection's commit by the next turn of the
 * event loop, while reading `PRAGMA data_version` only once per turn.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const dirs: string[] = [];
const open: SQLite.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function twoConnections() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-marker-'));
  dirs.push(dir);
  const file = path.join(dir, 'm.db');
  const server = new SQLite(file);
  server.pragma('journal_mode = WAL');
  server.exec('CREATE TABLE t (n INTEGER)');
  const script = new SQLite(file);
  open.push(server, script);
  return { server, script };
}

/** Counts the `PRAGMA data_version` reads made through `db`'s prepared statements. */
function countingVersionReads(db: SQLite.Database) {
  const reads = { n: 0 };
  const counted = new Proxy(db, {
    get(target, prop) {
      if (prop !== 'prepare') return Reflect.get(target, prop, target) as unknown;
      return (source: string) => {
        const statement = target.prepare(source);
        if (!source.includes('data_version')) return statement;
        const pluck = statement.pluck.bind(statement);
        statement.pluck = (...toggle: [boolean?]) => {
          const plucked = toggle.length ? pluck(toggle[0]) : pluck();
          const get = plucked.get.bind(plucked);
          plucked.get = ((...args: unknown[]) => {
            reads.n++;
            return get(...args);
          }) as typeof plucked.get;
          return plucked;
        };
        return statement;
      };
    },
  });
  return { db: counted, reads };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('the SQLite change marker', () => {
  it("moves at once on the server's own write", () => {
    const { server } = twoConnections();
    const marker = sqliteChangeMarker(server);
    const before = marker();
    expect(marker()).toBe(before);
    server.prepare('INSERT INTO t VALUES (1)').run();
    expect(marker()).not.toBe(before);
  });

  it("moves on another connection's commit for every request of a later turn", async () => {
    const { server, script } = twoConnections();
    const marker = sqliteChangeMarker(server);
    const before = marker();
    await nextTurn();
    expect(marker()).toBe(before);
    await nextTurn();
    script.prepare('INSERT INTO t VALUES (2)').run();
    await nextTurn();
    expect(marker()).not.toBe(before);
  });

  it('reads data_version once per turn of the event loop, however many requests ask', async () => {
    const { server } = twoConnections();
    const { db, reads } = countingVersionReads(server);
    const marker = sqliteChangeMarker(db);
    for (let i = 0; i < 5; i++) marker();
    expect(reads.n).toBe(1);
    await nextTurn();
    marker();
    marker();
    expect(reads.n).toBe(2);
  });
});
