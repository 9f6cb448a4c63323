import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { gameweekSummaryDto } from '../../../contract/summary.js';
import { jsonText } from '../../plugins/json-text.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { walkGameweek } from '../../test/gameweek-walk.js';
import { buildLeague } from '../../test/factories-league.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { presentSummary, summaryParts } from './summary.js';

/**
 * The gameweek summary is made from the kept fixtures' texts and the viewer's kept picks (decision
 * 0104). Through the route, at every turn of a gameweek as it is played, it must be byte for byte
 * what the schema's encoding of the summary makes, for the player and for another, in a league
 * whose name needs escaping.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('the gameweek summary as kept text', () => {
  test('is what the summary encodes to, at every turn of a gameweek, for every player', async () => {
    let withLeague = 0;
    let scored = 0;
    await walkGameweek(t, async (label, players) => {
      if (label === 'before any pick')
        await buildLeague(t.app.deps.db, {
          id: 'kept-summary',
          name: 'The "Kept" \\ League 🏆\u2028',
          code: 'KEPTSUMM',
          creatorId: players[0]!.id,
          members: players.map((p) => p.id),
        });
      for (const p of players) {
        for (const gameweek of [1, 2]) {
          const res = await t.request({
            method: 'GET',
            url: `/api/me/gameweeks/${gameweek}/summary?season=${TEST_SEASON}`,
            cookie: p.cookie,
          });
          if (res.statusCode === 404) {
            // Moving a match may leave a gameweek without matches: then there is no summary to write.
            expect(gameweek, label).toBe(2);
            expect(await summaryParts(t.app, p.id, TEST_SEASON, gameweek, t.app.deps.clock.now()), label).toBeNull();
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          const body = JSON.parse(res.body) as { now: string; leagues: unknown[]; totals: { scored: number } };
          const parts = await summaryParts(t.app, p.id, TEST_SEASON, gameweek, new Date(body.now));
          expect(parts, label).not.toBeNull();
          expect(res.body, `${label}, gameweek ${gameweek}`).toBe(jsonText(gameweekSummaryDto, presentSummary(parts!)));
          if (body.leagues.length) withLeague++;
          if (body.totals.scored) scored++;
        }
      }
    });
    // The walk showed the league's ranks and a scored pick at some turns.
    expect(withLeague).toBeGreaterThan(0);
    expect(scored).toBeGreaterThan(0);
  });
});
