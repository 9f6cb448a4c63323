import { parentPort, threadId } from 'node:worker_threads';
import { parseSeasonFile } from './parse-season-file.js';
import type { ParseJob, ParseReply } from './parse-off-thread.js';

/**
 * The worker thread that reads season files (parse-off-thread.ts starts it): one job at a time,
 * each answered with the parse or the message of an unexpected error. Built as a file of its
 * own (scripts/build-server.mjs), run from the sources through tsx.
 */
const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs only as a worker thread.');
port.on('message', (job: ParseJob) => {
  let reply: ParseReply;
  try {
    reply = { id: job.id, threadId, result: parseSeasonFile(job.text, job.fileName, job.options) };
  } catch (err) {
    reply = { id: job.id, threadId, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
