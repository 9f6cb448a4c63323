import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DEFAULT_LIMITS } from './limits.js';

/**
 * A slow client cannot hold a connection forever (request and header
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
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { host: `localhost:${port}`, 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        const ended = new Promise<void>((done) => res.on('end', () => done()));
        res.on('data', (d: string) => (body += d));
        const stream: Stream = {
          status: res.statusCode ?? 0,
          get body() {
            return body;
          },
          ended,
          close: () => req.destroy(),
        };
        // Wait for the first bytes so the server has counted the stream.
        if (res.statusCode === 200) res.once('data', () => resolve(stream));
        else res.on('end', () => resolve(stream));
      },
    );
    req.on('error', reject);
  });
}

/**
 * Opens a connection, sends `before` (a whole request) if given, stays silent for `silentTicks`
 * ticks of `tickMs`, then sends the request a byte per tick (catching up on ticks this thread
 * ran late for, so the bytes keep pace with the server's timers). Resolves, once the server
 * closed the connection, with how many of those bytes it had been sent, and what it answered.
 */
function trickle(
  port: number,
  opts: { before?: string; request: string; silentTicks: number; tickMs: number },
): Promise<{ bytesSent: number; got: string }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let got = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      const openedAt = performance.now();
      if (opts.before) socket.write(opts.before);
      timer = setInterval(() => {
        const due = Math.min(
          opts.request.length,
          Math.floor((performance.now() - openedAt) / opts.tickMs) - opts.silentTicks,
        );
        if (due > sent && !socket.destroyed) socket.write(opts.request.slice(sent, (sent = due)));
      }, opts.tickMs);
    });
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (got += d));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ bytesSent: sent, got });
    });
    socket.on('error', reject);
  });
}

describe('timeouts', () => {
  it('are set by default: request, headers and idle connection, each given to Node less one check', async () => {
    t = await createTestApp();
    const server = t.app.server;
    expect(DEFAULT_LIMITS).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 15_000,
      connectionsCheckingIntervalMs: 1_000,
    });
    // Node checks once per interval: a request is cut off within the stated limit, not one interval later.
    expect(server.requestTimeout + DEFAULT_LIMITS.connectionsCheckingIntervalMs).toBe(DEFAULT_LIMITS.requestTimeoutMs);
    expect(server.headersTimeout + DEFAULT_LIMITS.connectionsCheckingIntervalMs).toBe(DEFAULT_LIMITS.headersTimeoutMs);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    expect(server.timeout).toBe(DEFAULT_LIMITS.connectionTimeoutMs);
  });

  // Scaled down from 15 s: headers within 3 s, checked every 250 ms.
  const SCALED = { requestTimeoutMs: 6_000, headersTimeoutMs: 3_000, connectionsCheckingIntervalMs: 250 };

  it('headers that trickle in after a silent start are cut off at the limit counted from the connection opening', async () => {
    t = await createTestApp({ security: { limits: SCALED } });
    const port = await listen(t);
    // Silent for 2.5 s, then a byte every 100 ms. Counted from the first byte, as Node counts, the
    // connection would take 27 bytes or more; the deadline from its opening stops it by about the
    // 5th. The bound between them leaves 1.7 s for a busy machine's timers to run late.
    const { bytesSent, got } = await trickle(port, {
      request: `GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\nX-Slow: ${'a'.repeat(400)}`,
      silentTicks: 25,
      tickMs: 100,
    });
    expect(got).toMatch(/^HTTP\/1\.1 408/);
    expect(bytesSent).toBeGreaterThan(0);
    expect(bytesSent).toBeLessThan(22);
  });

  it('headers of a later request on a kept-alive connection are cut off at the limit from their first byte', async () => {
    // No request timeout to speak of: only the headers' limit can cut this request off.
    t = await createTestApp({ security: { limits: { ...SCALED, requestTimeoutMs: 600_000 } } });
    const port = await listen(t);
    const first = `GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`;
    // A byte every 100 ms: the headers would be whole after 18 s, and answered 200, if nothing cut
    // them off; the limit (3 s) does, at about the 30th byte. No byte count is asserted: a busy
    // machine's timers run late, and the answer, not its timing, is what this checks.
    const request = `GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\nX-Slow: ${'a'.repeat(100)}\r\n\r\n`;
    const { bytesSent, got } = await trickle(port, { before: first, request, silentTicks: 0, tickMs: 100 });
    expect(got).toMatch(/^HTTP\/1\.1 200[\s\S]*HTTP\/1\.1 408/);
    expect(bytesSent).toBeLessThan(request.length);
  });

  it('a client that sends its whole request in time is answered', async () => {
    t = await createTestApp({ security: { limits: SCALED } });
    const port = await listen(t);
    const { got } = await trickle(port, {
      request: `GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
      silentTicks: 2,
      tickMs: 20,
    });
    expect(got).toMatch(/^HTTP\/1\.1 200/);
  });

  it('a body that never finishes arriving gets 408 and the connection is closed', async () => {
    t = await createTestApp({
      security: { limits: { requestTimeoutMs: 300, headersTimeoutMs: 200, connectionsCheckingIntervalMs: 50 } },
    });
    const port = await listen(t);
    // A public route that reads its body (a signed-in route refuses a visitor before the body arrives).
    const got = await rawExchange(
      port,
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em`,
    );
    expect(got).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers that never finish arriving get 408 and the connection is closed', async () => {
    t = await createTestApp({
      security: { limits: { requestTimeoutMs: 300, headersTimeoutMs: 200, connectionsCheckingIntervalMs: 50 } },
    });
    const port = await listen(t);
    const got = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\nX-Slow: 1`);
    expect(got).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('live-update streams', () => {
  it('are capped per address and in total, with a readable 429, and a closed stream frees its place', async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '127.0.0.1' },
      security: { limits: { sseMaxPerAddress: 2, sseMaxTotal: 3, sseReservedForPlayers: 0 } },
    });
    const port = await listen(t);
    const a1 = await openStream(port, '198.51.100.1');
    const a2 = await openStream(port, '198.51.100.1');
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await openStream(port, '198.51.100.1');
    expect(a3.status).toBe(429);
    expect(JSON.parse(a3.body).error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/live-update connections from your address/),
    });
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
