import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_LIMITS } from '../security/limits.js';
import { detectSeasonFormat, type SeasonFileOptions, type SeasonFileParse } from './parse-season-file.js';
import type { SeasonFormat } from './types.js';

/**
 * Season files are read on worker threads, never on the thread that answers requests
 * (docs/decisions/0052). The parsers are linear in the file, but a file comes from an admin's
 * upload or from a third party's feed, and the server must answer everyone else whatever it is:
 * a worker that takes longer than its time limit is terminated and the parse fails with a plain
 * message, as does one that runs out of its memory. At most WORKERS_MAX files are read at once,
 * WAITING_MAX more wait their turn, and beyond that the server says it is busy.
 */

/** How long one file may take to read (a full season takes well under a second). */
export const PARSE_TIME_LIMIT_MS = DEFAULT_LIMITS.seasonFileParseMs;
const WORKERS_MAX = 2;
const WAITING_MAX = 16;
/** Heap of one worker: a 5 MB JSON feed needs a few tens of MB. */
const WORKER_HEAP_MB = 256;
/** An idle worker is kept this long for the next file, then ended. */
const IDLE_MS = 60_000;

export interface ParseJob {
  id: number;
  text: string;
  fileName: string | undefined;
  options: SeasonFileOptions;
}
export type ParseReply = { id: number; threadId: number } & ({ result: SeasonFileParse } | { error: string });

/** Why a parse was stopped before the file was read. */
export type ParseStop = 'time_limit' | 'memory' | 'busy' | 'cancelled';

export type OffThreadParse =
  /** `threadId`: the worker thread that read the file. */
  | (Extract<SeasonFileParse, { ok: true }> & { threadId: number })
  | (Extract<SeasonFileParse, { ok: false }> & { threadId: number })
  | { ok: false; format: SeasonFormat; message: string; stopped: ParseStop };

export interface OffThreadOptions extends SeasonFileOptions {
  /** Default PARSE_TIME_LIMIT_MS. */
  timeLimitMs?: number;
  /** Stops the parse (e.g. at shutdown): the worker is terminated. */
  signal?: AbortSignal;
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

export function stopMessage(why: ParseStop, timeLimitMs: number): string {
  switch (why) {
    case 'time_limit':
      return `Reading the file took longer than ${seconds(timeLimitMs)}, so it was stopped. A season file is read in well under a second: check that this is a Football.TXT or openfootball JSON season.`;
    case 'memory':
      return 'Reading the file needed more memory than the server allows for a season file, so it was stopped.';
    case 'busy':
      return 'The server is reading too many season files right now. Try again in a minute.';
    case 'cancelled':
      return 'Reading the file was cancelled.';
  }
}

interface Pending {
  job: ParseJob;
  timeLimitMs: number;
  signal: AbortSignal | undefined;
  format: SeasonFormat;
  settle: (outcome: OffThreadParse | Error) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  timer: NodeJS.Timeout | undefined;
  onAbort: (() => void) | undefined;
}

let nextId = 1;
const slots = new Set<Slot>();
const waiting: Pending[] = [];
let makeWorker: () => Worker = startParseWorker;

/**
 * Reads a season file on a worker thread, within a time limit: the parse (as parseSeasonFile
 * gives it), or a failure saying why it was stopped. Rejects only on an unexpected error.
 */
export function parseSeasonFileOffThread(
  text: string,
  fileName?: string,
  opts: OffThreadOptions = {},
): Promise<OffThreadParse> {
  const { timeLimitMs = PARSE_TIME_LIMIT_MS, signal, ...options } = opts;
  const format = detectSeasonFormat(text, fileName);
  const stopped = (why: ParseStop): OffThreadParse => ({
    ok: false,
    format,
    message: stopMessage(why, timeLimitMs),
    stopped: why,
  });
  if (signal?.aborted) return Promise.resolve(stopped('cancelled'));
  return new Promise<OffThreadParse>((resolve, reject) => {
    const pending: Pending = {
      job: { id: nextId++, text, fileName, options },
      timeLimitMs,
      signal,
      format,
      settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
    };
    const idle = [...slots].find((s) => s.current === null);
    if (idle) return run(idle, pending);
    if (slots.size < WORKERS_MAX) return run(spawn(), pending);
    if (waiting.length >= WAITING_MAX) return resolve(stopped('busy'));
    waiting.push(pending);
    signal?.addEventListener(
      'abort',
      () => {
        const at = waiting.indexOf(pending);
        if (at === -1) return;
        waiting.splice(at, 1);
        resolve(stopped('cancelled'));
      },
      { once: true },
    );
  });
}

function spawn(): Slot {
  const slot: Slot = { worker: makeWorker(), current: null, timer: undefined, onAbort: undefined };
  slots.add(slot);
  slot.worker.on('message', (reply: ParseReply) => {
    const pending = slot.current;
    if (!pending || reply.id !== pending.job.id) return;
    finish(slot);
    if ('error' in reply) pending.settle(new Error(`Reading the season file failed: ${reply.error}`));
    else pending.settle({ ...reply.result, threadId: reply.threadId });
    next(slot);
  });
  slot.worker.on('error', (err: Error & { code?: string }) => {
    const pending = slot.current;
    retire(slot);
    if (pending) pending.settle(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? stoppedOf(pending, 'memory') : err);
    pump();
  });
  slot.worker.on('exit', (code) => {
    const pending = slot.current;
    retire(slot);
    pending?.settle(new Error(`The season-file reader stopped unexpectedly (exit code ${code}).`));
    pump();
  });
  return slot;
}

const stoppedOf = (p: Pending, why: ParseStop): OffThreadParse => ({
  ok: false,
  format: p.format,
  message: stopMessage(why, p.timeLimitMs),
  stopped: why,
});

function run(slot: Slot, pending: Pending): void {
  clearTimeout(slot.timer);
  slot.current = pending;
  slot.worker.ref();
  const stop = (why: ParseStop) => {
    if (slot.current !== pending) return;
    retire(slot);
    void slot.worker.terminate();
    pending.settle(stoppedOf(pending, why));
    pump();
  };
  slot.timer = setTimeout(() => stop('time_limit'), pending.timeLimitMs);
  if (pending.signal) {
    slot.onAbort = () => stop('cancelled');
    pending.signal.addEventListener('abort', slot.onAbort, { once: true });
  }
  slot.worker.postMessage(pending.job);
}

/** The slot's job is over: its timer and abort listener go. */
function finish(slot: Slot): void {
  clearTimeout(slot.timer);
  slot.timer = undefined;
  if (slot.onAbort) slot.current?.signal?.removeEventListener('abort', slot.onAbort);
  slot.onAbort = undefined;
  slot.current = null;
}

/** The slot takes the next waiting file, or waits idle (not holding the process open) and ends after IDLE_MS. */
function next(slot: Slot): void {
  const pending = waiting.shift();
  if (pending) return run(slot, pending);
  slot.worker.unref();
  slot.timer = setTimeout(() => {
    retire(slot);
    void slot.worker.terminate();
  }, IDLE_MS);
  slot.timer.unref();
}

/** The slot leaves the pool (its worker was stopped or ended). */
function retire(slot: Slot): void {
  if (!slots.delete(slot)) return;
  finish(slot);
}

/** A retired slot's place goes to the next waiting file. */
function pump(): void {
  while (waiting.length > 0 && slots.size < WORKERS_MAX) run(spawn(), waiting.shift()!);
}

/**
 * The worker: the bundled `season-parse-worker.js` beside the server's bundle (dist/server), or
 * from the sources `parse-worker.ts`, through tsx (already loaded under `tsx`/`npm run dev`; the
 * test runner does not load it, so the worker loads it itself).
 */
function startParseWorker(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./season-parse-worker.js', import.meta.url), { resourceLimits });
  const withTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  const execArgv = withTsx
    ? process.execArgv
    : [...process.execArgv, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
  return new Worker(new URL('./parse-worker.ts', import.meta.url), { resourceLimits, execArgv });
}

/** Tests: start workers with `make` instead (e.g. one that never answers), or the real one again with null. */
export function useParseWorkerForTests(make: (() => Worker) | null): void {
  makeWorker = make ?? startParseWorker;
}

/** Tests: every worker of the pool is ended (files being read or waiting fail as cancelled). */
export async function endParseWorkers(): Promise<void> {
  for (const pending of waiting.splice(0)) pending.settle(stoppedOf(pending, 'cancelled'));
  const all = [...slots];
  for (const slot of all) {
    const pending = slot.current;
    retire(slot);
    pending?.settle(stoppedOf(pending, 'cancelled'));
  }
  await Promise.all(all.map((s) => s.worker.terminate()));
}
