import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from './factories.js';
import { buildFixture } from './factories-season.js';

export type Player = BuiltUser & { cookie: string };

/**
 * A gameweek of the test season played through the routes, for tests of answers made from kept
 * parts: two players (one with picks and a banker, one with a pick of their own), a match kicking
 * off, a result saved and corrected, a postponed match, one moved, the next gameweek under way.
 * `check` runs at every turn with its label. The app's clock must start before Thursday 14 August 2025.
 */
export async function walkGameweek(t: TestApp, check: (label: string, players: Player[]) => Promise<void>) {
  const { db, handle, config } = t.app.deps;
  const player = async (overrides: Parameters<typeof buildUser>[2] = {}): Promise<Player> => {
    const u = await buildUser(db, handle.dialect, { pastSeason: false, ...overrides });
    return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
  };
  const fixture = (id: string, homeTeam: string, awayTeam: string, kickoffAt: string | null, gameweek: number) =>
    buildFixture(db, { id, homeTeam, awayTeam, kickoffAt, gameweek, postponed: kickoffAt === null });
  await fixture('A', 'Arsenal FC', 'Chelsea FC', '2025-08-16T14:00:00.000Z', 1);
  await fixture('B', 'Liverpool FC', 'Everton FC', '2025-08-16T16:30:00.000Z', 1);
  await fixture('C', 'Everton FC', 'Arsenal FC', '2025-08-17T14:00:00.000Z', 1);
  await fixture('E', 'Chelsea FC', 'Everton FC', null, 1);
  await fixture('D', 'Chelsea FC', 'Liverpool FC', '2025-08-23T14:00:00.000Z', 2);
  const fan = await player();
  const other = await player();
  const admin = await player({ role: 'admin' });
  const players = [fan, other];
  const request = (p: Player, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, cookie: p.cookie, payload }).then((res) => {
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    });

  t.clock.set('2025-08-14T12:00:00Z');
  await check('before any pick', players);
  await request(fan, 'PUT', '/api/predictions/A', { homeScore: 2, awayScore: 1 });
  await request(fan, 'PUT', '/api/predictions/B', { homeScore: 0, awayScore: 0 });
  await request(fan, 'PUT', '/api/predictions/B/banker');
  await request(other, 'PUT', '/api/predictions/C', { homeScore: 1, awayScore: 3 });
  await check('picks and a banker saved', players);
  await request(fan, 'PUT', '/api/predictions/A', { homeScore: 3, awayScore: 1 });
  await check('a pick changed', players);
  t.clock.set('2025-08-16T13:00:00Z');
  await check('A past its deadline', players);
  t.clock.set('2025-08-16T15:00:00Z');
  await check('A in play', players);
  await request(admin, 'PUT', '/api/admin/results/A', { homeScore: 3, awayScore: 1 });
  await check('A scored', players);
  await request(admin, 'PUT', '/api/admin/results/A', { homeScore: 0, awayScore: 1 });
  await check('A corrected', players);
  const move = { homeTeam: 'Chelsea FC', awayTeam: 'Liverpool FC', date: '2025-08-30', time: '17:30' };
  await request(admin, 'PUT', '/api/admin/fixtures/D', move);
  await check('D moved', players);
  t.clock.set('2025-08-16T19:30:00Z');
  await check('B past its live window, no result', players);
  t.clock.set('2025-08-31T12:00:00Z');
  await check('the next gameweek under way', players);
}
