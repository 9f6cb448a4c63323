import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';
import { api, ApiError } from '../src/web/lib/api.js';
import { meReply } from '../src/contract/account.js';
import { fixtureListReply, fixtureReply } from '../src/contract/fixtures.js';
import { gameweeksInfoDto } from '../src/contract/gameweeks.js';
import { healthDto } from '../src/contract/system.js';

/**
 * The web's one client (src/web/lib/api.ts) against the real server: answers parse with the
 * contract's schemas (the same ones the server serialises with), a drifted answer is refused
 * loudly, and refusals arrive as ApiError with the server's code and message.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    SCORELINE_NOW: '2025-08-20T12:00:00Z',
  });
});
afterAll(async () => {
  await server?.stop();
});

test('public answers parse with their contract schemas', async () => {
  expect((await api(`${server.url}/api/health`, { schema: healthDto })).status).toBe('ok');
  const { fixtures } = await api(`${server.url}/api/fixtures?gameweek=1`, { schema: fixtureListReply });
  expect(fixtures).toHaveLength(10);
  expect(
    (await api(`${server.url}/api/fixtures/${encodeURIComponent(fixtures[0]!.id)}`, { schema: fixtureReply })).fixture
      .id,
  ).toBe(fixtures[0]!.id);
  expect((await api(`${server.url}/api/gameweeks`, { schema: gameweeksInfoDto })).gameweeks).toHaveLength(38);
});

test('an answer that does not match the schema it was asked with is refused, not passed on', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const err = await api(`${server.url}/api/health`, { schema: fixtureReply }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ status: 200, code: 'bad_response' });
  expect(logged).toHaveBeenCalledOnce();
  logged.mockRestore();
});

test('a refusal arrives as ApiError with the server’s status, code and message', async () => {
  const err = await api(`${server.url}/api/me`, { schema: meReply }).catch((e: unknown) => e);
  expect(err).toMatchObject({ status: 401, code: 'unauthorized', message: 'Please sign in to continue.' });
});
