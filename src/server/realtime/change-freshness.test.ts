import http from 'node:http';
import type net from 'node:net';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ChangeEvent } from '../../contract/events.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture, TEST_SEASON } from '../test/factories-season.js';
import { buildPrediction } from '../test/factories-game.js';

/**
 * Each change reaches what reads its data (decision record 0068): after a change, the next read of
 * every screen that shows its data is fresh, although those reads were just cached (league tables,
 * statistics and dashboard figures, league lists, the gameweek a board opens on). And the live
 * stream sends the change itself, a player's own only to them.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

async function player(overrides: Parameters<typeof buildUser>[2] = {}) {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
type Player = Awaited<ReturnType<typeof player>>;

const get = async (who: Player, url: string) => {
  const res = await t.request({ method: 'GET', url, cookie: who.cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const send = async (who: Player, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const res = await t.request({ method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

/** What each screen shows of a player's points (each read goes through its cache). */
async function shown(who: Player, leagueId: string) {
  const table = await get(who, `/api/leagues/${leagueId}/table?season=${TEST_SEASON}`);
  const board = await get(who, `/api/predictions/board?season=${TEST_SEASON}&gameweek=1`);
  const dashboard = (await get(who, '/api/dashboard')).dashboard;
  const statistics = (await get(who, `/api/me/statistics?season=${TEST_SEASON}`)).statistics;
  const played = board.matches.find((m: { fixture: { id: string } }) => m.fixture.id === 'F1');
  const result = played.fixture.result;
  return {
    table: table.rows.map((r: { displayName: string; points: number }) => [r.displayName, r.points]),
    board: { result: result && [result.homeScore, result.awayScore], points: played.prediction?.points ?? null },
    dashboard: dashboard.tiles.totalPoints,
    statistics: statistics.totalPoints,
  };
}

async function world() {
  const { db } = t.app.deps;
  await buildFixture(db, { id: 'F1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  await buildFixture(db, { id: 'F2', kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 });
  const alice = await player({ teamName: 'Alice Allstars' });
  const bob = await player({ teamName: 'Bob Ballers' });
  const admin = await player({ role: 'admin' });
  const league = (await send(alice, 'POST', '/api/leagues', { name: 'Office League' })).league as {
    id: string;
    code: string;
  };
  await send(bob, 'POST', '/api/leagues/join', { code: league.code });
  await buildPrediction(db, { userId: alice.id, fixtureId: 'F1', homeScore: 2, awayScore: 1 });
  await buildPrediction(db, { userId: bob.id, fixtureId: 'F1', homeScore: 1, awayScore: 0 });
  return { alice, bob, admin, league };
}

describe('a change reaches what reads its data', () => {
  test('a result saved, then cleared: the league table, the board, the dashboard and statistics on the next read', async () => {
    const { alice, admin, league } = await world();
    expect(await shown(alice, league.id)).toEqual({
      table: [
        ['Alice Allstars', 0],
        ['Bob Ballers', 0],
      ],
      board: { result: null, points: null },
      dashboard: 0,
      statistics: 0,
    });

    await send(admin, 'PUT', '/api/admin/results/F1', { homeScore: 2, awayScore: 1 });
    expect(await shown(alice, league.id)).toEqual({
      table: [
        ['Alice Allstars', 3],
        ['Bob Ballers', 1],
      ],
      board: { result: [2, 1], points: 3 },
      dashboard: 3,
      statistics: 3,
    });

    await send(admin, 'DELETE', '/api/admin/results/F1');
    expect(await shown(alice, league.id)).toMatchObject({
      table: [
        ['Alice Allstars', 0],
        ['Bob Ballers', 0],
      ],
      board: { result: null, points: null },
      dashboard: 0,
      statistics: 0,
    });
  });

  test('a membership change: the league list, the table and the statistics’ league switch', async () => {
    const { alice, league } = await world();
    const carol = await player({ teamName: 'Carol Kickers' });
    const members = async () =>
      (await get(alice, `/api/leagues/${league.id}/table?season=${TEST_SEASON}`)).rows.map(
        (r: { displayName: string }) => r.displayName,
      );
    const carolsLeagues = async () => ({
      list: (await get(carol, '/api/leagues')).leagues.map((l: { id: string }) => l.id),
      statistics: (await get(carol, `/api/me/statistics?season=${TEST_SEASON}`)).statistics.leagues.map(
        (l: { id: string }) => l.id,
      ),
    });
    expect(await members()).toEqual(['Alice Allstars', 'Bob Ballers']);
    expect(await carolsLeagues()).toEqual({ list: [], statistics: [] });

    await send(carol, 'POST', '/api/leagues/join', { code: league.code });
    expect(await members()).toEqual(['Alice Allstars', 'Bob Ballers', 'Carol Kickers']);
    expect(await carolsLeagues()).toEqual({ list: [league.id], statistics: [league.id] });

    await send(carol, 'POST', `/api/leagues/${league.id}/leave`, {});
    expect(await members()).toEqual(['Alice Allstars', 'Bob Ballers']);
    expect(await carolsLeagues()).toEqual({ list: [], statistics: [] });
  });

  test('a team name: every table that shows it', async () => {
    const { alice, bob, league } = await world();
    const names = async () =>
      (await get(alice, `/api/leagues/${league.id}/table?season=${TEST_SEASON}`)).rows.map(
        (r: { displayName: string }) => r.displayName,
      );
    expect(await names()).toEqual(['Alice Allstars', 'Bob Ballers']);
    await send(bob, 'PUT', '/api/me/team-name', { teamName: 'Bob United' });
    expect(await names()).toEqual(['Alice Allstars', 'Bob United']);
  });

  test('a pick saved: the player’s board, dashboard and statistics', async () => {
    const { alice } = await world();
    const mine = async () => {
      const board = await get(alice, `/api/predictions/board?season=${TEST_SEASON}&gameweek=3`);
      const dashboard = (await get(alice, '/api/dashboard')).dashboard;
      const statistics = (await get(alice, `/api/me/statistics?season=${TEST_SEASON}`)).statistics;
      return {
        board:
          board.matches.find((m: { fixture: { id: string } }) => m.fixture.id === 'F2').prediction?.homeScore ?? null,
        dashboard: dashboard.open.find((m: { fixtureId: string }) => m.fixtureId === 'F2')?.predicted,
        statistics: statistics.totalPredictions,
      };
    };
    expect(await mine()).toEqual({ board: null, dashboard: false, statistics: 1 });
    await send(alice, 'PUT', '/api/predictions/F2', { homeScore: 4, awayScore: 0 });
    expect(await mine()).toEqual({ board: 4, dashboard: true, statistics: 2 });
  });
});

interface Stream {
  changes: () => ChangeEvent[];
  close(): void;
}
/** A live stream as a browser opens it: the changes it has sent so far. */
function openStream(port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/events', headers: { host: `localhost:${port}`, cookie } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        const changes = () =>
          [...body.matchAll(/event: change\ndata: (.+)\n/g)].map((m) => JSON.parse(m[1]!) as ChangeEvent);
        // Counted by the server once its first bytes arrive.
        res.once('data', () => resolve({ changes, close: () => req.destroy() }));
      },
    );
    req.on('error', reject);
  });
}

describe('the live stream', () => {
  test('sends each change as it is named, a player’s own only to them and without whom it was for', async () => {
    const { alice, bob, admin, league } = await world();
    const carol = await player();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const [alices, bobs] = await Promise.all([openStream(port, alice.cookie), openStream(port, bob.cookie)]);
    try {
      await send(alice, 'PUT', '/api/predictions/F2', { homeScore: 4, awayScore: 0 });
      await send(admin, 'PUT', '/api/admin/results/F1', { homeScore: 2, awayScore: 1 });
      // A result names its fixture's gameweek.
      const result: ChangeEvent = { type: 'results.changed', seasonId: TEST_SEASON, gameweeks: [1] };
      // A join says members changed, not in which league.
      await send(carol, 'POST', '/api/leagues/join', { code: league.code });
      const joined: ChangeEvent = { type: 'membership.changed' };
      await vi.waitFor(() => expect(bobs.changes()).toContainEqual(joined));
      await vi.waitFor(() => expect(alices.changes()).toContainEqual(joined));
      expect(alices.changes()).toEqual([{ type: 'prediction.saved', seasonId: TEST_SEASON }, result, joined]);
      expect(bobs.changes()).toEqual([result, joined]);
    } finally {
      alices.close();
      bobs.close();
    }
  });
});
