import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/**
 * A push service and a browser for tests, on 127.0.0.1 over TLS. Each fake device has its own
 * P-256 key pair and 16-byte auth secret, as a browser's PushSubscription does; every message
 * that arrives is decrypted as the browser would (RFC 8291, aes128gcm) and its VAPID JWT
 * (RFC 8292) checked against the server's public key. A message that does not decrypt or whose
 * signature fails is recorded as refused, so a test sees it.
 */

export interface Received {
  device: string;
  payload: { title: string; body: string; url: string };
  ttl: string | undefined;
  urgency: string | undefined;
}

export type DeviceMode = 'ok' | 'gone' | 'hang';

export interface FakeDevice {
  name: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface TestPushService {
  device(name: string, mode?: DeviceMode): FakeDevice;
  setMode(name: string, mode: DeviceMode): void;
  received: Received[];
  refused: { device: string; reason: string }[];
  /** Requests that reached the service at all, answered or not. */
  hits: string[];
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, trusted by this test process (nothing else changes). */
function certificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const out = { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: what the browser does with an aes128gcm push message. */
export function decryptAes128gcm(body: Buffer, uaPrivate: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error('the key id is not a P-256 public key');
  if (ciphertext.length > rs) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT is ES256 over the endpoint's origin, not expired, signed by `k`. */
export function verifyVapid(authorization: string | undefined, origin: string, expectedKey: string): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) return 'no VAPID authorization';
  const [, jwt, k] = m;
  if (k !== expectedKey) return 'signed with another key';
  const [h, p, s] = jwt!.split('.');
  if (!h || !p || !s) return 'not a JWT';
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (header.alg !== 'ES256') return 'not ES256';
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) return 'bad signature';
  if (claims.aud !== origin) return `audience ${claims.aud}`;
  if (!claims.exp || claims.exp * 1000 < Date.now()) return 'expired';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'no subject';
  return null;
}

export async function startTestPushService(vapidPublicKey: string): Promise<TestPushService> {
  const { key, cert } = certificate();
  // This process (the test worker) trusts its test certificate besides the usual ones.
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), cert]);
  const devices = new Map<string, { mode: DeviceMode; ecdh: crypto.ECDH; auth: Buffer }>();
  const received: Received[] = [];
  const refused: TestPushService['refused'] = [];
  const hits: string[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '/').replace(/^\/push\//, ''));
      hits.push(name);
      const d = devices.get(name);
      if (!d) return void res.writeHead(404).end();
      if (d.mode === 'gone') return void res.writeHead(410).end();
      if (d.mode === 'hang') return void hanging.add(res);
      const problem =
        req.method !== 'POST'
          ? 'not a POST'
          : req.headers['content-encoding'] !== 'aes128gcm'
            ? 'not aes128gcm'
            : verifyVapid(req.headers.authorization, origin, vapidPublicKey);
      if (problem) {
        refused.push({ device: name, reason: problem });
        return void res.writeHead(403).end();
      }
      try {
        const text = decryptAes128gcm(Buffer.concat(chunks), d.ecdh, d.auth).toString('utf8');
        received.push({
          device: name,
          payload: JSON.parse(text) as Received['payload'],
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
        });
        res.writeHead(201).end();
      } catch (err) {
        refused.push({ device: name, reason: `decrypt: ${(err as Error).message}` });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received,
    refused,
    hits,
    device(name, mode = 'ok') {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(name, { mode, ecdh, auth });
      return {
        name,
        subscription: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    setMode(name, mode) {
      devices.get(name)!.mode = mode;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
