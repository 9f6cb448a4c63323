import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import type { Outlook } from '../../../contract/honours.js';

/**
 * The outlook tells nobody who has picked an open match: before its deadline a member with picks
 * and a banker and a member with none have the same points still available; after the deadline,
 * when picks are shown to the league, the difference appears.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  for (const name of ['picker', 'silent']) {
    const u = await buildUser(db, handle.dialect, { teamName: name, pastSeason: false });
    ids[name] = u.id;
    cookies[name] = await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET);
  }
  await buildFixture(db, {
    id: 'S1',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
    kickoffAt: '2025-08-16T14:00:00.000Z',
    gameweek: 1,
  });
  await buildFixture(db, {
    id: 'S2',
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
    kickoffAt: '2025-08-17T14:00:00.000Z',
    gameweek: 1,
  });
});
afterAll(async () => {
  await t?.close();
});

test('open matches count alike for every member; only closed ones use the picks the league may see', async () => {
  const put = async (url: string, payload?: object) =>
    expect((await t.request({ method: 'PUT', url, cookie: cookies.picker, payload })).statusCode).toBe(200);
  await put('/api/predictions/S1', { homeScore: 1, awayScore: 0 });
  await put('/api/predictions/S2', { homeScore: 2, awayScore: 2 });
  await put('/api/predictions/S1/banker');
  const created = await t.request({
    method: 'POST',
    url: '/api/leagues',
    cookie: cookies.picker,
    payload: { name: 'Secrets' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const league = created.json().league.id as string;
  const joined = await t.request({
    method: 'POST',
    url: '/api/leagues/join',
    cookie: cookies.silent,
    payload: { code: created.json().league.code },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const available = async (viewer: string) => {
    const res = await t.request({ url: `/api/leagues/${league}/outlook`, cookie: cookies[viewer] });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as Outlook;
    return Object.fromEntries(o.rows.map((r) => [r.userId === ids.picker ? 'picker' : 'silent', r.availableSeason]));
  };
  // Before any deadline: two open matches at 3 and a banker's 3 again, for both alike, whoever asks.
  expect(await available('silent')).toEqual({ picker: 9, silent: 9 });
  expect(await available('picker')).toEqual({ picker: 9, silent: 9 });
  // S1's deadline has passed, no result yet: the picker's pick and banker on it still count; the silent member has lost it.
  t.clock.set('2025-08-16T13:00:00Z');
  expect(await available('silent')).toEqual({ picker: 9, silent: 6 });
});
