import fs from 'node:fs';
import { once } from 'node:events';
import { threadId, Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  endParseWorkers,
  parseSeasonFileOffThread,
  useParseWorkerForTests,
  type OffThreadParse,
} from './parse-off-thread.js';
import { parseSeasonFile } from './parse-season-file.js';

/**
 * Season files are read on worker threads with a time and memory limit (decision 0052). Slow
 * reads are played by workers that never answer, so every outcome here is decided by an event
 * (an answer, a limit, an exit), never by how fast this machine is.
 */

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Workers from `source` (evaluated), remembered in `started`. */
function workersOf(source: string, started: Worker[] = [], resourceLimits?: { maxOldGenerationSizeMb: number }) {
  return () => {
    const worker = new Worker(source, { eval: true, ...(resourceLimits ? { resourceLimits } : {}) });
    started.push(worker);
    return worker;
  };
}
/** Takes every file and never answers: a read that never ends. */
const NEVER_ANSWERS = `require('node:worker_threads').parentPort.on('message', () => { for (;;) {} });`;

afterEach(async () => {
  await endParseWorkers();
  useParseWorkerForTests(null);
});

/** Resolves after the event loop has gone round `n` times (timers and I/O of this thread ran). */
async function turns(n: number) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('reading season files on worker threads', () => {
  it('a file is read on another thread than this one, with the same result as reading it here', async () => {
    const text = fixture('seasons/2025-26.txt');
    const result = await parseSeasonFileOffThread(text, '2025-26.txt');
    if (!result.ok) throw new Error(result.message);
    expect(result.threadId).not.toBe(threadId);
    const { threadId: _readBy, ...parsed } = result;
    expect(parsed).toEqual(parseSeasonFile(text, '2025-26.txt'));
  });

  it('a file with a problem gives the same message as reading it here', async () => {
    const text = '» Matchday 1\n  Sat Aug/15 2025\n';
    const result = await parseSeasonFileOffThread(text, 'x.txt');
    expect(result).toMatchObject({
      ok: false,
      message: 'Line 2: 2025-08-15 is a Fri, not a Sat: "Sat Aug/15 2025"',
      line: 2,
    });
  });

  it('several files at once are all read, by at most two workers', async () => {
    const text = fixture('older/en.1.json');
    const results = await Promise.all(Array.from({ length: 5 }, () => parseSeasonFileOffThread(text, 'en.1.json')));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => ('threadId' in r ? r.threadId : null))).size).toBeLessThanOrEqual(2);
  });

  it('while a worker reads, this thread goes on answering', async () => {
    const started: Worker[] = [];
    useParseWorkerForTests(
      workersOf(
        `const { parentPort } = require('node:worker_threads'); parentPort.on('message', () => { parentPort.postMessage('reading'); for (;;) {} });`,
        started,
      ),
    );
    let settled = false;
    const reading = parseSeasonFileOffThread('x', 'x.txt', { timeLimitMs: 60_000 }).finally(() => (settled = true));
    // The worker has the file (and will never answer); this thread's timers still run.
    await new Promise((resolve) => started[0]!.on('message', (m) => m === 'reading' && resolve(m)));
    await turns(5);
    expect(settled).toBe(false);
    await endParseWorkers();
    expect(await reading).toMatchObject({ ok: false, stopped: 'cancelled' });
  });

  it('a worker past its time limit is terminated, and the read fails saying so', async () => {
    const started: Worker[] = [];
    useParseWorkerForTests(workersOf(NEVER_ANSWERS, started));
    const reading = parseSeasonFileOffThread('» Matchday 1', 'x.txt', { timeLimitMs: 200 });
    const exited = once(started[0]!, 'exit');
    expect(await reading).toEqual({
      ok: false,
      format: 'football-txt',
      stopped: 'time_limit',
      message:
        'Reading the file took longer than 0.2 s, so it was stopped. A season file is read in well under a second: check that this is a Football.TXT or openfootball JSON season.',
    });
    await exited;
    // The next file gets a fresh worker.
    useParseWorkerForTests(null);
    expect((await parseSeasonFileOffThread(fixture('seasons/2026-27.txt'), 'x.txt')).ok).toBe(true);
  });

  it('a worker that runs out of its memory is stopped, and the read fails saying so', async () => {
    useParseWorkerForTests(
      workersOf(
        `require('node:worker_threads').parentPort.on('message', () => { const kept = []; for (;;) kept.push(new Array(1e5).fill(1)); });`,
        [],
        { maxOldGenerationSizeMb: 16 },
      ),
    );
    expect(await parseSeasonFileOffThread('x', 'x.txt', { timeLimitMs: 60_000 })).toMatchObject({
      ok: false,
      stopped: 'memory',
      message: expect.stringMatching(/more memory than the server allows/),
    });
  });

  it('beyond two files being read and sixteen waiting, the server says it is busy', async () => {
    const started: Worker[] = [];
    useParseWorkerForTests(workersOf(NEVER_ANSWERS, started));
    const reads = Array.from({ length: 18 }, () => parseSeasonFileOffThread('x', 'x.txt', { timeLimitMs: 60_000 }));
    expect(started).toHaveLength(2);
    expect(await parseSeasonFileOffThread('x', 'x.txt')).toMatchObject({
      ok: false,
      stopped: 'busy',
      message: 'The server is reading too many season files right now. Try again in a minute.',
    });
    await endParseWorkers();
    const outcomes: OffThreadParse[] = await Promise.all(reads);
    expect(outcomes.every((r) => 'stopped' in r && r.stopped === 'cancelled')).toBe(true);
  });

  it('a read is cancelled by its signal (a feed run at shutdown): the worker is terminated', async () => {
    const started: Worker[] = [];
    useParseWorkerForTests(workersOf(NEVER_ANSWERS, started));
    const stop = new AbortController();
    const reading = parseSeasonFileOffThread('x', 'x.txt', { timeLimitMs: 60_000, signal: stop.signal });
    const exited = once(started[0]!, 'exit');
    stop.abort();
    expect(await reading).toMatchObject({ ok: false, stopped: 'cancelled' });
    await exited;
  });

  it('an unexpected error while reading is an error, not a verdict on the file', async () => {
    useParseWorkerForTests(
      workersOf(
        `const { parentPort } = require('node:worker_threads'); parentPort.on('message', (job) => parentPort.postMessage({ id: job.id, threadId: 9, error: 'boom' }));`,
      ),
    );
    await expect(parseSeasonFileOffThread('x', 'x.txt')).rejects.toThrow('Reading the season file failed: boom');
  });
});
