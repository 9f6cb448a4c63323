import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endParseWorkers, parseSeasonFileOffThread, useParseWorkerForTests } from '../season-files/parse-off-thread.js';
import { builtinMatches } from '../season-files/test-support.js';
import { ensureBuiltInSeason } from '../seasons/seed.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';

/**
 * A hostile season file (an admin's upload, or a feed that anyone on its path can rewrite, and
 * the scheduler fetches again and again) cannot stop the server answering: fields are bounded
 * before any pattern, the patterns do not backtrack, and files are read on a worker thread with
 * a time limit (decision 0052). Slow reads are played by a worker that never answers, so what
 * happens is decided by events, not by the speed of the machine.
 */

const SEASON = '2026-27';
const NOW = '2026-11-23T12:00:00.000Z';
const HEAD = '» Matchday 1\n  Fri Aug/15 2025\n';
const NEVER_ANSWERS = `require('node:worker_threads').parentPort.on('message', () => { for (;;) {} });`;
const SAYS_READING_THEN_NEVER_ANSWERS = `const { parentPort } = require('node:worker_threads'); parentPort.on('message', () => { parentPort.postMessage('reading'); for (;;) {} });`;

// A feed server on 127.0.0.1 (the app may fetch private addresses in these tests).
let feedBody = '';
const sockets = new Set<Socket>();
let feedServer: http.Server;
let feedUrl: string;
beforeAll(async () => {
  feedServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(feedBody);
  });
  feedServer.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/season.txt`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => feedServer.close(resolve));
});

let t: TestApp;
let cookie: string;
async function world(limits: { seasonFileParseMs?: number } = {}) {
  t = await createTestApp({
    now: NOW,
    env: { FEED_ALLOW_PRIVATE_ADDRESSES: 'true', FEED_TIMEOUT_SECONDS: '5' },
    security: { limits },
  });
  const { db, handle, config } = t.app.deps;
  await db.transaction().execute((trx) => ensureBuiltInSeason(trx, SEASON, new Date(NOW)));
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  cookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
}
beforeEach(() => {
  feedBody = '';
});
afterEach(async () => {
  await endParseWorkers();
  useParseWorkerForTests(null);
  await t?.close();
});

const preview = (content: string, fileName?: string) =>
  t.request({
    method: 'POST',
    url: '/api/admin/seasons/preview',
    cookie,
    payload: { content, ...(fileName ? { fileName } : {}) },
  });
const syncNow = () => t.request({ method: 'POST', url: `/api/admin/seasons/${SEASON}/feed/sync`, cookie });
const setFeed = () =>
  t.request({ method: 'PUT', url: `/api/admin/seasons/${SEASON}/feed`, cookie, payload: { feedUrl } });
/** Everything a sync or an import may write. */
const everything = async () => {
  const { db } = t.app.deps;
  const [seasons, fixtures, results] = await Promise.all([
    db.selectFrom('seasons').selectAll().orderBy('id').execute(),
    db.selectFrom('fixtures').selectAll().orderBy('id').execute(),
    db.selectFrom('results').selectAll().orderBy('fixtureId').execute(),
  ]);
  return JSON.stringify({ seasons, fixtures, results });
};

describe('the reported hostile files are refused at once, naming the line or field', () => {
  it('a feed with a line of 200,000 spaces: the run fails and changes nothing', async () => {
    await world();
    feedBody = `${HEAD}${' '.repeat(200_000)}x\n`;
    expect((await setFeed()).statusCode).toBe(200);
    const before = await everything();
    const res = await syncNow();
    expect(res.statusCode).toBe(200);
    expect(res.json().run).toMatchObject({
      outcome: 'failed',
      message:
        'The feed could not be used: The feed is not a season file: Line 3: longer than 300 characters Nothing was changed.',
    });
    expect(await everything()).toBe(before);
  });

  it("an admin's upload: 120,000 spaces in Football.TXT, a JSON round name of 80,000 spaces", async () => {
    await world();
    const txt = await preview(`${HEAD}${' '.repeat(120_000)}\n`, 'season.txt');
    expect(txt.statusCode).toBe(200);
    expect(txt.json()).toMatchObject({ ok: false, error: 'Line 3: longer than 300 characters' });
    const json = await preview(
      JSON.stringify({ matches: [{ round: `${' '.repeat(80_000)}1`, date: '2025-08-15', team1: 'A', team2: 'B' }] }),
      'season.json',
    );
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      ok: false,
      error:
        'Match 1 (A v B): "round" must be a round such as "Matchday 1", "League, Matchday 1", "Playoffs, Matchday 1", "Round of 32", "Round of 16", "Quarterfinals", "Semifinals", "Match for third place" or "Final".',
    });
  });
});

describe('a file is read on a worker thread within a time limit', () => {
  it('while a file is being read, the server answers /api/health', async () => {
    await world({ seasonFileParseMs: 60_000 });
    // The worker says when it has the file, then never answers.
    let workerHasFile!: () => void;
    const reading = new Promise<void>((resolve) => (workerHasFile = resolve));
    useParseWorkerForTests(() =>
      new Worker(SAYS_READING_THEN_NEVER_ANSWERS, { eval: true }).on(
        'message',
        (m) => m === 'reading' && workerHasFile(),
      ),
    );
    let answered = false;
    const upload = preview(`${HEAD}    20.00  A v B\n`, 'season.txt').finally(() => (answered = true));
    await reading;
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(answered).toBe(false);
    await endParseWorkers();
    expect((await upload).json()).toMatchObject({ ok: false, error: 'Reading the file was cancelled.' });
  });

  it('past its limit the worker is stopped: the admin is told why, and nothing is written', async () => {
    await world({ seasonFileParseMs: 300 });
    const exits: Promise<unknown>[] = [];
    useParseWorkerForTests(() => {
      const w = new Worker(NEVER_ANSWERS, { eval: true });
      exits.push(once(w, 'exit'));
      return w;
    });
    const stopped = /^Reading the file took longer than 0\.3 s, so it was stopped\./;
    const before = await everything();
    const file = `${HEAD}    20.00  A v B\n`;

    const res = await preview(file, 'season.txt');
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toMatch(stopped);
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/seasons',
      cookie,
      payload: { content: file, fileName: 'season.txt', id: '2030-31', label: '2030/31' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toMatchObject({
      code: 'invalid_season_file',
      message: expect.stringMatching(stopped),
    });
    const reimport = await t.request({
      method: 'POST',
      url: `/api/admin/seasons/${SEASON}/reimport`,
      cookie,
      payload: { content: file, fileName: 'season.txt' },
    });
    expect(reimport.statusCode).toBe(400);
    expect(reimport.json().error.message).toMatch(stopped);
    const fixtures = await t.request({
      method: 'POST',
      url: `/api/admin/fixtures/import-file?season=${SEASON}`,
      cookie,
      payload: { content: file, fileName: 'season.txt' },
    });
    expect(fixtures.statusCode).toBe(400);
    expect(fixtures.json().error.message).toMatch(stopped);

    // Every worker that ran past its limit was terminated.
    expect(exits.length).toBeGreaterThanOrEqual(4);
    await Promise.all(exits);
    expect(await everything()).toBe(before);
  });

  it('past its limit a feed run is recorded as failed and changes nothing', async () => {
    await world({ seasonFileParseMs: 300 });
    feedBody = builtinMatches(SEASON)
      .slice(0, 3)
      .map((m) => `${m.home} v ${m.away}`)
      .join('\n');
    expect((await setFeed()).statusCode).toBe(200);
    useParseWorkerForTests(() => new Worker(NEVER_ANSWERS, { eval: true }));
    const before = await everything();
    const run = (await syncNow()).json().run;
    expect(run).toMatchObject({ outcome: 'failed', changes: [] });
    expect(run.message).toMatch(
      /^The feed could not be used: Reading the file took longer than 0\.3 s, so it was stopped\..* Nothing was changed\.$/,
    );
    expect(await everything()).toBe(before);
    const state = (await t.request({ method: 'GET', url: `/api/admin/seasons/${SEASON}/feed`, cookie })).json();
    expect(state.runs[0]).toMatchObject({ outcome: 'failed' });
  });

  it('when the server already reads as many files as it can, an upload is told to try again (503)', async () => {
    await world({ seasonFileParseMs: 60_000 });
    useParseWorkerForTests(() => new Worker(NEVER_ANSWERS, { eval: true }));
    const reads = Array.from({ length: 18 }, () => parseSeasonFileOffThread('x', 'x.txt', { timeLimitMs: 60_000 }));
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/seasons',
      cookie,
      payload: { content: `${HEAD}    20.00  A v B\n`, fileName: 'season.txt', id: '2030-31', label: '2030/31' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'busy',
      message: 'The server is reading too many season files right now. Try again in a minute.',
    });
    await endParseWorkers();
    await Promise.all(reads);
  });
});
