import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { boardDto } from '../../../contract/predictions.js';
import { jsonText } from '../../plugins/json-text.js';
import { resolveSeason } from '../../seasons/service.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { walkGameweek } from '../../test/gameweek-walk.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { boardParts, presentBoard } from './board.js';

/**
 * The board's answer is made from texts kept with the kept fixtures, picks and gameweek states
 * (decision 0104). Through the route, at every turn of a gameweek as it is played, the answer must
 * be byte for byte what the schema's encoding of the board makes, for the player and for another.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('the Predictions board as kept text', () => {
  test('is what the board encodes to, at every turn of a gameweek, for every player', async () => {
    await walkGameweek(t, async (label, players) => {
      for (const p of players) {
        for (const query of ['', '?gameweek=1', '?gameweek=2', `?season=${TEST_SEASON}&gameweek=1`]) {
          const res = await t.request({ method: 'GET', url: `/api/predictions/board${query}`, cookie: p.cookie });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          const now = new Date((JSON.parse(res.body) as { now: string }).now);
          const season = await resolveSeason(t.app.deps.seasons, now, TEST_SEASON);
          const gameweek = new URLSearchParams(query).get('gameweek');
          const parts = await boardParts(t.app, p.id, season, now, gameweek ? Number(gameweek) : undefined);
          expect(res.body, `${label}, ${query || 'opening'}`).toBe(jsonText(boardDto, presentBoard(parts)));
        }
      }
    });
  });
});
