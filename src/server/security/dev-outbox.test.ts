import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Issue 11 item 2: the development outbox holds reset links, so it is served only in
 * development, only to this machine (the socket's address, never a forwarded header), and only
 * under our own Host name. Every request's Host is checked, which defeats DNS rebinding.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function withMail() {
  t = await createTestApp();
  await t.app.deps.mailer.send({ to: 'ada@example.com', subject: 'Reset your Scoreline password', text: 'Reset: http://localhost:3000/api/auth/reset-password/SECRET-TOKEN' });
  return t;
}

describe('the development outbox', () => {
  it('is served to this machine under our own Host names', async () => {
    await withMail();
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t!.request({ method: 'GET', url: '/dev/mail.json', headers: { host }, remoteAddress });
        expect(res.statusCode, `${host} from ${remoteAddress}`).toBe(200);
        expect(res.body).toContain('SECRET-TOKEN');
      }
    }
  });

  it('is refused to another machine, with a plain message', async () => {
    await withMail();
    for (const url of ['/dev/mail.json', '/dev/mail']) {
      const res = await t!.request({ method: 'GET', url, headers: { host: 'localhost:3000' }, remoteAddress: '192.168.1.20' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('SECRET-TOKEN');
      expect(res.json().error.message).toMatch(/only .*this computer/i);
    }
  });

  it('is refused to a request that came through a proxy, even one on this machine', async () => {
    await withMail();
    const res = await t!.request({ method: 'GET', url: '/dev/mail.json', headers: { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('SECRET-TOKEN');
  });

  it('is refused through DNS rebinding (a foreign Host name pointing at 127.0.0.1)', async () => {
    await withMail();
    const res = await t!.request({ method: 'GET', url: '/dev/mail.json', headers: { host: 'rebind.attacker.example:3000' }, remoteAddress: '127.0.0.1' });
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
      expect(res.json().error).toMatchObject({ code: 'unknown_host', message: expect.stringContaining('https://scoreline.example') });
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
