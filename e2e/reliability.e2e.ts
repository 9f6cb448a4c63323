import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { freePort, startServer, type RunningServer } from './support/server.js';

/**
 * Loses nothing: acknowledged prediction saves survive SIGKILL, SIGTERM lets in-flight requests
 * finish, and an online backup taken during writes restores to a working server.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
/** 20 in the test command; `npm run bench:crash` runs 100. */
const CRASH_CYCLES = Number(process.env.CRASH_CYCLES ?? 20);
const BASE_ENV = { AUTH_SECRET: SECRET, SCORELINE_NOW: '2025-08-01T12:00:00Z', LOG_LEVEL: 'warn' };

interface Ack {
  cookie: string;
  userId: string;
  fixtureId: string;
  home: number;
  away: number;
}

/** One request on its own connection, so a killed server shows up as an error, not a reused socket. */
function put(url: string, cookie: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'PUT',
        agent: false,
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function prepare(): Promise<{
  dataDir: string;
  port: number;
  users: Array<{ id: string; cookie: string }>;
  fixtureIds: string[];
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-rel-'));
  const port = await freePort();
  // First start migrates and loads the season.
  const first = await startServer(BASE_ENV, { dataDir, port });
  await first.stop('SIGTERM', { keepData: true });
  const handle = openDatabase(path.join(dataDir, 'scoreline.db'));
  const users = [];
  for (let i = 0; i < 20; i++) {
    const u = await buildUser(handle.db, 'sqlite');
    users.push({ id: u.id, cookie: await buildSessionCookie(handle.db, 'sqlite', u.id, SECRET) });
  }
  const fixtureIds = (
    await handle.db
      .selectFrom('fixtures')
      .select('id')
      .where('seasonId', '=', '2025-26')
      .where('postponed', '=', 0)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  await handle.close();
  return { dataDir, port, users, fixtureIds };
}

describe('reliability', () => {
  it(
    `keeps every acknowledged prediction through ${CRASH_CYCLES} SIGKILL restarts, and the database stays intact`,
    { timeout: CRASH_CYCLES * 20_000 },
    async () => {
      const { dataDir, port, users, fixtureIds } = await prepare();
      expect(fixtureIds.length).toBeGreaterThan(300);
      const pairs = users.flatMap((u) => fixtureIds.map((f) => ({ u, f })));
      let next = 0;
      const acks: Ack[] = [];
      for (let cycle = 0; cycle < CRASH_CYCLES; cycle++) {
        const server: RunningServer = await startServer(BASE_ENV, { dataDir, port });
        let alive = true;
        const worker = async () => {
          while (alive && next < pairs.length) {
            const { u, f } = pairs[next++]!;
            const home = (next * 7) % 10;
            const away = (next * 3) % 10;
            try {
              const status = await put(`${server.url}/api/predictions/${encodeURIComponent(f)}`, u.cookie, {
                homeScore: home,
                awayScore: away,
              });
              if (status >= 200 && status < 300)
                acks.push({ cookie: u.cookie, userId: u.id, fixtureId: f, home, away });
              else if (alive) throw new Error(`save answered ${status}`);
            } catch (err) {
              if (alive) throw err;
              return;
            }
          }
        };
        let running = 8;
        const workers = Array.from({ length: running }, () => worker().finally(() => running--));
        // Killed at a moment counted in saves, not milliseconds, so a busy machine crashes it as
        // often mid-write as an idle one: after 10 to 40 more acknowledged saves, 8 still in flight.
        const killAt = acks.length + 10 + Math.floor(Math.random() * 31);
        while (acks.length < killAt && running > 0) await new Promise((r) => setTimeout(r, 10));
        alive = false;
        await server.stop('SIGKILL', { keepData: true });
        await Promise.allSettled(workers);
      }
      expect(acks.length).toBeGreaterThan(100);

      const db = new SQLite(path.join(dataDir, 'scoreline.db'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const get = db.prepare('select homeScore, awayScore from predictions where userId = ? and fixtureId = ?');
      const missing = acks.filter((a) => {
        const row = get.get(a.userId, a.fixtureId) as { homeScore: number; awayScore: number } | undefined;
        return !row || row.homeScore !== a.home || row.awayScore !== a.away;
      });
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(missing).toEqual([]);
    },
  );

  it('finishes in-flight requests on SIGTERM and answers none with a 5xx', async () => {
    const { dataDir, port, users, fixtureIds } = await prepare();
    const server = await startServer(BASE_ENV, { dataDir, port });
    const statuses: number[] = [];
    const failures: string[] = [];
    let stopping = false;
    let i = 0;
    const worker = async () => {
      while (i < 5000) {
        const u = users[i % users.length]!;
        const f = fixtureIds[i++ % fixtureIds.length]!;
        try {
          statuses.push(
            await put(`${server.url}/api/predictions/${encodeURIComponent(f)}`, u.cookie, {
              homeScore: 1,
              awayScore: 0,
            }),
          );
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          // Once SIGTERM is sent the listener closes: new connections are refused, and ones still
          // queued in the kernel's accept backlog (never seen by the server) are reset.
          if (stopping && (code === 'ECONNREFUSED' || code === 'ECONNRESET')) return;
          failures.push(`${code ?? (err as Error).message}`);
          return;
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    // Signal once the load is really flowing, whatever the machine's speed.
    while (statuses.length < 60 && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
    stopping = true;
    await server.stop('SIGTERM', { keepData: true });
    await Promise.all(workers);
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(failures).toEqual([]);
    // Every request the server had started was answered before it exited.
    const summary = /shutdown: received=(\d+) completed=(\d+)/.exec(server.logs.join(''));
    expect(summary, server.logs.join('')).not.toBeNull();
    expect(Number(summary![2])).toBe(Number(summary![1]));
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('takes a consistent online backup while the database is written, and the backup serves', async () => {
    const { dataDir, port, users, fixtureIds } = await prepare();
    const server = await startServer(BASE_ENV, { dataDir, port });
    let writing = true;
    let saved = 0;
    const writer = (async () => {
      let k = 0;
      while (writing) {
        const u = users[k % users.length]!;
        const status = await put(
          `${server.url}/api/predictions/${encodeURIComponent(fixtureIds[k++ % fixtureIds.length]!)}`,
          u.cookie,
          { homeScore: 2, awayScore: 2 },
        );
        if (status === 200) saved++;
      }
    })();
    /** Resolves once `n` more saves have been answered (the writes are flowing, whatever the machine's speed). */
    const moreSaves = async (n: number) => {
      const target = saved + n;
      while (saved < target) await new Promise((r) => setTimeout(r, 10));
    };
    await moreSaves(20);
    const backup = path.join(dataDir, 'backup.db');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', backup], {
      env: { ...process.env, DATABASE_URL: path.join(dataDir, 'scoreline.db'), DATA_DIR: dataDir },
    });
    await moreSaves(10);
    writing = false;
    await writer;
    await server.stop('SIGTERM', { keepData: true });
    expect(saved).toBeGreaterThan(0);

    const check = new SQLite(backup, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    const count = (check.prepare('select count(*) as n from predictions').get() as { n: number }).n;
    check.close();
    expect(count).toBeGreaterThan(0);

    // Restore: a server started on the backup serves the saved predictions.
    const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-restore-'));
    fs.copyFileSync(backup, path.join(restoreDir, 'scoreline.db'));
    const restored = await startServer(BASE_ENV, { dataDir: restoreDir });
    const res = await fetch(`${restored.url}/api/predictions`, { headers: { cookie: users[0]!.cookie } });
    expect(res.status).toBe(200);
    await restored.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
