import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's write-ahead log is copied back into the database file by checkpoints. By default the
 * connection that commits runs one every 1,000 pages, inside that commit and with an fsync of the
 * database file: on the server's one event loop, a player's save every so often waited for the
 * disk (decision 0105: the saves' slowest answers). Here a worker thread with its own connection runs
 * a PASSIVE checkpoint every `everyMs` (it never blocks the writer), and a last one when the
 * server closes; the server's connection checkpoints only past RESTART_FRAMES (below), where the
 * worker has already copied nearly everything.
 *
 * Durability is unchanged: a commit is durable once it is in the log (WAL with synchronous =
 * NORMAL, as before); a checkpoint only moves committed pages into the main file. Should the
 * worker fail, the connection checkpoints by itself again.
 */
export interface CheckpointReport {
  /** Frames in the log and frames copied back, as `PRAGMA wal_checkpoint` reports them. */
  log: number;
  checkpointed: number;
  busy: number;
}

/**
 * Frames in the log past which the server's connection checkpoints after a commit again (SQLite's
 * default is 1,000 frames). The worker's checkpoints run while saves keep committing, so under
 * sustained writes they never copy the log's last frame, and the log only starts over once a
 * checkpoint has: without this it grew for as long as the saves went on (decision 0105). The connection's own checkpoint runs between two of its commits, so nothing lands
 * meanwhile: it copies the few frames the worker has not yet (if the worker is mid-checkpoint it
 * is skipped and tried after the next commit), and the next commit starts the log over. Each
 * costs the event loop one fsync, so the limit is a balance: lower, the fsyncs come often enough
 * to show in the saves' slowest answers; higher, the backlog left for the worker slows the next
 * rescoring. This one kept both within their budgets in the benchmark.
 */
const RESTART_FRAMES = 20_000;
/** After a burst, the log file is cut back to this size when it starts over. */
const JOURNAL_SIZE_LIMIT = 128 * 1024 * 1024;

export interface Checkpointer {
  /** Resolves after the next checkpoint has run (tests). */
  next(): Promise<CheckpointReport>;
  /** Runs a last checkpoint and ends the worker. */
  stop(): Promise<void>;
}

const DEFAULT_AUTOCHECKPOINT = 1000;

// A script, not a module file: it runs the same from the bundle (dist/server) and from the sources (tests).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const run = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, busy: r.busy });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
};
// The next checkpoint is timed from the end of the last (not a fixed interval): a slow one (a
// slow fsync) is never followed at once by another, so the server's connection finds the
// checkpoint lock free when it is past its limit.
let timer;
const loop = () => { run(); timer = setTimeout(loop, workerData.everyMs); };
timer = setTimeout(loop, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearTimeout(timer);
  run();
  db.close();
  parentPort.close();
});
`;

export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  opts: {
    everyMs?: number;
    onError?: (message: string) => void;
    /** Tests: a driver that fails to load. */
    driver?: string;
    /** Tests: frames past which the connection checkpoints after a commit (RESTART_FRAMES). */
    restartFrames?: number;
  } = {},
): Checkpointer {
  const driver = opts.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file, everyMs: opts.everyMs ?? 250 } });
  sqlite.pragma(`wal_autocheckpoint = ${opts.restartFrames ?? RESTART_FRAMES}`);
  sqlite.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  let waiting: Array<(r: CheckpointReport) => void> = [];
  let failed = false;
  const fallBack = (message: string) => {
    if (failed) return;
    failed = true;
    // Back to the connection's own checkpoints: the log must not grow without end.
    sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    opts.onError?.(message);
  };
  worker.on('message', (m: CheckpointReport | { error: string }) => {
    if ('error' in m) return fallBack(m.error);
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve(m);
  });
  worker.on('error', (err) => fallBack(err.message));
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!stopping) fallBack(`the checkpoint worker ended (code ${code})`);
      resolve();
    }),
  );
  return {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    async stop() {
      stopping = true;
      // Referenced again: on shutdown nothing else may keep the process alive until the last
      // checkpoint is done (an unreferenced worker let the process end mid-close, silently).
      worker.ref();
      worker.postMessage('stop');
      await exited;
      if (!failed) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    },
  };
}
