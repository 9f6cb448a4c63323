import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from '../lib/api';
import { API_CACHE, OFFLINE_HEADER, isCachedRead } from './cache-rules';
import { isOffline, keepAnswersFor, noteAnswer, OFFLINE_SAVE_MESSAGE } from './connection';

/**
 * The page's side of offline use: api() refuses every change while offline (never sends it, never
 * queues it), an answer the service worker took from its cache puts the page offline and the
 * next network answer brings it back, sign-out and a change of player drop the kept answers.
 */
const ok = z.object({ ok: z.boolean() });
let online: boolean;
let fetchMock: ReturnType<typeof vi.fn>;
let deleted: string[];
let storage: Map<string, string>;

const answer = (headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ ok: true }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

beforeEach(() => {
  online = true;
  deleted = [];
  storage = new Map();
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
  noteAnswer(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('api() offline', () => {
  test('a change made while the browser is offline is refused with the reason, and nothing is sent', async () => {
    online = false;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const call = api('/api/predictions/x', { schema: ok, method, body: { homeScore: 1, awayScore: 0 } });
      await expect(call).rejects.toBeInstanceOf(ApiError);
      await expect(call).rejects.toMatchObject({ status: 0, code: 'offline', message: OFFLINE_SAVE_MESSAGE });
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('reads still go out offline (the service worker may answer them from its cache)', async () => {
    online = false;
    await expect(api('/api/dashboard', { schema: ok })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('an answer from the cache means offline even when the browser thinks it is online, until the network answers again', async () => {
    fetchMock.mockResolvedValueOnce(answer({ [OFFLINE_HEADER]: '1' }));
    await api('/api/predictions/board?season=s', { schema: ok });
    expect(isOffline()).toBe(true);
    await expect(api('/api/predictions/x', { schema: ok, method: 'PUT', body: {} })).rejects.toMatchObject({
      code: 'offline',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await api('/api/dashboard', { schema: ok });
    expect(isOffline()).toBe(false);
    await expect(api('/api/predictions/x', { schema: ok, method: 'PUT', body: {} })).resolves.toEqual({ ok: true });
  });

  test('online, a change is sent as before', async () => {
    await expect(api('/api/predictions/x', { schema: ok, method: 'PUT', body: {} })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('signing out drops the kept answers first, online or not', async () => {
    await api('/api/auth/sign-out', { schema: ok, method: 'POST', body: {} });
    expect(deleted).toEqual([API_CACHE]);
    online = false;
    await expect(api('/api/auth/sign-out', { schema: ok, method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'offline',
    });
    expect(deleted).toEqual([API_CACHE, API_CACHE]);
  });
});

describe('kept answers belong to one player', () => {
  test('the same player keeps them; another player, or an unknown owner, drops them', async () => {
    await expect(keepAnswersFor('alice')).resolves.toBe(true); // nobody was recorded: drop to be safe
    await expect(keepAnswersFor('alice')).resolves.toBe(false);
    await expect(keepAnswersFor('bob')).resolves.toBe(true);
    expect(deleted).toEqual([API_CACHE, API_CACHE]);
  });
});

describe('what the service worker keeps', () => {
  const origin = 'https://scoreline.example';
  const kept = (path: string, method = 'GET', from = origin) => isCachedRead(new URL(path, from), method, origin);

  test('the board and dashboard reads, with their queries', () => {
    for (const path of [
      '/api/me',
      '/api/seasons',
      '/api/clubs?season=2026-27',
      '/api/predictions/board?season=2026-27&gameweek=3',
      '/api/dashboard',
      '/api/leagues/positions',
      '/api/me/gameweeks/latest?season=2026-27',
    ])
      expect(kept(path), path).toBe(true);
  });

  test('nothing else: auth, exports, the event stream, writes, other sites', () => {
    expect(kept('/api/auth/get-session')).toBe(false);
    expect(kept('/api/events')).toBe(false);
    expect(kept('/api/me/export')).toBe(false);
    expect(kept('/api/me/calendar')).toBe(false);
    expect(kept('/api/predictions')).toBe(false);
    expect(kept('/api/leagues/abc/table')).toBe(false);
    expect(kept('/api/predictions/board', 'PUT')).toBe(false);
    expect(kept('/api/dashboard', 'POST')).toBe(false);
    expect(kept('/api/dashboard', 'GET', 'https://elsewhere.example')).toBe(false);
    expect(kept('/api/predictions/boarding')).toBe(false);
  });
});
