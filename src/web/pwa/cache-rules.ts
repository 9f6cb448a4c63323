/**
 * What the service worker keeps of the API, shared by the worker (src/web/pwa/sw.ts) and the page.
 * Only the reads the Predictions board and the Dashboard need to draw themselves are kept, so the
 * app can show the last board it saw while offline. Nothing else of the API is ever stored: not
 * the auth library's routes, not exports or calendar feeds, not the live event stream, and no
 * write (only GET is considered).
 */
export const API_CACHE = 'scoreline-api-v1';

/** Set by the worker on an answer it took from its cache because the network failed. */
export const OFFLINE_HEADER = 'x-scoreline-offline';

const CACHED_READS: readonly RegExp[] = [
  /^\/api\/me$/,
  /^\/api\/seasons$/,
  /^\/api\/clubs$/,
  /^\/api\/predictions\/board$/,
  /^\/api\/dashboard$/,
  /^\/api\/leagues\/positions$/,
  /^\/api\/me\/gameweeks\/latest$/,
];

/** Whether a request is one of the reads kept for offline use: a same-origin GET of a listed path (any query). */
export function isCachedRead(url: URL, method: string, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  return CACHED_READS.some((re) => re.test(url.pathname));
}
