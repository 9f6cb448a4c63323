import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { freshDatabaseUrl } from '../test/databases.js';
import { unsafeStartReasons } from './production-checks.js';

/**
 * A start with an unsafe configuration is refused with a message
 * naming the variable to set; a safe production configuration starts.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const base = { AUTH_SECRET: SECRET, SEED_SEASON: 'false' };
const reasons = (env: Record<string, string>) => unsafeStartReasons(loadConfig({ ...base, ...env }));

describe('the start-up safety check', () => {
  it('refuses production mail going to the development outbox, naming SMTP_URL', () => {
    const r = reasons({ NODE_ENV: 'production', PUBLIC_URL: 'https://scoreline.example' });
    expect(r).toHaveLength(1);
    expect(r[0]).toMatch(/SMTP_URL/);
  });

  it('refuses the outbox on an address beyond this machine, naming HOST and SMTP_URL', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'scoreline.example']) {
      const r = reasons({ NODE_ENV: 'development', HOST });
      expect(r, HOST).toHaveLength(1);
      expect(r[0]).toMatch(/HOST=127\.0\.0\.1/);
      expect(r[0]).toMatch(/SMTP_URL/);
    }
  });

  it('refuses a production PUBLIC_URL without https when it can be reached from elsewhere, naming PUBLIC_URL', () => {
    const r = reasons({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'http://scoreline.example',
      HOST: '0.0.0.0',
    });
    expect(r).toHaveLength(1);
    expect(r[0]).toMatch(/PUBLIC_URL/);
    expect(r[0]).toMatch(/https:\/\//);
  });

  it('accepts a safe production configuration, and the loopback-only ones', () => {
    expect(
      reasons({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example:587',
        PUBLIC_URL: 'https://scoreline.example',
        ADMIN_EMAILS: 'boss@example.com',
        HOST: '0.0.0.0',
      }),
    ).toEqual([]);
    // A production build tried on this machine only (benchmarks, smoke tests).
    expect(reasons({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', HOST: '127.0.0.1' })).toEqual([]);
    // Plain `npm start` in development.
    expect(reasons({ NODE_ENV: 'development' })).toEqual([]);
    expect(reasons({ NODE_ENV: 'development', HOST: '::1' })).toEqual([]);
    expect(reasons({ NODE_ENV: 'development', HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example:587' })).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs the real entry point (src/server/main.ts through tsx) with `env`. */
function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-start-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('exits with the reason when production mail would go to the outbox', async () => {
    const run = start({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://scoreline.example',
      PORT: String(await freePort()),
      DATABASE_URL: await freshDatabaseUrl(),
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Refusing to start/);
    expect(run.output()).toMatch(/SMTP_URL/);
  });

  it('starts in production with SMTP, an https PUBLIC_URL and ADMIN_EMAILS', async () => {
    const port = await freePort();
    const run = start({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://scoreline.example',
      SMTP_URL: 'smtp://127.0.0.1:9',
      ADMIN_EMAILS: 'boss@example.com',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: await freshDatabaseUrl(),
    });
    try {
      for (;;) {
        if (run.child.exitCode !== null) throw new Error(`exited: ${run.output()}`);
        const status = await new Promise<number>((resolve) => {
          http
            .get({ host: '127.0.0.1', port, path: '/api/health', headers: { host: 'scoreline.example' } }, (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            })
            .on('error', () => resolve(0));
        });
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    expect(run.output()).not.toMatch(/Refusing to start/);
  });
});
