import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function signedIn(role: 'player' | 'admin', emailVerified = true) {
  const { db, handle, config } = t.app.deps;
  const user = await buildUser(db, handle.dialect, { role, emailVerified });
  return buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
}

const overview = (cookie?: string) => t.request({ method: 'GET', url: '/api/admin/overview', cookie });

test('a visitor gets 401', async () => {
  const res = await overview();
  expect(res.statusCode).toBe(401);
  expect(res.json().error).toEqual({ code: 'unauthorized', message: 'Please sign in to continue.' });
});

test('a signed-in player is refused with 403', async () => {
  const res = await overview(await signedIn('player'));
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toEqual({ code: 'forbidden', message: "You don't have permission to access this page." });
});

test('the admin gets real counts', async () => {
  const admin = await signedIn('admin');
  await signedIn('player', false);
  await buildFixture(t.app.deps.db, {});
  const res = await overview(admin);
  expect(res.statusCode).toBe(200);
  expect(res.json().overview).toEqual({ season: '2025-26', users: 2, verifiedUsers: 1, admins: 1, fixtures: 1, predictions: 0, leagues: 0 });
});

test('the route is documented in the OpenAPI document', async () => {
  const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
  expect(doc.paths['/api/admin/overview']).toBeDefined();
});
