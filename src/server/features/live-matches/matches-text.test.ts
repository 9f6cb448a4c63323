import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { liveMatchesDto } from '../../../contract/live-matches.js';
import { jsonText } from '../../plugins/json-text.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { walkGameweek } from '../../test/gameweek-walk.js';
import { presentLiveMatches } from './presenter.js';
import { liveMatchesParts } from './today.js';

/**
 * The Live Matches answer is made from the kept fixtures' and picks' texts (decision 0104).
 * Through the route, at every turn of a gameweek as it is played (a match in play, scored,
 * corrected), in two time zones, it must be byte for byte what the schema's encoding makes.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('Live Matches as kept text', () => {
  test('is what the screen encodes to, at every turn of a gameweek, for every player', async () => {
    let listed = 0;
    await walkGameweek(t, async (label, players) => {
      for (const p of players) {
        for (const timeZone of ['Europe/London', 'Pacific/Kiritimati']) {
          const url = `/api/matches?tz=${encodeURIComponent(timeZone)}`;
          const res = await t.request({ method: 'GET', url, cookie: p.cookie });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          const parts = await liveMatchesParts(t.app, p.id, timeZone, t.clock.now());
          expect(res.body, `${label}, ${timeZone}`).toBe(jsonText(liveMatchesDto, presentLiveMatches(parts)));
          listed += parts.listed.length;
        }
      }
    });
    expect(listed).toBeGreaterThan(0);
  });
});
