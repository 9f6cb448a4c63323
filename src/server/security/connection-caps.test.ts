import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { freshDatabaseUrl } from '../test/databases.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { capConnections, connectionCapsOf, connectionClient, refusalLogger } from './connection-caps.js';

/**
 * One client cannot hold the server's connections: beyond its share a new connection is closed as
 * it opens, and beyond the total every new one is. Real sockets against a listening server.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function open(port: number): Promise<Socket> {
  const socket = net.connect(port, '127.0.0.1');
  // A refused connection is reset by the server: that is the answer, not a test failure.
  socket.on('error', () => {});
  cleanups.push(() => void socket.destroy());
  await once(socket, 'connect');
  return socket;
}

/** Sends one request; 'answered' when the server replies, 'closed' when it closed the connection instead. */
function ask(socket: Socket): Promise<'answered' | 'closed'> {
  return new Promise((resolve) => {
    socket.once('data', () => resolve('answered'));
    socket.once('close', () => resolve('closed'));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost:3000\r\n\r\n');
  });
}

async function listening(caps: { maxTotal: number; maxPerClient: number | null }) {
  const t: TestApp = await createTestApp();
  cleanups.push(() => t.close());
  const refused: string[] = [];
  const counter = capConnections(t.app.server, caps, (why) => refused.push(why));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, counter, refused, port: (t.app.server.address() as AddressInfo).port };
}

describe('connection caps', () => {
  it('the connection beyond a client’s cap is closed unanswered; after one closes, a new one works', async () => {
    const { port, counter, refused } = await listening({ maxTotal: 100, maxPerClient: 3 });
    const held = [await open(port), await open(port), await open(port)];
    for (const s of held) expect(await ask(s)).toBe('answered');
    expect(counter.openFrom('127.0.0.1')).toBe(3);

    expect(await ask(await open(port))).toBe('closed');
    expect(refused).toEqual(['client']);
    // The held ones are still served (kept alive).
    expect(await ask(held[0]!)).toBe('answered');

    held[1]!.destroy();
    await vi.waitFor(() => expect(counter.openFrom('127.0.0.1')).toBe(2));
    expect(await ask(await open(port))).toBe('answered');
    expect(await ask(await open(port))).toBe('closed');
  });

  it('beyond the total every new connection is closed, whoever opens it', async () => {
    const { t, port, refused } = await listening({ maxTotal: 2, maxPerClient: null });
    const held = [await open(port), await open(port)];
    for (const s of held) expect(await ask(s)).toBe('answered');
    expect(await ask(await open(port))).toBe('closed');
    expect(refused).toEqual(['total']);

    held[0]!.destroy();
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        t.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
      );
    await vi.waitFor(async () => expect(await connections()).toBe(1));
    expect(await ask(await open(port))).toBe('answered');
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    const key = (remoteAddress: string) => connectionClient({ remoteAddress } as Socket);
    expect(key('2001:db8:1:2:aaaa::1')).toBe(key('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(key('2001:db8:1:2::1')).not.toBe(key('2001:db8:1:3::1'));
    expect(key('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('is configured by MAX_CONNECTIONS and MAX_CONNECTIONS_PER_CLIENT; behind a proxy only the total holds', () => {
    const base = { NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) };
    expect(connectionCapsOf(loadConfig(base))).toEqual({ maxTotal: 10_000, maxPerClient: 256 });
    expect(connectionCapsOf(loadConfig({ ...base, MAX_CONNECTIONS: '500', MAX_CONNECTIONS_PER_CLIENT: '20' }))).toEqual(
      { maxTotal: 500, maxPerClient: 20 },
    );
    // Every connection comes from the proxy: its own per-client limit applies (docs/operations.md).
    expect(connectionCapsOf(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }))).toEqual({
      maxTotal: 10_000,
      maxPerClient: null,
    });
    expect(() => loadConfig({ ...base, MAX_CONNECTIONS_PER_CLIENT: '0' })).toThrow(/MAX_CONNECTIONS_PER_CLIENT/);
    expect(() => loadConfig({ ...base, MAX_CONNECTIONS: 'many' })).toThrow(/MAX_CONNECTIONS/);
  });

  it('logs refusals at most once a minute per kind', () => {
    let now = 0;
    const lines: string[] = [];
    const log = refusalLogger(
      (m) => lines.push(m),
      { maxTotal: 9, maxPerClient: 3 },
      () => now,
    );
    log('client');
    log('client');
    log('total');
    now += 60_000;
    log('client');
    expect(lines).toEqual([
      'Connections refused: a client already had 3 open (MAX_CONNECTIONS_PER_CLIENT)',
      'Connections refused: 9 already open (MAX_CONNECTIONS)',
      'Connections refused: a client already had 3 open (MAX_CONNECTIONS_PER_CLIENT)',
    ]);
  });

  it('the server as main.ts starts it holds MAX_CONNECTIONS_PER_CLIENT', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-conn-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: await freshDatabaseUrl(),
        DATA_DIR: dataDir,
        SEED_SEASON: 'false',
        LOG_LEVEL: 'info',
        MAX_CONNECTIONS_PER_CLIENT: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit');
    cleanups.push(async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (d: Buffer) => {
        output += d.toString();
        if (output.includes('Scoreline is running at')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => reject(new Error(`the server exited: ${output}`)));
    });
    const held = [await open(port), await open(port)];
    for (const s of held) expect(await ask(s)).toBe('answered');
    expect(await ask(await open(port))).toBe('closed');
  });
});
