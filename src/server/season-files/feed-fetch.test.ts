import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isPrivateAddress } from './feed-address.js';
import { fetchSeasonFeed, type FeedFetchOptions, type FeedFetchResult } from './feed-fetch.js';
import { planSeasonSync } from './sync-plan.js';
import { builtinMatches, storedFrom } from './test-support.js';

// The fetcher against a real HTTP server on 127.0.0.1 serving real season files, with faults.

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const TXT = fixture('seasons/2026-27.txt');
const OLDER_TXT = fixture('older/1-premierleague.txt');
const JSON_FILE = fixture('older/en.1.json');
const TXT_TEXT = TXT.toString('utf8');
/** The file up to Matchday 20: a feed cut short at a clean line. */
const HALF_TXT = TXT_TEXT.slice(0, TXT_TEXT.indexOf('▪ Matchday 20'));
/** The same file with Arsenal v Manchester City (Sat 28 Nov 15:00) moved to Sunday 16:30. */
const ARS_MCI = '           Arsenal FC              v Manchester City FC\n';
const PAL_HUL = '           Crystal Palace FC       v Hull City AFC\n';
const MOVED_TXT = TXT_TEXT.replace(ARS_MCI, '').replace(
  PAL_HUL,
  `${PAL_HUL}  Sun Nov 29\n    16:30  Arsenal FC              v Manchester City FC\n`,
);

const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();
let hits: string[] = [];
let server: http.Server;
let base: string;
let port: number;
const NOW = new Date('2026-11-23T12:00:00.000Z');
const local: FeedFetchOptions = { allowPrivateAddresses: true, now: () => NOW };

function serve(req: http.IncomingMessage, res: http.ServerResponse) {
  const path = req.url ?? '/';
  hits.push(path);
  const send = (status: number, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body);
  };
  const redirect = (status: number, location?: string) => {
    res.writeHead(status, location ? { location } : {});
    res.end();
  };
  switch (path) {
    case '/2026-27.txt':
      return send(200, TXT);
    case '/older.txt':
      return send(200, OLDER_TXT);
    case '/en.1.json':
      return send(200, JSON_FILE, { 'content-type': 'application/json' });
    case '/api/season':
      return send(200, JSON_FILE, { 'content-type': 'text/plain' });
    case '/gzip':
      return send(200, zlib.gzipSync(TXT), { 'content-encoding': 'gzip' });
    case '/moved.txt':
      return send(200, MOVED_TXT);
    case '/half.txt':
      return send(200, HALF_TXT);
    case '/half.json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON_FILE.subarray(0, Math.floor(JSON_FILE.length / 2)));
    case '/cut':
      // Promises the whole file, sends half, hangs up.
      res.writeHead(200, { 'content-length': TXT.length });
      res.write(TXT.subarray(0, TXT.length / 2));
      return setTimeout(() => res.socket?.destroy(), 20);
    case '/500':
      return send(500, 'Internal Server Error: stack trace with secrets');
    case '/404':
      return send(404, 'no');
    case '/garbage':
      return send(200, `Welcome to my homepage\n${'lorem ipsum '.repeat(5000)}\n`);
    case '/escape':
      return send(200, `\u001b[31mred alert\u0007 v\u202e nope\n${'junk line\n'.repeat(2000)}`);
    case '/binary':
      return send(200, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00, 0x21, 0x00]), {
        'content-type': 'application/octet-stream',
      });
    case '/latin1':
      return send(200, Buffer.from('= Premier League 2026/27\n\u00bb Matchday 1\n', 'latin1'));
    case '/html':
      return send(200, '<!doctype html><title>Login</title><p>Please sign in', {
        'content-type': 'text/html; charset=utf-8',
      });
    case '/empty':
      return send(200, '  \n');
    case '/brotli':
      return send(200, zlib.brotliCompressSync(TXT), { 'content-encoding': 'br' });
    case '/bad-gzip':
      return send(200, Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' });
    case '/hang':
      return; // headers never come
    case '/trickle': {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('= English Premier League 2026/27\n');
      const t = setInterval(() => res.write('#'), 20);
      timers.add(t);
      return res.on('close', () => clearInterval(t));
    }
    case '/endless': {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.from(`# ${'x'.repeat(1021)}\n`.repeat(16));
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      return pump();
    }
    case '/declared-large':
      res.writeHead(200, { 'content-length': 50 * 1024 * 1024 });
      return res.write('= English Premier League\n');
    case '/bomb':
      return send(200, zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024, '#')), { 'content-encoding': 'gzip' });
    case '/loop':
      return redirect(302, '/loop');
    case '/hop1':
      return redirect(302, '/hop2');
    case '/hop2':
      return redirect(301, `${base}/2026-27.txt`);
    case '/to-ftp':
      return redirect(302, 'ftp://example.com/season.txt');
    case '/to-credentials':
      return redirect(307, `http://user:pw@127.0.0.1:${port}/2026-27.txt`);
    case '/to-nowhere':
      return redirect(302);
    default:
      return send(404, 'not found');
  }
}

beforeAll(async () => {
  server = http.createServer(serve);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

function ok(r: FeedFetchResult) {
  if (!r.ok) throw new Error(`${r.kind}: ${r.message}`);
  return r;
}
function failed(r: FeedFetchResult) {
  if (r.ok) throw new Error('The fetch succeeded');
  expect(r.fetchedAt).toBe(NOW.toISOString());
  expect(r.message.length).toBeLessThanOrEqual(300);
  expect(r.message).not.toMatch(/\p{Cc}/u);
  return r;
}

describe('good feeds', () => {
  test('Football.TXT (newer syntax)', async () => {
    const r = ok(await fetchSeasonFeed(`${base}/2026-27.txt`, local));
    expect(r).toMatchObject({
      url: `${base}/2026-27.txt`,
      finalUrl: `${base}/2026-27.txt`,
      fetchedAt: NOW.toISOString(),
      bytes: TXT.length,
    });
    expect(r.text).toBe(TXT_TEXT);
    expect(r.parsed).toMatchObject({ ok: true, format: 'football-txt', name: 'English Premier League 2026/27' });
    expect(r.parsed.matches).toHaveLength(380);
  });

  test('Football.TXT (older syntax, CRLF)', async () => {
    const r = ok(await fetchSeasonFeed(`${base}/older.txt`, local));
    expect(r.parsed.format).toBe('football-txt');
    expect(r.parsed.matches.filter((m) => m.result)).toHaveLength(339);
  });

  test('openfootball JSON, by its address and by its content', async () => {
    for (const path of ['/en.1.json', '/api/season']) {
      const r = ok(await fetchSeasonFeed(`${base}${path}`, local));
      expect(r.parsed.format).toBe('openfootball-json');
      expect(r.parsed.matches.filter((m) => m.result)).toHaveLength(291);
    }
  });

  test('gzip-compressed', async () => {
    const r = ok(await fetchSeasonFeed(`${base}/gzip`, local));
    expect(r.text).toBe(TXT_TEXT);
    expect(r.bytes).toBe(TXT.length);
  });

  test('after redirects (up to the limit)', async () => {
    const r = ok(await fetchSeasonFeed(`${base}/hop1`, local));
    expect(r.finalUrl).toBe(`${base}/2026-27.txt`);
    expect(r.url).toBe(`${base}/hop1`);
    expect(failed(await fetchSeasonFeed(`${base}/hop1`, { ...local, maxRedirects: 1 })).kind).toBe('http_status');
  });
});

describe('faults change nothing and say why', () => {
  test('down: connection refused', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const freePort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const r = failed(await fetchSeasonFeed(`http://127.0.0.1:${freePort}/feed.txt`, local));
    expect(r).toMatchObject({ kind: 'unreachable', message: "The feed's server refused the connection." });
  });

  test('slow: headers never come', async () => {
    const r = failed(await fetchSeasonFeed(`${base}/hang`, { ...local, timeoutMs: 300 }));
    expect(r).toMatchObject({ kind: 'timeout', message: 'The feed did not arrive within 0.3 s.' });
  });

  test('slow: the body trickles (the limit is on the whole fetch, not between bytes)', async () => {
    const r = failed(await fetchSeasonFeed(`${base}/trickle`, { ...local, timeoutMs: 400 }));
    expect(r.kind).toBe('timeout');
  });

  test('cancelled by the caller', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const r = failed(await fetchSeasonFeed(`${base}/hang`, { ...local, signal: stop.signal }));
    expect(r).toMatchObject({ kind: 'unreachable', message: 'The fetch was cancelled.' });
  });

  test('HTTP errors, without the body', async () => {
    expect(failed(await fetchSeasonFeed(`${base}/500`, local))).toMatchObject({
      kind: 'http_status',
      status: 500,
      message: 'The feed answered HTTP 500.',
    });
    expect(failed(await fetchSeasonFeed(`${base}/404`, local))).toMatchObject({
      kind: 'http_status',
      status: 404,
      message: 'The feed answered HTTP 404 (not found).',
    });
  });

  test('garbage text: not a season, with the parser’s reason', async () => {
    const r = failed(await fetchSeasonFeed(`${base}/garbage`, local));
    expect(r.kind).toBe('not_a_season');
    expect(r.message).toBe(
      'The feed is not a season file: Line 1: neither a round, a date nor a match: "Welcome to my homepage"',
    );
  });

  test('control and reordering characters from the body never reach the message', async () => {
    const r = failed(await fetchSeasonFeed(`${base}/escape`, local));
    expect(r.kind).toBe('not_a_season');
    for (const c of ['\u001b', '\u0007', '\u202e']) expect(r.message).not.toContain(c);
    expect(r.message).not.toContain('junk line');
  });

  test('binary, not UTF-8, a web page, empty', async () => {
    expect(failed(await fetchSeasonFeed(`${base}/binary`, local))).toMatchObject({
      kind: 'unreadable',
      message: 'The feed is not text (it holds binary data).',
    });
    expect(failed(await fetchSeasonFeed(`${base}/latin1`, local))).toMatchObject({
      kind: 'unreadable',
      message: 'The feed is not UTF-8 text.',
    });
    expect(failed(await fetchSeasonFeed(`${base}/html`, local))).toMatchObject({
      kind: 'not_a_season',
      message: 'The feed answered with a web page, not a season file.',
    });
    expect(failed(await fetchSeasonFeed(`${base}/empty`, local))).toMatchObject({
      kind: 'not_a_season',
      message: 'The feed is empty.',
    });
  });

  test('compression it cannot read', async () => {
    expect(failed(await fetchSeasonFeed(`${base}/brotli`, local))).toMatchObject({ kind: 'unreadable' });
    expect(failed(await fetchSeasonFeed(`${base}/bad-gzip`, local))).toMatchObject({
      kind: 'unreadable',
      message: 'The feed says it is compressed but cannot be decompressed.',
    });
  });

  test('a body cut off before its declared end', async () => {
    expect(failed(await fetchSeasonFeed(`${base}/cut`, local))).toMatchObject({
      kind: 'unreadable',
      message: 'The connection closed before the whole feed arrived.',
    });
  });

  test('a JSON file cut in half does not parse', async () => {
    const r = failed(await fetchSeasonFeed(`${base}/half.json`, local));
    expect(r.kind).toBe('not_a_season');
    expect(r.message).toMatch(/^The feed is not a season file: The file is not valid JSON/);
  });

  test('too large: declared, streaming without end (refused while it arrives), and a compression bomb', async () => {
    const small = { ...local, maxBytes: 256 * 1024 };
    expect(failed(await fetchSeasonFeed(`${base}/declared-large`, small))).toMatchObject({
      kind: 'too_large',
      message: 'The feed is larger than 256 KB.',
    });
    // Without the cap counted while the bytes arrive, this would run into the time limit instead.
    expect(failed(await fetchSeasonFeed(`${base}/endless`, { ...small, timeoutMs: 60_000 }))).toMatchObject({
      kind: 'too_large',
    });
    expect(failed(await fetchSeasonFeed(`${base}/bomb`, { ...local, maxBytes: 1024 * 1024 }))).toMatchObject({
      kind: 'too_large',
      message: 'The feed is larger than 1 MB.',
    });
  });

  test('redirects: a loop, to another scheme, with credentials, without a target', async () => {
    expect(failed(await fetchSeasonFeed(`${base}/loop`, local))).toMatchObject({
      kind: 'http_status',
      status: 302,
      message: 'The feed redirected more than 3 times.',
    });
    expect(hits.filter((h) => h === '/loop')).toHaveLength(4);
    expect(failed(await fetchSeasonFeed(`${base}/to-ftp`, local))).toMatchObject({ kind: 'blocked' });
    expect(failed(await fetchSeasonFeed(`${base}/to-credentials`, local))).toMatchObject({ kind: 'blocked' });
    expect(failed(await fetchSeasonFeed(`${base}/to-nowhere`, local))).toMatchObject({
      kind: 'http_status',
      status: 302,
    });
  });

  test('addresses that are not web addresses', async () => {
    expect(failed(await fetchSeasonFeed('file:///etc/passwd', local))).toMatchObject({ kind: 'invalid_url' });
    expect(failed(await fetchSeasonFeed(`http://admin:secret@127.0.0.1:${port}/2026-27.txt`, local))).toMatchObject({
      kind: 'invalid_url',
    });
  });
});

describe('private networks are off limits by default', () => {
  test.each(['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '0x7f.1'])(
    '%s is refused before any request',
    async (host) => {
      hits = [];
      const r = failed(await fetchSeasonFeed(`http://${host}:${port}/2026-27.txt`, { now: () => NOW }));
      expect(r).toMatchObject({
        kind: 'blocked',
        message:
          'The feed address is on a loopback or private network; the server fetches feeds only from public addresses.',
      });
      expect(hits).toEqual([]);
    },
  );

  test('which addresses count as private', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['185.199.108.133', '8.8.8.8', '172.32.0.1', '2606:50c0:8000::154', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('fetcher and planner together', () => {
  const STORED = storedFrom(builtinMatches('2026-27'));
  const plan = (r: FeedFetchResult) => planSeasonSync(STORED, ok(r).parsed.matches, { now: NOW, source: 'feed' });

  test('the same season again: no changes', async () => {
    const p = plan(await fetchSeasonFeed(`${base}/2026-27.txt`, local));
    expect(p).toMatchObject({ ok: true, summary: 'No changes.' });
  });

  test('a televised match moved: one change, the same fixture', async () => {
    expect(MOVED_TXT).not.toBe(TXT_TEXT);
    const p = plan(await fetchSeasonFeed(`${base}/moved.txt`, local));
    if (!p.ok) throw new Error(p.message);
    expect(p.changes.map((c) => c.description)).toEqual([
      'Arsenal FC v Manchester City FC moved from Sat 28 Nov 15:00 to Sun 29 Nov 16:30',
    ]);
    expect(p.changes[0]!.fixtureId).toBe('ArsenalFC_vs_ManchesterCityFC_2026-11-28');
  });

  test('a file cut short at a clean line parses, and the planner refuses it', async () => {
    const r = ok(await fetchSeasonFeed(`${base}/half.txt`, local));
    expect(r.parsed.matches).toHaveLength(190);
    expect(planSeasonSync(STORED, r.parsed.matches, { now: NOW, source: 'feed' })).toMatchObject({
      ok: false,
      reason: 'partial',
    });
  });

  test("another season's file (2025/26 as JSON) is refused", async () => {
    expect(plan(await fetchSeasonFeed(`${base}/en.1.json`, local))).toMatchObject({
      ok: false,
      reason: 'unknown_clubs',
    });
  });
});
