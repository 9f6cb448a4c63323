import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server (src/server/main.ts through tsx) on a fresh SQLite database and a free port.
 * The web app is the one built by the e2e global setup (E2E_WEB_DIR).
 */
export interface RunningServer {
  url: string;
  dataDir: string;
  databaseUrl: string;
  logs: string[];
  /** Stops the process; the data folder is removed unless `keepData`. */
  stop(signal?: NodeJS.Signals, opts?: { keepData?: boolean }): Promise<void>;
  pid: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-e2e-'));
  const databaseUrl = env.DATABASE_URL ?? path.join(dataDir, 'scoreline.db');
  const url = `http://localhost:${port}`;
  const logs: string[] = [];
  // The test command builds the server first (E2E_USE_BUILD); a single file run uses the sources.
  const entry =
    process.env.E2E_USE_BUILD && fs.existsSync('dist/server/main.js')
      ? ['dist/server/main.js']
      : ['--import', 'tsx', 'src/server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      SCORELINE_WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist/web',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  // A server that dies in the middle of a test leaves only "connection refused" behind: say why.
  // (One that dies while starting is reported by the wait below, with its log.)
  let running = false;
  child.once('exit', (code, signal) => {
    if (running)
      console.error(`The server on ${url} exited (${signal ?? code}) during the tests:\n${logs.join('').slice(-8000)}`);
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  running = true;

  return {
    url,
    dataDir,
    databaseUrl,
    logs,
    pid: child.pid!,
    async stop(signal = 'SIGTERM', stopOpts = {}) {
      running = false;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      }
      if (!stopOpts.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The development outbox's link with this server's key, as the server prints it in its log when
 * it starts without SMTP_URL (`…/dev/mail?key=…`). Only that link opens the outbox.
 */
export function outboxLink(server: RunningServer): string {
  const printed = /Development outbox[^"]*?: (https?:\/\/\S+?\/dev\/mail\?key=[\w-]+)/.exec(server.logs.join(''));
  if (!printed)
    throw new Error(`No development outbox link in the server log (is SMTP_URL set?):\n${server.logs.join('')}`);
  return printed[1]!;
}

/** The mails in a server's development outbox, newest first, read with the key from its log. */
export async function outboxMails(
  server: RunningServer,
): Promise<Array<{ to: string; subject: string; text: string }>> {
  const link = new URL(outboxLink(server));
  const res = await fetch(`${server.url}/dev/mail.json?key=${link.searchParams.get('key')}`);
  if (!res.ok) throw new Error(`The development outbox answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { messages: Array<{ to: string; subject: string; text: string }> }).messages;
}
