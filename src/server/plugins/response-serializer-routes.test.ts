import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { boardDto } from '../../contract/predictions.js';
import { dashboardReply } from '../../contract/dashboard.js';
import { gameweekSummaryDto } from '../../contract/summary.js';
import { liveMatchesDto } from '../../contract/live-matches.js';
import { gameweekPickSharesReply } from '../../contract/pick-shares.js';
import { statisticsReply } from '../../contract/statistics.js';
import { tablePageDto } from '../../contract/leagues.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { walkGameweek, type Player } from '../test/gameweek-walk.js';
import { buildLeague } from '../test/factories-league.js';
import { TEST_SEASON } from '../test/factories-season.js';

/**
 * The busiest answers leave through their response schemas (decision 0114), their kept parts'
 * texts written once. Through the real app, at every turn of a gameweek as it is played (picks, a
 * banker, a deadline, a match in play, a result saved and corrected, a move, the next gameweek),
 * for two players, each answer must be what a second app on the same database answers with nothing
 * kept (a text kept past what it shows fails here), and exactly the schema's own encoding of it
 * (nothing unknown, the schema's key order). Names that need escaping are in the league's name.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const LEAGUE = { id: 'one-path', name: 'The "One" \\ Path 🏆\u2028', code: 'ONEPATH1' };

const asked: Array<[string, z.core.$ZodType]> = [
  ['/api/predictions/board', boardDto],
  ['/api/predictions/board?gameweek=1', boardDto],
  [`/api/predictions/board?season=${TEST_SEASON}&gameweek=2`, boardDto],
  ['/api/dashboard', dashboardReply],
  [`/api/me/gameweeks/1/summary?season=${TEST_SEASON}`, gameweekSummaryDto],
  [`/api/me/gameweeks/2/summary?season=${TEST_SEASON}`, gameweekSummaryDto],
  ['/api/matches?tz=Europe%2FLondon', liveMatchesDto],
  ['/api/matches?tz=Pacific%2FKiritimati', liveMatchesDto],
  [`/api/pick-shares?season=${TEST_SEASON}&gameweek=1`, gameweekPickSharesReply],
  [`/api/pick-shares?season=${TEST_SEASON}&gameweek=1&league=${LEAGUE.id}`, gameweekPickSharesReply],
  [`/api/me/statistics?season=${TEST_SEASON}&tz=Europe%2FLondon`, statisticsReply],
  [`/api/me/statistics?season=${TEST_SEASON}&tz=Pacific%2FKiritimati&league=${LEAGUE.id}`, statisticsReply],
  [`/api/leagues/${LEAGUE.id}/table?season=${TEST_SEASON}`, tablePageDto],
  [`/api/leagues/${LEAGUE.id}/table?season=${TEST_SEASON}&gameweek=1&pageSize=1&page=2`, tablePageDto],
  [`/api/leagues/${LEAGUE.id}/table?season=all`, tablePageDto],
];

describe('the busiest answers, through their response schemas', () => {
  test('are what an app with nothing kept answers, at every turn, as the schema encodes them', async () => {
    let compared = 0;
    await walkGameweek(t, async (label, players: Player[]) => {
      if (label === 'before any pick')
        await buildLeague(t.app.deps.db, { ...LEAGUE, creatorId: players[0]!.id, members: players.map((p) => p.id) });
      // Asked twice, so the second answers come from what the first kept.
      const kept = [];
      for (let round = 0; round < 2; round++)
        for (const p of players)
          for (const [url] of asked) kept.push(await t.request({ method: 'GET', url, cookie: p.cookie }));
      const fresh = await createTestApp({
        handle: t.app.deps.handle,
        otherSeason: false,
        now: t.clock.now().toISOString(),
      });
      try {
        let i = 0;
        for (let round = 0; round < 2; round++)
          for (const p of players)
            for (const [url, schema] of asked) {
              const res = kept[i++]!;
              const expected = await fresh.request({ method: 'GET', url, cookie: p.cookie });
              const where = `${label}: ${url}`;
              expect(res.statusCode, where).toBe(expected.statusCode);
              expect(res.body, where).toBe(expected.body);
              if (res.statusCode !== 200) continue;
              expect(res.headers['content-type'], where).toBe('application/json; charset=utf-8');
              expect(res.body, where).toBe(JSON.stringify(z.encode(schema, JSON.parse(res.body))));
              compared++;
            }
      } finally {
        await fresh.close();
      }
    });
    expect(compared).toBeGreaterThan(300);
    // A whole gameweek walked twice over, with a second app at every turn: longer than one request's test.
  }, 120_000);
});
