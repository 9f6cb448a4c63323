import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { statisticsReply } from '../../../contract/statistics.js';
import { jsonText } from '../../plugins/json-text.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { walkGameweek } from '../../test/gameweek-walk.js';
import { buildLeague } from '../../test/factories-league.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { statisticsParts } from './parts.js';
import { presentStatistics } from './presenter.js';

/**
 * The Statistics answer's text is kept with the kept figures and rank history (decision 0104).
 * Through the route, at every turn of a gameweek as it is played, in two time zones, overall and
 * in a league, it must be byte for byte what the schema's encoding of the same parts makes: a
 * text kept for one zone, scope or set of figures is never sent for another.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('Statistics as kept text', () => {
  test('is what the screen encodes to, at every turn, per zone and scope, for every player', async () => {
    let league = false;
    const bodies = new Set<string>();
    await walkGameweek(t, async (label, players) => {
      if (!league) {
        const ids = players.map((p) => p.id);
        await buildLeague(t.app.deps.db, {
          id: 'L1',
          name: 'Sunday "club"',
          code: 'SUNDAYS1',
          creatorId: ids[0]!,
          members: ids,
        });
        league = true;
      }
      for (const p of players) {
        for (const tz of ['Europe/London', 'Pacific/Kiritimati']) {
          for (const scope of [undefined, 'L1']) {
            const query = new URLSearchParams({ season: TEST_SEASON, tz, ...(scope ? { league: scope } : {}) });
            const res = await t.request({ method: 'GET', url: `/api/me/statistics?${query}`, cookie: p.cookie });
            expect(res.statusCode, res.body).toBe(200);
            expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
            const parts = await statisticsParts(t.app, p.id, { season: TEST_SEASON, tz, league: scope });
            const { stats, rank, leagues, seasonId } = parts;
            const expected = jsonText(statisticsReply, {
              statistics: presentStatistics(stats, rank, parts.scope, leagues, tz, seasonId),
            });
            expect(res.body, `${label}, ${tz}, ${scope ?? 'overall'}`).toBe(expected);
            bodies.add(res.body);
          }
        }
      }
    });
    // The answers moved with the picks, the results, the zones and the scopes.
    expect(bodies.size).toBeGreaterThan(8);
  });
});
