import { afterEach, beforeEach, expect, test } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp;
let player: BuiltUser;
let cookie: string;

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T12:00:00.000Z' });
  player = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
  cookie = await buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, player.id, SECRET);
});
afterEach(async () => {
  await t.close();
});

const feedPath = async () => {
  const res = await t.request({ method: 'GET', url: '/api/me/calendar', cookie });
  expect(res.statusCode).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  return url.replace('http://localhost:3000', '');
};
const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

test('the private feed lists every fixture as valid iCalendar, without signing in, and follows a moved kick-off', async () => {
  const { db } = t.app.deps;
  const f1 = await buildFixture(db, {
    kickoffAt: '2025-08-16T14:00:00.000Z',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
  });
  await buildFixture(db, { kickoffAt: '2025-08-17T16:30:00.000Z', homeTeam: 'Everton FC', awayTeam: 'Fulham FC' });
  await buildPrediction(db, { userId: player.id, fixtureId: f1.id, homeScore: 2, awayScore: 1 });
  const path = await feedPath();
  expect(await feedPath()).toBe(path);

  const res = await t.request({ method: 'GET', url: path });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  const list = events(res.body);
  expect(list.map((e) => e.summary).sort()).toEqual(['Arsenal v Chelsea', 'Everton v Fulham']);
  const e1 = list.find((e) => e.uid === `${f1.id}@localhost:3000`)!;
  expect(new Date(e1.start!).toISOString()).toBe('2025-08-16T14:00:00.000Z');
  expect(new Date(e1.end!).toISOString()).toBe('2025-08-16T16:00:00.000Z');
  expect(e1.description).toContain('Your prediction: 2 - 1');
  // Only the match still without a pick rings: the predicted one needs no reminder.
  expect(res.body.match(/BEGIN:VALARM/g)).toHaveLength(1);
  expect(Object.keys(e1.alarms ?? {})).toHaveLength(0);

  // The admin moves the match: same UID, new time, higher SEQUENCE.
  await db
    .updateTable('fixtures')
    .set({
      kickoffAt: '2025-08-18T19:00:00.000Z',
      updatedAt: new Date(new Date(f1.updatedAt).getTime() + 3_600_000).toISOString(),
    })
    .where('id', '=', f1.id)
    .execute();
  const moved = events((await t.request({ method: 'GET', url: path })).body).find((e) => e.uid === e1.uid)!;
  expect(new Date(moved.start!).toISOString()).toBe('2025-08-18T19:00:00.000Z');
  expect(Number(moved.sequence)).toBeGreaterThan(Number(e1.sequence));
});

test('regenerating revokes the old URL', async () => {
  const old = await feedPath();
  const res = await t.request({ method: 'POST', url: '/api/me/calendar/regenerate', cookie });
  expect(res.statusCode).toBe(200);
  const fresh = (res.json() as { url: string }).url.replace('http://localhost:3000', '');
  expect(fresh).not.toBe(old);
  expect(await feedPath()).toBe(fresh);
  expect((await t.request({ method: 'GET', url: old })).statusCode).toBe(404);
  expect((await t.request({ method: 'GET', url: fresh })).statusCode).toBe(200);
  expect((await t.request({ method: 'GET', url: '/api/calendar/nothing.ics' })).statusCode).toBe(404);
  expect((await t.request({ method: 'GET', url: '/api/me/calendar' })).statusCode).toBe(401);
  expect((await t.request({ method: 'POST', url: '/api/me/calendar/regenerate' })).statusCode).toBe(401);
});
