import { badRequest, HttpError } from '../errors.js';
import { parseSeasonFileOffThread, type OffThreadParse } from './parse-off-thread.js';

export type UploadedSeasonFile = Extract<OffThreadParse, { ok: true }>;

/**
 * An admin's season file, read on a worker thread within `timeLimitMs` (parse-off-thread.ts):
 * the parse, or a 400 with the reason (a problem in the file, or reading it took too long), or a
 * 503 when the server is already reading as many files as it reads at once. Nothing is written
 * before this returns.
 */
export async function readUploadedSeasonFile(
  content: string,
  fileName: string | undefined,
  timeLimitMs: number,
): Promise<UploadedSeasonFile> {
  const parsed = await parseSeasonFileOffThread(content, fileName, { timeLimitMs });
  if (parsed.ok) return parsed;
  if ('stopped' in parsed && parsed.stopped === 'busy') throw new HttpError(503, 'busy', parsed.message);
  throw badRequest(parsed.message, 'invalid_season_file', { field: 'content' });
}
