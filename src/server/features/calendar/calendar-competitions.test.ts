import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { CALENDAR_COMPETITION_MESSAGE } from '../../../contract/calendar.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { buildCompetitionSeason } from '../../test/knockout-world.js';
import { saveFinalResult } from '../../seasons/results-repository.js';
import { FEED_MAX_FIXTURES } from './repository.js';

/**
 * The feed spans the competitions a player plays (the Premier League, and any with a pick or a
 * league of theirs), each by its current season, in kick-off order; `?competition=` gives one.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const HOST = 'localhost:3000';
const WC = 'world-cup-2026';
let t: TestApp;
let pl: { id: string };
let wcFinal: { id: string };
let wcGroup: { id: string };
let wcUnknown: { id: string };

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T12:00:00.000Z' });
  const { db } = t.app.deps;
  await buildCompetitionSeason(db, WC);
  pl = await buildFixture(db, {
    kickoffAt: '2025-08-16T14:00:00.000Z',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
  });
  wcGroup = await buildFixture(db, {
    seasonId: WC,
    homeTeam: 'Spain',
    awayTeam: 'Japan',
    kickoffAt: '2026-06-15T16:00:00.000Z',
    gameweek: 1,
    stage: 'group',
  });
  await db.updateTable('fixtures').set({ groupName: 'Group A' }).where('id', '=', wcGroup.id).execute();
  wcUnknown = await buildFixture(db, {
    seasonId: WC,
    homeTeam: 'Winner Group A',
    awayTeam: 'Runner-up Group B',
    kickoffAt: '2026-06-29T19:00:00.000Z',
    gameweek: 4,
    stage: 'round-of-32',
  });
  await db
    .updateTable('fixtures')
    .set({ homeLabel: 'Winner Group A', awayLabel: 'Runner-up Group B' })
    .where('id', '=', wcUnknown.id)
    .execute();
  wcFinal = await buildFixture(db, {
    seasonId: WC,
    homeTeam: 'Spain',
    awayTeam: 'Argentina',
    kickoffAt: '2026-07-19T19:00:00.000Z',
    gameweek: 8,
    stage: 'final',
  });
  t.app.deps.seasons.clear();
});
afterEach(async () => {
  await t.close();
});

async function player() {
  const { db, handle } = t.app.deps;
  const user = await buildUser(db, handle.dialect);
  const cookie = await buildSessionCookie(db, handle.dialect, user.id, SECRET);
  const res = await t.request({ method: 'GET', url: '/api/me/calendar', cookie });
  expect(res.statusCode).toBe(200);
  const path = (res.json() as { url: string }).url.replace(`http://${HOST}`, '');
  return { id: user.id, cookie, path };
}
const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
/** The UIDs in the order the document lists them. */
const uidsInOrder = (text: string) => [...text.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
const uid = (f: { id: string }) => `${f.id}@${HOST}`;

async function feed(path: string) {
  const res = await t.request({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  return res.body;
}

describe('the calendar feed across competitions', () => {
  test('a player with a World Cup pick gets its matches after the Premier League’s, in kick-off order, each naming its competition and round', async () => {
    const p = await player();
    await buildPrediction(t.app.deps.db, { userId: p.id, fixtureId: wcGroup.id, homeScore: 2, awayScore: 0 });
    const text = await feed(p.path);
    expect(uidsInOrder(text)).toEqual([uid(pl), uid(wcGroup), uid(wcUnknown), uid(wcFinal)]);
    const byUid = new Map(events(text).map((e) => [e.uid, e]));

    // The Premier League event is as it always was: same UID, same words.
    const plEvent = byUid.get(uid(pl))!;
    expect(plEvent.summary).toBe('Arsenal v Chelsea');
    expect(String(plEvent.description).split('\n')[0]).toBe('Premier League, Gameweek 1');

    const group = byUid.get(uid(wcGroup))!;
    expect(group.summary).toBe('Spain v Japan (World Cup, Group A)');
    expect(String(group.description)).toContain('World Cup 2026 · Group A');
    expect(String(group.description)).toContain('Your prediction: 2 - 0');
    const final = byUid.get(uid(wcFinal))!;
    expect(final.summary).toBe('Spain v Argentina (World Cup, Final)');
    expect(String(final.description).split('\n')[0]).toBe('World Cup 2026 · Final');
    // Teams not known yet: the placeholders, and no reminder to pick what cannot be picked.
    const unknown = byUid.get(uid(wcUnknown))!;
    expect(unknown.summary).toBe('Winner Group A v Runner-up Group B (World Cup, Round of 32)');
    expect(Object.keys(unknown.alarms ?? {})).toHaveLength(0);
    expect(Object.keys(final.alarms ?? {})).toHaveLength(1);
  });

  test('a member of a World Cup league gets its matches without a pick; a player with neither does not', async () => {
    const member = await player();
    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: member.cookie,
      payload: { name: 'Sweepstake', competition: 'world-cup' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(uidsInOrder(await feed(member.path))).toContain(uid(wcFinal));

    const other = await player();
    expect(uidsInOrder(await feed(other.path))).toEqual([uid(pl)]);
  });

  test('a result after extra time shows the score after it', async () => {
    const p = await player();
    await buildPrediction(t.app.deps.db, { userId: p.id, fixtureId: wcGroup.id });
    await saveFinalResult(
      t.app.deps.db,
      wcFinal.id,
      { homeScore: 0, awayScore: 0, extraTime: { homeScore: 1, awayScore: 0 } },
      '2026-07-19T22:00:00.000Z',
      'admin',
    );
    const final = events(await feed(p.path)).find((e) => e.uid === uid(wcFinal))!;
    expect(final.summary).toBe('Spain v Argentina, 1-0 a.e.t. (World Cup, Final)');
  });

  test('?competition= gives only that competition, with only the token owner’s own picks', async () => {
    const picker = await player();
    await buildPrediction(t.app.deps.db, { userId: picker.id, fixtureId: wcFinal.id, homeScore: 3, awayScore: 1 });
    await buildPrediction(t.app.deps.db, { userId: picker.id, fixtureId: pl.id, homeScore: 1, awayScore: 1 });

    const wc = await feed(`${picker.path}?competition=world-cup`);
    expect(uidsInOrder(wc)).toEqual([uid(wcGroup), uid(wcUnknown), uid(wcFinal)]);
    expect(wc).toContain('X-WR-CALNAME:Scoreline fixtures: World Cup');
    expect(uidsInOrder(await feed(`${picker.path}?competition=premier-league`))).toEqual([uid(pl)]);
    // A competition without a season here: an empty calendar, not an error.
    expect(uidsInOrder(await feed(`${picker.path}?competition=euros`))).toEqual([]);

    // Asking for a competition one does not play shows its matches, but only one's own picks:
    // the parameter chooses a season, never a player.
    const other = await player();
    const seen = await feed(`${other.path}?competition=world-cup`);
    expect(uidsInOrder(seen)).toEqual([uid(wcGroup), uid(wcUnknown), uid(wcFinal)]);
    expect(seen).not.toContain('Your prediction');
  });

  test('an unknown competition is a 400 that says which there are; a wrong link is still a 404 whatever its query', async () => {
    const p = await player();
    for (const query of [
      'competition=la-liga',
      'competition=',
      'competition=world-cup&competition=premier-league',
      `competition=${'x'.repeat(5000)}`,
      "competition=premier-league'%20OR%201=1--",
    ]) {
      const res = await t.request({ method: 'GET', url: `${p.path}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'unknown_competition', message: CALENDAR_COMPETITION_MESSAGE });
      expect(res.body).not.toContain('x'.repeat(50));
    }
    expect(CALENDAR_COMPETITION_MESSAGE).toContain('world-cup');
    for (const query of ['competition=la-liga', 'competition=world-cup', 'competition=a&competition=b']) {
      const res = await t.request({ method: 'GET', url: `/api/calendar/not-a-token.ics?${query}` });
      expect(res.statusCode, query).toBe(404);
      expect(res.body).not.toContain('world-cup');
    }
  });

  test('a feed holds at most FEED_MAX_FIXTURES events, the soonest, whatever an admin loads', async () => {
    const { db } = t.app.deps;
    const p = await player();
    await buildPrediction(db, { userId: p.id, fixtureId: wcGroup.id });
    const start = Date.parse('2026-06-01T00:00:00.000Z');
    const rows = Array.from({ length: FEED_MAX_FIXTURES }, (_, i) => {
      const kickoffAt = new Date(start + i * 60_000).toISOString();
      return {
        id: `bulk_${String(i).padStart(5, '0')}`,
        seasonId: WC,
        homeTeam: 'Spain',
        awayTeam: 'Japan',
        kickoffAt,
        localDate: kickoffAt.slice(0, 10),
        localTime: kickoffAt.slice(11, 16),
        gameweek: 1,
        league: 'World Cup',
        postponed: 0,
        createdAt: kickoffAt,
        updatedAt: kickoffAt,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('fixtures')
        .values(rows.slice(i, i + 500))
        .execute();
    t.app.deps.seasons.clear();
    const uids = uidsInOrder(await feed(p.path));
    expect(uids).toHaveLength(FEED_MAX_FIXTURES);
    // The Premier League match (2025) and the bulk (from 1 June 2026) come first; later matches are left out.
    expect(uids[0]).toBe(uid(pl));
    expect(uids).not.toContain(uid(wcFinal));
    // A feed at its bound to insert and serve: room on a busy machine.
  }, 60_000);
});
