import { afterEach, expect, test } from 'vitest';
import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildFixture, OTHER_SEASON, OTHER_SEASON_POINTS, TEST_SEASON } from '../../test/factories-season.js';
import { buildUser, buildSessionCookie } from '../../test/factories.js';

/**
 * The league aggregate (userPoints) follows a result for a match with 10,000 predictions through
 * save, corrections and clearing: every request must succeed, and after each one the aggregate
 * must equal both the stored points and points computed here from the picks. (Timings are the
 * benchmark's business, not this test's.)
 */
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PLAYERS = 10_000;
/** Player k predicts (k mod 3)-(k mod 2). */
const pick = (k: number): [number, number] => [k % 3, k % 2];

/** The scoring rule written out here: 3 for the exact score, 1 for the right outcome. */
function expectedTotal(h: number, a: number): number {
  let sum = 0;
  for (let k = 0; k < PLAYERS; k++) {
    const [ph, pa] = pick(k);
    if (ph === h && pa === a) sum += 3;
    else if (Math.sign(ph - pa) === Math.sign(h - a)) sum += 1;
  }
  return sum;
}

test('userPoints follows a 10,000-prediction result through save, corrections and clearing', async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const f = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const cookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  const ids = Array.from({ length: PLAYERS }, () => crypto.randomUUID());
  const created = new Date().toISOString();
  for (let i = 0; i < ids.length; i += 500) {
    await db.insertInto('user').values(ids.slice(i, i + 500).map((id, k) => ({ id, name: 'x', email: `${id}@x.co`, emailVerified: handle.dialect === 'postgres' ? true : 1, image: null, createdAt: created, updatedAt: created, username: `u${i + k}`, teamName: null, teamNameCreatedAt: null, role: 'player' as const }))).execute();
    await db.insertInto('predictions').values(ids.slice(i, i + 500).map((id, k) => ({ userId: id, fixtureId: f.id, homeScore: pick(i + k)[0], awayScore: pick(i + k)[1], predictedAt: '2025-08-10T00:00:00Z', points: null, outcome: null }))).execute();
  }
  const sumIn = async (seasonId: string, gameweek: number) =>
    Number((await db.selectFrom('userPoints').select((eb) => eb.fn.sum<number>('points').as('s')).where('seasonId', '=', seasonId).where('gameweek', '=', gameweek).executeTakeFirst())?.s ?? 0);
  const sum = (gameweek: number) => sumIn(TEST_SEASON, gameweek);
  const stored = async () => Number((await db.selectFrom('predictions').select((eb) => eb.fn.sum<number>('points').as('s')).where('fixtureId', '=', f.id).executeTakeFirst())?.s ?? 0);
  // The admin's points in the test world's other season stay what they were throughout.
  const otherSeason = await sumIn(OTHER_SEASON, 0);
  expect(otherSeason).toBe(OTHER_SEASON_POINTS.points);

  for (const [h, a] of [[1, 0], [2, 1], [1, 1], [1, 0]] as const) {
    const r = await t.request({ method: 'PUT', url: `/api/admin/results/${f.id}`, cookie, payload: { homeScore: h, awayScore: a } });
    expect(r.statusCode, r.body).toBe(200);
    const expected = expectedTotal(h, a);
    expect(expected).toBeGreaterThan(0);
    expect({ result: `${h}-${a}`, stored: await stored(), overall: await sum(0), gameweek1: await sum(1) }).toEqual({ result: `${h}-${a}`, stored: expected, overall: expected, gameweek1: expected });
  }

  const cleared = await t.request({ method: 'DELETE', url: `/api/admin/results/${f.id}`, cookie });
  expect(cleared.statusCode, cleared.body).toBe(200);
  expect({ stored: await stored(), overall: await sum(0), gameweek1: await sum(1) }).toEqual({ stored: 0, overall: 0, gameweek1: 0 });
  const scored = await db.selectFrom('predictions').select((eb) => eb.fn.countAll<number>().as('n')).where('fixtureId', '=', f.id).where('points', 'is not', null).executeTakeFirst();
  expect(Number(scored?.n)).toBe(0);
  expect(await sumIn(OTHER_SEASON, 0)).toBe(otherSeason);
}, 120_000);
