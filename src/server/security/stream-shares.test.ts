import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import type { SecurityLimits } from './limits.js';

/**
 * Live-update streams are shared out so that a flood from some addresses never shuts out the
 * rest (decision 0053): per client, per network (IPv4 /24, IPv6 /48), a share kept for verified
 * players, and per player by account. Clients are told apart by X-Forwarded-For behind a
 * trusted proxy, as in production behind nginx.
 */

const LIMITS: Partial<SecurityLimits> = {
  sseMaxTotal: 10,
  sseReservedForPlayers: 3,
  sseMaxPerAddress: 2,
  sseMaxPerNetwork: 4,
  sseMaxPerPlayer: 2,
  sseMaxPlayersPerNetwork: 3,
};

let t: TestApp | undefined;
let port = 0;
const open: http.ClientRequest[] = [];
afterEach(async () => {
  for (const req of open.splice(0)) req.destroy();
  await t?.close();
  t = undefined;
});

async function start() {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, security: { limits: LIMITS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  return t;
}

async function playerCookie(verified = true) {
  const { db, handle, config } = t!.app.deps;
  const user = await buildUser(db, handle.dialect, { emailVerified: verified });
  return buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
}

/** Opens a stream from `from`; resolves with its status (and the refusal's message) once the server has counted it. */
function stream(from: string, cookie?: string): Promise<{ status: number; message?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { host: `localhost:${port}`, 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        if (res.statusCode === 200) return res.once('data', () => resolve({ status: 200 }));
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, message: JSON.parse(body).error.message }));
      },
    );
    open.push(req);
    req.on('error', reject);
  });
}
async function streams(n: number, from: string, cookie?: string) {
  const out = [];
  for (let i = 0; i < n; i++) out.push((await stream(from, cookie)).status);
  return out;
}

describe('live-update streams are shared out', () => {
  it('one IPv6 /56 (many /64s) gets its network’s share, and a visitor elsewhere still connects', async () => {
    await start();
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(...(await streams(2, `2001:db8:7:ff0${i}::1`)));
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect((await stream('2001:db8:7:ff09::1')).message).toBe(
      'Too many live-update connections from your network right now. The page retries by itself in a minute.',
    );
    expect((await stream('198.51.100.7')).status).toBe(200);
  });

  it('many addresses of one IPv4 /24 get its share; each address its own', async () => {
    await start();
    expect(await streams(3, '203.0.113.1')).toEqual([200, 200, 429]);
    expect(await streams(3, '203.0.113.2')).toEqual([200, 200, 429]);
    expect(await streams(1, '203.0.113.3')).toEqual([429]);
    expect((await stream('198.51.100.7')).status).toBe(200);
  });

  it('a flood from many networks fills only the visitors’ share: verified players still connect', async () => {
    await start();
    const flood = [];
    for (let n = 1; n <= 5; n++) flood.push(...(await streams(2, `10.0.${n}.1`)));
    expect(flood.filter((s) => s === 200)).toHaveLength(7);
    const refused = await stream('10.0.9.1');
    expect(refused).toEqual({
      status: 429,
      message:
        'The server has too many live-update connections from visitors right now. Signed-in players have places kept for them; the page retries by itself in a minute.',
    });
    // An unverified account is a visitor here.
    expect((await stream('192.0.2.10', await playerCookie(false))).status).toBe(429);
    const ada = await playerCookie();
    expect(await streams(3, '192.0.2.10', ada)).toEqual([200, 200, 429]);
    expect((await stream('192.0.2.10', ada)).message).toBe(
      'Too many live-update connections for your account (2). Close some Scoreline tabs; the page retries by itself.',
    );
    expect((await stream('192.0.2.11', await playerCookie())).status).toBe(200);
    // Every place is taken now.
    expect((await stream('198.51.100.12', await playerCookie())).message).toBe(
      'The server has too many live-update connections right now. The page retries by itself in a minute.',
    );
  });

  it('players behind one address each have their own share, but one network’s players are capped', async () => {
    await start();
    expect(await streams(2, '198.51.100.1')).toEqual([200, 200]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await stream('198.51.100.1', await playerCookie())).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await stream('203.0.113.1', await playerCookie())).status).toBe(200);
  });
});
