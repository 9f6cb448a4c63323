import { test, expect } from 'vitest';
import crypto from 'node:crypto';
import { createTestApp } from '../../test/harness.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildUser, buildSessionCookie } from '../../test/factories.js';
/**
 * The league aggregate (userPoints) stays equal to the stored points when a result for a match
 * with 10,000 predictions is saved, corrected and cleared (timings are printed for reference;
 * budgets are checked by the benchmark, not here).
 */
test('userPoints follows a 10,000-prediction result through save, corrections and clearing', async () => {
  const t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle } = t.app.deps;
  const f = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const cookie = await buildSessionCookie(db, handle.dialect, admin.id, 'test-secret-test-secret-test-secret-0123456789');
  const ids = Array.from({ length: 10000 }, () => crypto.randomUUID());
  for (let i = 0; i < ids.length; i += 500) {
    await db.insertInto('user').values(ids.slice(i, i + 500).map((id, k) => ({ id, name: 'x', email: `${id}@x.co`, emailVerified: handle.dialect === 'postgres' ? true : 1, image: null, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), username: `u${i + k}`, teamName: null, teamNameCreatedAt: null, role: 'player' as const }))).execute();
    await db.insertInto('predictions').values(ids.slice(i, i + 500).map((id, k) => ({ userId: id, fixtureId: f.id, homeScore: k % 3, awayScore: k % 2, predictedAt: '2025-08-10T00:00:00Z', points: null, outcome: null }))).execute();
  }
  for (const [h, a] of [[1, 0], [2, 1], [1, 1], [1, 0]]) {
    const s = performance.now();
    const r = await t.request({ method: 'PUT', url: `/api/admin/results/${f.id}`, cookie, payload: { homeScore: h, awayScore: a } });
    console.log(handle.dialect, 'result', h, a, r.statusCode, (performance.now() - s).toFixed(0), 'ms');
  }
  const total = await db.selectFrom('userPoints').select((eb) => eb.fn.sum<number>('points').as('s')).where('gameweek', '=', 0).executeTakeFirst();
  const direct = await db.selectFrom('predictions').select((eb) => eb.fn.sum<number>('points').as('s')).executeTakeFirst();
  const gw = await db.selectFrom('userPoints').select((eb) => eb.fn.sum<number>('points').as('s')).where('gameweek', '=', 1).executeTakeFirst();
  expect(Number(total?.s)).toBe(Number(direct?.s));
  expect(Number(gw?.s)).toBe(Number(direct?.s));
  const s = performance.now();
  await t.request({ method: 'DELETE', url: `/api/admin/results/${f.id}`, cookie });
  console.log('clear', (performance.now() - s).toFixed(0));
  const after = await db.selectFrom('userPoints').select((eb) => eb.fn.sum<number>('points').as('s')).executeTakeFirst();
  expect(Number(after?.s ?? 0)).toBe(0);
  await t.close();
}, 120000);
