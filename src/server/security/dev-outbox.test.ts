import net from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { devOutboxKey } from '../mail/dev-outbox-routes.js';
import { dropDatabase, freshDatabase } from '../test/databases.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * The development outbox holds reset links, so it is served only in
 * development, only to this machine (the socket's address, never a forwarded header), and only
 * under our own Host name. Every request's Host is checked, which defeats DNS rebinding. And
 * since a plain TCP forwarder (ssh -R, socat, a tunnel) connects from loopback without proxy
 * headers, it also needs this server's key, printed in its log at start-up.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function withMail() {
  t = await createTestApp();
  await t.app.deps.mailer.send({
    to: 'ada@example.com',
    subject: 'Reset your Scoreline password',
    text: 'Reset: http://localhost:3000/api/auth/reset-password/SECRET-TOKEN',
  });
  return t;
}
const key = () => devOutboxKey(t!.app)!;

describe('the development outbox', () => {
  it('is served to this machine under our own Host names, with the key', async () => {
    await withMail();
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t!.request({
          method: 'GET',
          url: '/dev/mail.json',
          query: { key: key() },
          headers: { host },
          remoteAddress,
        });
        expect(res.statusCode, `${host} from ${remoteAddress}`).toBe(200);
        expect(res.body).toContain('SECRET-TOKEN');
      }
    }
  });

  it('is refused to another machine, with a plain message, even with the key', async () => {
    await withMail();
    for (const url of ['/dev/mail.json', '/dev/mail']) {
      const res = await t!.request({
        method: 'GET',
        url,
        query: { key: key() },
        headers: { host: 'localhost:3000' },
        remoteAddress: '192.168.1.20',
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('SECRET-TOKEN');
      expect(res.body).toMatch(/only .*this computer/i);
    }
  });

  it('is refused to a request that came through a proxy, even one on this machine', async () => {
    await withMail();
    const res = await t!.request({
      method: 'GET',
      url: '/dev/mail.json',
      query: { key: key() },
      headers: { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('SECRET-TOKEN');
  });

  it('is refused through a plain TCP forwarder (loopback, no proxy headers) without the key', async () => {
    await withMail();
    await t!.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t!.app.server.address() as net.AddressInfo;
    // What ssh -R or socat delivers: a loopback connection carrying the visitor's request as is.
    for (const path of ['/dev/mail.json', '/dev/mail']) {
      const reply = await new Promise<string>((resolve, reject) => {
        let got = '';
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n`),
        );
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => (got += d));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      expect(reply, path).toMatch(/^HTTP\/1\.1 403/);
      expect(reply).toContain('the link printed in the server log');
      expect(reply).not.toContain('SECRET-TOKEN');
    }
  });

  it('is refused with a wrong key, a key too long, or another server’s key', async () => {
    await withMail();
    const other = await createTestApp();
    try {
      for (const wrong of [devOutboxKey(other.app)!, 'x', `${key()}x`, key().slice(1), 'k'.repeat(5000)]) {
        for (const how of [{ query: { key: wrong } }, { cookie: `scoreline_dev_outbox=${wrong}` }]) {
          const res = await t!.request({ method: 'GET', url: '/dev/mail.json', ...how });
          expect(res.statusCode).toBe(403);
          expect(res.body).not.toContain('SECRET-TOKEN');
        }
      }
    } finally {
      await other.close();
    }
  });

  it('opens with the link: the key becomes a cookie for /dev, and the page no longer shows it in the address', async () => {
    await withMail();
    const link = await t!.request({ method: 'GET', url: '/dev/mail', query: { key: key() } });
    expect(link.statusCode).toBe(303);
    expect(link.headers.location).toBe('/dev/mail');
    const cookie = String(link.headers['set-cookie']);
    expect(cookie).toBe(`scoreline_dev_outbox=${key()}; Path=/dev; HttpOnly; SameSite=Strict`);
    const page = await t!.request({ method: 'GET', url: '/dev/mail', cookie: cookie.split(';')[0] });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SECRET-TOKEN');
    const json = await t!.request({ method: 'GET', url: '/dev/mail.json', cookie: cookie.split(';')[0] });
    expect(json.json().messages[0].text).toContain('SECRET-TOKEN');
  });

  it('prints its link with a new key in the server log when the server starts', async () => {
    const lines: string[] = [];
    const log = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const handle = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'development',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_SEASON: 'false',
      LOG_LEVEL: 'info',
    });
    const app = await buildApp({ config, handle, logger: { level: 'info', stream: log } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const printed = lines
        .map((l) => /"msg":"Development outbox[^"]*: (http:\/\/localhost:3000\/dev\/mail\?key=([\w-]+))"/.exec(l))
        .find(Boolean);
      expect(printed?.[2]).toBe(devOutboxKey(app));
      const res = await app.inject({ method: 'GET', url: '/dev/mail.json', query: { key: printed![2]! } });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
      await dropDatabase(handle);
    }
  });

  it('is refused through DNS rebinding (a foreign Host name pointing at 127.0.0.1)', async () => {
    await withMail();
    const res = await t!.request({
      method: 'GET',
      url: '/dev/mail.json',
      query: { key: key() },
      headers: { host: 'rebind.attacker.example:3000' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(421);
    expect(res.body).not.toContain('SECRET-TOKEN');
  });

  it('does not exist in production', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' } });
    const res = await t.request({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the Host header of every request', () => {
  it('must be one of ours: a foreign Host gets 421 with where to go instead', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://scoreline.example' } });
    for (const url of ['/api/fixtures', '/api/me', '/api/auth/get-session', '/']) {
      const res = await t.request({ method: 'GET', url, headers: { host: 'evil.example' } });
      expect(res.statusCode, url).toBe(421);
      expect(res.json().error).toMatchObject({
        code: 'unknown_host',
        message: expect.stringContaining('https://scoreline.example'),
      });
    }
    // No Host at all (HTTP/1.0 allows it): not ours either.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const reply = await new Promise<string>((resolve, reject) => {
      let got = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/fixtures HTTP/1.0\r\n\r\n'));
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (got += d));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.[01] 421/);
  });

  it("accepts PUBLIC_URL's host and the loopback names", async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://scoreline.example' } });
    for (const host of ['scoreline.example', 'SCORELINE.example', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const res = await t.request({ method: 'GET', url: '/api/fixtures', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('leaves the health check open to probes that use an address as Host', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://scoreline.example' } });
    const res = await t.request({ method: 'GET', url: '/api/health', headers: { host: '10.0.4.7:3000' } });
    expect(res.statusCode).toBe(200);
  });
});
