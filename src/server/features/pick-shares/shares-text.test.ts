import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { gameweekPickSharesReply } from '../../../contract/pick-shares.js';
import { picksShown, summarisePicks } from '../../../game/pick-shares.js';
import { jsonText } from '../../plugins/json-text.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { walkGameweek } from '../../test/gameweek-walk.js';
import { buildLeague } from '../../test/factories-league.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { gameweekFixtureRows } from '../fixtures/kept.js';
import { presentShares } from './presenter.js';
import { scoreCounts } from './repository.js';

/**
 * A gameweek's pick shares are made from texts kept with the kept summaries and fixture rows
 * (decision 0104). Through the route, at every turn of a gameweek as it is played, the answer must
 * be byte for byte the schema's encoding of the shares counted afresh from the database, of every
 * player and of a league whose name needs escaping: a text kept past what it shows fails here.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const LEAGUE = { id: 'kept-shares', name: 'The "Kept" \\ Shares 🏆\u2028' };

describe('the pick shares of a gameweek as kept text', () => {
  test('are the shares counted afresh, at every turn of a gameweek, overall and in a league', async () => {
    let open = 0;
    let hidden = 0;
    await walkGameweek(t, async (label, players) => {
      if (label === 'before any pick')
        await buildLeague(t.app.deps.db, {
          ...LEAGUE,
          code: 'KEPTSHAR',
          creatorId: players[0]!.id,
          members: players.map((p) => p.id),
        });
      for (const p of players) {
        for (const gameweek of [1, 2]) {
          for (const league of [null, LEAGUE]) {
            const res = await t.request({
              method: 'GET',
              url: `/api/pick-shares?season=${TEST_SEASON}&gameweek=${gameweek}${league ? `&league=${league.id}` : ''}`,
              cookie: p.cookie,
            });
            expect(res.statusCode, res.body).toBe(200);
            expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
            const now = new Date((JSON.parse(res.body) as { now: string }).now);
            const fixtures = await gameweekFixtureRows(t.app, TEST_SEASON, gameweek);
            const expected = [];
            for (const f of fixtures) {
              const shown = picksShown(f, now);
              if (shown) open++;
              else hidden++;
              const counts = shown ? await scoreCounts(t.app.deps.db, [f.id], league?.id ?? null) : [];
              expected.push(presentShares(f, shown ? summarisePicks(counts) : undefined));
            }
            const answer = { now: now.toISOString(), season: TEST_SEASON, gameweek, league, fixtures: expected };
            expect(res.body, `${label}, gameweek ${gameweek}, ${league ? 'league' : 'everyone'}`).toBe(
              jsonText(gameweekPickSharesReply, answer),
            );
          }
        }
      }
    });
    // The walk showed matches before their deadline and after it.
    expect(open).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(0);
  });
});
