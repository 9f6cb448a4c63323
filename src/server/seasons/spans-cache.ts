import type { DB } from '../db/index.js';
import { tag, type ReadModel } from '../read-model/index.js';
import { listSeasonSpans, type SeasonSpanRow } from './repository.js';

/**
 * Every season's span (first and last kick-off, the pinned season), kept in the read model:
 * nearly every request resolves "the current season" from it, and reading it was the largest
 * database cost of a cached league table or dashboard (decision 0107). A span depends on the
 * seasons, their fixtures' kick-offs and the pinned season (the tag `seasons`: read-model/changes.ts
 * says which changes touch it). The phase and the current season are still worked out per request
 * from the clock (seasons/service.ts), so only data is kept, never time. A short lifetime bounds a
 * change nothing announced (a script writing fixtures beside the server).
 */
export interface SeasonSpans {
  spans(): Promise<SeasonSpanRow[]>;
  clear(): void;
}

const DEFAULT_TTL_MS = 5_000;
const MAX_BYTES = 4 * 1024 * 1024;

export function createSeasonSpans(
  db: () => DB,
  readModel: ReadModel,
  opts: { ttlMs?: number; now?: () => number } = {},
): SeasonSpans {
  const kept = readModel.shelf<SeasonSpanRow[]>('season-spans', {
    ttlMs: opts.ttlMs ?? DEFAULT_TTL_MS,
    maxBytes: MAX_BYTES,
    maxEntryBytes: MAX_BYTES,
    ...(opts.now ? { now: opts.now } : {}),
  });
  return {
    spans: () => kept.get('spans', [tag.seasons()], () => listSeasonSpans(db())),
    clear: kept.clear,
  };
}
