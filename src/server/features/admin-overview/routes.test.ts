import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AwaitingResults } from '../../../contract/admin.js';
import { parseSeasonFile } from '../../season-files/parse-season-file.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, OTHER_SEASON, TEST_SEASON } from '../../test/factories-season.js';
import { buildResult } from '../../test/factories-game.js';
import { suggestedFeedUrl } from './feed-suggestion.js';
import { loadConfig } from '../../config.js';

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
  expect(res.json().overview).toEqual({
    season: '2025-26',
    users: 2,
    verifiedUsers: 1,
    admins: 1,
    fixtures: 1,
    predictions: 0,
    leagues: 0,
  });
});

test('the route is documented in the OpenAPI document', async () => {
  const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, unknown>;
  };
  expect(doc.paths['/api/admin/overview']).toBeDefined();
});

describe('GET /api/admin/awaiting-results', () => {
  const NOW = '2025-08-30T18:00:00.000Z';
  const awaiting = async (cookie?: string) => t.request({ method: 'GET', url: '/api/admin/awaiting-results', cookie });
  const season = async (cookie: string, id = TEST_SEASON) =>
    ((await awaiting(cookie)).json() as AwaitingResults).seasons.find((s) => s.season === id)!;

  beforeEach(async () => {
    t.clock.set(NOW);
    const { db } = t.app.deps;
    // Gameweek 3: two played without a result, one with only an in-play score, one with its final
    // result, one still live (kicked off an hour ago), one postponed, one to come.
    await buildFixture(db, { id: 'A', kickoffAt: '2025-08-30T11:30:00.000Z', gameweek: 3 });
    await buildFixture(db, {
      id: 'B',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-30T14:00:00.000Z',
      gameweek: 3,
    });
    await buildFixture(db, {
      id: 'C',
      homeTeam: 'Everton FC',
      awayTeam: 'Arsenal FC',
      kickoffAt: '2025-08-30T14:00:00.000Z',
      gameweek: 3,
    });
    await buildResult(db, { fixtureId: 'C', homeScore: 1, awayScore: 1, final: false });
    await buildFixture(db, {
      id: 'D',
      homeTeam: 'Chelsea FC',
      awayTeam: 'Liverpool FC',
      kickoffAt: '2025-08-30T14:00:00.000Z',
      gameweek: 3,
    });
    await buildResult(db, { fixtureId: 'D', homeScore: 0, awayScore: 2 });
    await buildFixture(db, {
      id: 'E',
      homeTeam: 'Arsenal FC',
      awayTeam: 'Liverpool FC',
      kickoffAt: '2025-08-30T17:00:00.000Z',
      gameweek: 3,
    });
    await buildFixture(db, {
      id: 'F',
      homeTeam: 'Chelsea FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-30T12:00:00.000Z',
      gameweek: 3,
      postponed: true,
    });
    await buildFixture(db, {
      id: 'G',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Arsenal FC',
      kickoffAt: '2025-09-13T14:00:00.000Z',
      gameweek: 4,
    });
    // Gameweek 2, a week earlier: one without a result.
    await buildFixture(db, {
      id: 'H',
      homeTeam: 'Everton FC',
      awayTeam: 'Chelsea FC',
      kickoffAt: '2025-08-23T14:00:00.000Z',
      gameweek: 2,
    });
  });

  test('a visitor gets 401 and a player 403', async () => {
    expect((await awaiting()).statusCode).toBe(401);
    expect((await awaiting(await signedIn('player'))).statusCode).toBe(403);
  });

  test('every season, newest first: the matches past their live window without a final result, by gameweek, with when they were played', async () => {
    const admin = await signedIn('admin');
    const res = await awaiting(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AwaitingResults;
    expect(body.seasons.map((s) => [s.season, s.count])).toEqual([
      [TEST_SEASON, 4],
      [OTHER_SEASON, 0],
    ]);
    expect(body.seasons[0]).toEqual({
      season: TEST_SEASON,
      label: '2025/26',
      current: true,
      count: 4,
      gameweeks: [
        { gameweek: 2, count: 1, firstKickoff: '2025-08-23T14:00:00.000Z', lastKickoff: '2025-08-23T14:00:00.000Z' },
        // A, B and C (an in-play score is not a result); not D (final), E (live), F (postponed).
        { gameweek: 3, count: 3, firstKickoff: '2025-08-30T11:30:00.000Z', lastKickoff: '2025-08-30T14:00:00.000Z' },
      ],
      feedUrl: null,
      suggestedFeedUrl: 'https://raw.githubusercontent.com/openfootball/england/master/2025-26/1-premierleague.txt',
      feedFailure: null,
      pendingMoves: 0,
    });
  });

  test('a match joins the count when its live window ends, and leaves it when its result is saved', async () => {
    const admin = await signedIn('admin');
    t.clock.set('2025-08-30T19:14:59.999Z');
    expect((await season(admin)).count).toBe(4);
    t.clock.set('2025-08-30T19:15:00.000Z');
    expect((await season(admin)).gameweeks.find((g) => g.gameweek === 3)?.count).toBe(4);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/results',
      cookie: admin,
      payload: { results: ['A', 'B', 'C', 'E'].map((fixtureId) => ({ fixtureId, homeScore: 1, awayScore: 0 })) },
    });
    expect(saved.statusCode).toBe(200);
    expect(await season(admin)).toMatchObject({ count: 1, gameweeks: [{ gameweek: 2, count: 1 }] });
  });

  test('the suggested feed is openfootball’s file of the season, which our feed reads; the admin’s address once set', async () => {
    const admin = await signedIn('admin');
    const suggested = (await season(admin)).suggestedFeedUrl!;
    // What that address serves (a byte-for-byte copy of openfootball's file) is a season file our parser accepts.
    const text = fs.readFileSync(path.resolve('src/server/season-files/fixtures/seasons/2025-26.txt'), 'utf8');
    const parsed = parseSeasonFile(text, suggested.split('/').pop());
    expect(parsed.ok && parsed.matches.length).toBe(380);
    // Accepting it is saving it as the season's feed address (the feed's own rule checks it).
    const put = await t.request({
      method: 'PUT',
      url: `/api/admin/seasons/${TEST_SEASON}/feed`,
      cookie: admin,
      payload: { feedUrl: suggested },
    });
    expect(put.statusCode).toBe(200);
    expect(await season(admin)).toMatchObject({ feedUrl: suggested, suggestedFeedUrl: suggested });
  });

  test('only for a Premier League season named by its years; the address’s base can point at a mirror', () => {
    const base = 'https://mirror.example/openfootball/england/';
    expect(suggestedFeedUrl({ id: '2026-27', competitionId: 'premier-league' }, base)).toBe(
      'https://mirror.example/openfootball/england/2026-27/1-premierleague.txt',
    );
    expect(suggestedFeedUrl({ id: '1999-00', competitionId: 'premier-league' }, base)).toBe(
      'https://mirror.example/openfootball/england/1999-00/1-premierleague.txt',
    );
    expect(suggestedFeedUrl({ id: '2026-28', competitionId: 'premier-league' }, base)).toBeNull();
    expect(suggestedFeedUrl({ id: 'summer-cup', competitionId: 'premier-league' }, base)).toBeNull();
    expect(suggestedFeedUrl({ id: '2026-27', competitionId: 'laliga' }, base)).toBeNull();
  });

  test('FEED_SUGGESTION_BASE_URL must be a web address', () => {
    const env = { NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789' };
    for (const bad of ['ftp://mirror.example/of', 'file:///etc', 'not an address']) {
      expect(() => loadConfig({ ...env, FEED_SUGGESTION_BASE_URL: bad })).toThrow(
        /FEED_SUGGESTION_BASE_URL: must be an http:\/\/ or https:\/\/ address/,
      );
    }
    expect(loadConfig(env).FEED_SUGGESTION_BASE_URL).toBe(
      'https://raw.githubusercontent.com/openfootball/england/master',
    );
  });

  test('FEED_SUGGESTION_BASE_URL sets the base', async () => {
    const mirrored = await createTestApp({ now: NOW, env: { FEED_SUGGESTION_BASE_URL: 'http://127.0.0.1:9/of' } });
    try {
      const { db, handle, config } = mirrored.app.deps;
      const user = await buildUser(db, handle.dialect, { role: 'admin' });
      const cookie = await buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
      const body = (
        await mirrored.request({ method: 'GET', url: '/api/admin/awaiting-results', cookie })
      ).json() as AwaitingResults;
      expect(body.seasons[0]!.suggestedFeedUrl).toBe('http://127.0.0.1:9/of/2025-26/1-premierleague.txt');
    } finally {
      await mirrored.close();
    }
  });
});
