import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts a throwaway PostgreSQL server from Debian's `postgresql` package (tests and
 * benchmarks). As root the server runs as the `postgres` user, since PostgreSQL refuses root.
 * Returns the base URL without a database name (append `/dbname`).
 */
export interface PostgresServer {
  baseUrl: string;
  /** Stops the server but keeps its data, as a database restart or failover would. */
  pause(): Promise<void>;
  /** Starts a paused server again, on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

function findBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error("PostgreSQL server binaries not found: install Debian's postgresql package (npm test does this).");
}

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

/**
 * `keepDir`: a folder whose data outlives the server (the benchmark's cached world): made and
 * initialised when empty, reused as it is otherwise, and never removed by `stop()`.
 */
export async function startPostgres(
  opts: { fast?: boolean; maxConnections?: number; keepDir?: string } = {},
): Promise<PostgresServer> {
  const bin = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = opts.keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-pg-'));
  const dataDir = path.join(dir, 'data');
  const asPg = (cmd: string, args: string[]) =>
    isRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(dir, { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    const init = asPg(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
    ]);
    execFileSync(init.cmd, init.args, { stdio: 'ignore' });
  }
  const port = await freePort();
  const settings = [
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `max_connections=${opts.maxConnections ?? 200}`,
  ];
  // Tests throw the data away, so durability settings only cost time there.
  if (opts.fast !== false)
    settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const baseUrl = `postgres://postgres@127.0.0.1:${port}`;

  /** Starts the postmaster on the data directory and waits until it accepts logins. */
  const launch = async (): Promise<ChildProcess> => {
    const run = asPg(path.join(bin, 'postgres'), ['-D', dataDir, ...settings]);
    const child: ChildProcess = spawn(run.cmd, run.args, { stdio: 'ignore', detached: false });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const sock = net.connect(port, '127.0.0.1', () => {
          sock.end();
          resolve(true);
        });
        sock.on('error', () => resolve(false));
      });
      if (ok) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('PostgreSQL did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // The port answers slightly before the server accepts logins.
    const pg = (await import('pg')).default;
    for (;;) {
      const c = new pg.Client({ connectionString: `${baseUrl}/postgres` });
      try {
        await c.connect();
        await c.end();
        return child;
      } catch {
        if (Date.now() > deadline) throw new Error('PostgreSQL did not accept connections');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };

  /** Stops the postmaster (fast: open sessions are ended), keeping the data directory. */
  const halt = (child: ChildProcess) => {
    // pg_ctl signals the postmaster itself (runuser does not pass signals on).
    const stopCmd = asPg(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
    try {
      execFileSync(stopCmd.cmd, stopCmd.args, { stdio: 'ignore', timeout: 30_000 });
    } catch {
      child.kill('SIGKILL');
    }
  };

  let child: ChildProcess | null = await launch();
  return {
    baseUrl,
    async pause() {
      if (child) halt(child);
      child = null;
    },
    async resume() {
      child ??= await launch();
    },
    async stop() {
      if (child) halt(child);
      child = null;
      if (!opts.keepDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
