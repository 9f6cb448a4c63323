import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { accepts } from './web-files.js';

/** A small web build: the app shell, the landing page and a hashed script, compressed as the build compresses them. */
function writeBuild(dir: string) {
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Scoreline</title><div id="root"></div>',
    'landing.html': '<!doctype html><title>Scoreline: predict the Premier League</title><h1>Landing</h1>',
    'assets/app-abc123.js': script,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    '.vite/manifest.json': '{"secret":"build detail"}',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'landing.html.gz'), zlib.gzipSync(files['landing.html']!));
  return { script };
}

describe('the web build, served from memory', () => {
  let t: TestApp;
  let dir: string;
  let script: string;
  const before = process.env.SCORELINE_WEB_DIR;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-web-'));
    ({ script } = writeBuild(dir));
    process.env.SCORELINE_WEB_DIR = dir;
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    if (before === undefined) delete process.env.SCORELINE_WEB_DIR;
    else process.env.SCORELINE_WEB_DIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('/ is the landing page, a document revalidated on every visit, with the page security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<h1>Landing</h1>');
  });

  test('a client-side route gets the app shell; an unknown API path gets JSON 404', async () => {
    const page = await t.request({ method: 'GET', url: '/predictions?gameweek=3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  test('a hashed asset is cached for good, sent Brotli- or gzip-compressed as the browser accepts, else as it is', async () => {
    const br = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  test('a revalidation with the same ETag is answered 304 without a body; another ETag gets the file', async () => {
    const first = await t.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    const again = await t.request({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.request({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': '"something-else"' },
    });
    expect(other.statusCode).toBe(200);
  });

  test("only the build's own files exist: dot folders and paths outside the build are never read", async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/../package.json',
      '/assets/../../package.json',
      '/%2e%2e/package.json',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.body).not.toContain('build detail');
      expect(res.body).not.toContain('"name": "scoreline"');
      if (res.statusCode === 200) expect(res.body).toContain('<div id="root">');
    }
  });

  test('HEAD answers the headers of GET', async () => {
    const res = await t.request({ method: 'HEAD', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toBe('');
  });
});

describe('accepts', () => {
  test('names, q-values and the wildcard', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(accepts('*', 'gzip')).toBe(true);
    expect(accepts('*;q=0, gzip', 'br')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
    expect(accepts('identity', 'gzip')).toBe(false);
  });
});
