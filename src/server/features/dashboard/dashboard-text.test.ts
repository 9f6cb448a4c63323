import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { dashboardReply } from '../../../contract/dashboard.js';
import { jsonText } from '../../plugins/json-text.js';
import { resolveSeason } from '../../seasons/service.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { walkGameweek } from '../../test/gameweek-walk.js';
import { dashboardParts, presentDashboard } from './dashboard.js';

/**
 * The dashboard's answer is made from the player's figures and the kept fixtures' texts (decision
 * 0104). Through the route, at every turn of a gameweek as it is played, it must be byte for byte
 * what the schema's encoding of the dashboard makes, for the player and for another.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-14T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('the dashboard as kept text', () => {
  test('is what the dashboard encodes to, at every turn of a gameweek, for every player', async () => {
    let withUpcoming = 0;
    await walkGameweek(t, async (label, players) => {
      for (const p of players) {
        const res = await t.request({ method: 'GET', url: '/api/dashboard', cookie: p.cookie });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const body = JSON.parse(res.body) as { dashboard: { now: string; upcoming: unknown[] } };
        const now = new Date(body.dashboard.now);
        const parts = await dashboardParts(t.app, p.id, await resolveSeason(t.app.deps.seasons, now), now);
        expect(res.body, label).toBe(jsonText(dashboardReply, { dashboard: presentDashboard(parts) }));
        if (body.dashboard.upcoming.length) withUpcoming++;
      }
    });
    // The walk showed upcoming matches (the kept fixtures' texts) at some turns.
    expect(withUpcoming).toBeGreaterThan(0);
  });
});
