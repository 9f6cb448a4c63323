import type { z } from 'zod';
import { errorDto } from '../../contract/common';
import { OFFLINE_HEADER } from '../pwa/cache-rules';
import { forgetKeptAnswers, isOffline, noteAnswer, OFFLINE_SAVE_MESSAGE } from '../pwa/connection';

/** The one way the web app talks to the server. Errors arrive as `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** What the error names beyond its message (e.g. the refused rows of a bulk save). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

export interface ApiInit<S extends z.ZodType> {
  /** The response schema from src/contract: the answer is checked against it, and typed by it. */
  schema: S;
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Let the request finish after the page is gone (a save flushed as the player leaves). */
  keepalive?: boolean;
}

/**
 * Calls the API and returns its answer, parsed with the route's response schema (the same one
 * the server serialises with), so a drifted answer fails here, loudly, instead of deep in a screen.
 */
export async function api<S extends z.ZodType>(path: string, init: ApiInit<S>): Promise<z.output<S>> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  // What the service worker kept belongs to this player: gone before the session is, answered or not.
  if (path === '/api/auth/sign-out') await forgetKeptAnswers();
  // Offline, a change is refused at once and says so: never queued, never silently lost.
  if (method !== 'GET' && isOffline()) throw new ApiError(0, 'offline', OFFLINE_SAVE_MESSAGE);
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers:
        init.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'Could not reach Scoreline. Check your connection and try again.');
  }
  noteAnswer(res.headers.get(OFFLINE_HEADER) === '1');
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const e = errorDto.safeParse(data);
    throw e.success
      ? new ApiError(res.status, e.data.error.code, e.data.error.message, e.data.error.field, e.data.error.details)
      : new ApiError(res.status, 'error', SOMETHING_WRONG);
  }
  const parsed = init.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`The answer of ${path} does not match its contract`, parsed.error.issues);
    throw new ApiError(res.status, 'bad_response', SOMETHING_WRONG);
  }
  return parsed.data;
}
