import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function signedIn(role: 'player' | 'admin') {
  const { db, handle, config } = t.app.deps;
  const user = await buildUser(db, handle.dialect, { role, emailVerified: true });
  return buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
}

const BLOCK_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Holds the event loop the way a long synchronous piece of work does. */
function blockLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

test('how busy the server is stays with the admin: a visitor gets 401, a player 403', async () => {
  const player = await signedIn('player');
  for (const [method, url] of [
    ['GET', '/api/admin/event-loop'],
    ['POST', '/api/admin/event-loop/reset'],
  ] as const) {
    expect((await t.request({ method, url })).statusCode).toBe(401);
    expect((await t.request({ method, url, cookie: player })).statusCode).toBe(403);
  }
});

test('a long block of the event loop shows in the window, and a new window starts without it', async () => {
  const admin = await signedIn('admin');
  await t.request({ method: 'POST', url: '/api/admin/event-loop/reset', cookie: admin });
  await sleep(50);
  blockLoop(BLOCK_MS);
  await sleep(50);

  const seen = await t.request({ method: 'GET', url: '/api/admin/event-loop', cookie: admin });
  expect(seen.statusCode).toBe(200);
  const { delay } = seen.json();
  expect(delay.resolutionMs).toBe(10);
  expect(delay.samples).toBeGreaterThan(0);
  // The sampling period is taken off: the block itself, give or take a period.
  expect(delay.maxMs).toBeGreaterThanOrEqual(BLOCK_MS - 20);
  expect(delay.maxMs).toBeLessThan(BLOCK_MS * 3);
  expect(delay.p50Ms).toBeLessThan(delay.maxMs);

  // Reading does not close the window; a reset answers the window it closes.
  const closed = await t.request({ method: 'POST', url: '/api/admin/event-loop/reset', cookie: admin });
  expect(closed.json().delay.maxMs).toBeGreaterThanOrEqual(BLOCK_MS - 20);
  await sleep(50);
  const fresh = (await t.request({ method: 'GET', url: '/api/admin/event-loop', cookie: admin })).json().delay;
  expect(fresh.maxMs).toBeLessThan(BLOCK_MS - 20);
  expect(fresh.seconds).toBeLessThan(closed.json().delay.seconds + 1);
});
