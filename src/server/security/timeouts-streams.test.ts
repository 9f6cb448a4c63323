import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DEFAULT_LIMITS } from './limits.js';

/**
 * Issue 11 item 11: a slow client cannot hold a connection forever (request and header
 * timeouts), live-update streams are capped per address and in total, and an idle stream is
 * ended cleanly (the browser's EventSource reconnects by itself).
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listen(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return (app.app.server.address() as net.AddressInfo).port;
}

/** Sends raw bytes and resolves with everything the server sent back before closing the socket. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (got += d));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

interface Stream {
  status: number;
  body: string;
  ended: Promise<void>;
  close(): void;
}
function openStream(port: number, forwardedFor: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { host: `localhost:${port}`, 'x-forwarded-for': forwardedFor } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      const ended = new Promise<void>((done) => res.on('end', () => done()));
      res.on('data', (d: string) => (body += d));
      const stream: Stream = { status: res.statusCode ?? 0, get body() { return body; }, ended, close: () => req.destroy() };
      // Wait for the first bytes so the server has counted the stream.
      if (res.statusCode === 200) res.once('data', () => resolve(stream));
      else res.on('end', () => resolve(stream));
    });
    req.on('error', reject);
  });
}

describe('timeouts', () => {
  it('are set by default: request, headers and idle connection', async () => {
    t = await createTestApp();
    const server = t.app.server;
    expect(server.requestTimeout).toBe(DEFAULT_LIMITS.requestTimeoutMs);
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBe(DEFAULT_LIMITS.headersTimeoutMs);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    expect(server.timeout).toBe(DEFAULT_LIMITS.connectionTimeoutMs);
  });

  it('a body that never finishes arriving gets 408 and the connection is closed', async () => {
    t = await createTestApp({ security: { limits: { requestTimeoutMs: 300, headersTimeoutMs: 200, connectionsCheckingIntervalMs: 50 } } });
    const port = await listen(t);
    // A public route that reads its body (a signed-in route refuses a visitor before the body arrives).
    const got = await rawExchange(port, `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em`);
    expect(got).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers that never finish arriving get 408 and the connection is closed', async () => {
    t = await createTestApp({ security: { limits: { requestTimeoutMs: 300, headersTimeoutMs: 200, connectionsCheckingIntervalMs: 50 } } });
    const port = await listen(t);
    const got = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\nX-Slow: 1`);
    expect(got).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('live-update streams', () => {
  it('are capped per address and in total, with a readable 429, and a closed stream frees its place', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, security: { limits: { sseMaxPerAddress: 2, sseMaxTotal: 3, sseReservedForPlayers: 0 } } });
    const port = await listen(t);
    const a1 = await openStream(port, '198.51.100.1');
    const a2 = await openStream(port, '198.51.100.1');
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await openStream(port, '198.51.100.1');
    expect(a3.status).toBe(429);
    expect(JSON.parse(a3.body).error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/live-update connections from your address/) });
    const b1 = await openStream(port, '198.51.100.2');
    expect(b1.status).toBe(200);
    const c1 = await openStream(port, '198.51.100.3');
    expect(c1.status).toBe(429);
    expect(JSON.parse(c1.body).error.message).toMatch(/too many live-update connections/i);
    a1.close();
    await new Promise<void>((resolve) => {
      const retry = async () => {
        const again = await openStream(port, '198.51.100.1');
        if (again.status === 200) {
          again.close();
          resolve();
        } else setTimeout(() => void retry(), 20);
      };
      void retry();
    });
    for (const s of [a2, b1]) s.close();
  });

  it('an idle stream is ended cleanly, telling the browser when to reconnect', async () => {
    t = await createTestApp({ security: { limits: { sseIdleMs: 150 } } });
    const port = await listen(t);
    const s = await openStream(port, '198.51.100.9');
    expect(s.status).toBe(200);
    await s.ended;
    expect(s.body).toMatch(/^retry: \d+/m);
  });
});
