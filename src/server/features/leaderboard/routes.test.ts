import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { rankRows } from '../../../game/ranking.js';

let t: TestApp;
let players: BuiltUser[];
let cookies: string[];
let outsiderCookie: string;

// Scores of three gameweek-1 matches (1-0, 2-2, 0-3) and one of gameweek 2 (1-1).
const RESULTS = { G1: [1, 0], G2: [2, 2], G3: [0, 3], H1: [1, 1] } as const;
const EXACT = (id: keyof typeof RESULTS) => RESULTS[id];
const OUTCOME = { G1: [2, 0], G2: [0, 0], G3: [0, 1], H1: [0, 0] } as const;
const WRONG = { G1: [0, 1], G2: [1, 0], G3: [2, 0], H1: [1, 0] } as const;
type Pick = 'exact' | 'outcome' | 'wrong';
/** Team names and picks on G1, G2, G3, H1: totals 9+0, 7+3, 7+0, 3+1, 3+1, 0+0; ties split by name (case-insensitive), then id. */
const WORLD: Array<{ teamName: string; picks: [Pick, Pick, Pick, Pick | null] }> = [
  { teamName: 'Top Dogs', picks: ['exact', 'exact', 'exact', 'wrong'] },
  { teamName: 'beta FC', picks: ['exact', 'exact', 'outcome', 'exact'] },
  { teamName: 'Alpha FC', picks: ['exact', 'exact', 'outcome', null] },
  { teamName: 'Zed', picks: ['exact', 'wrong', 'wrong', 'outcome'] },
  { teamName: 'Zed', picks: ['outcome', 'outcome', 'outcome', 'outcome'] },
  { teamName: 'Nil Points', picks: ['wrong', 'wrong', 'wrong', 'wrong'] },
];

beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-31T18:00:00Z' });
  const { db, handle, config } = t.app.deps;
  for (const id of ['G1', 'G2', 'G3'])
    await buildFixture(db, {
      id,
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
      homeTeam: 'Arsenal FC',
      awayTeam: id === 'G1' ? 'Chelsea FC' : id === 'G2' ? 'Everton FC' : 'Fulham FC',
    });
  await buildFixture(db, {
    id: 'H1',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    gameweek: 2,
    homeTeam: 'Chelsea FC',
    awayTeam: 'Arsenal FC',
  });
  await buildFixture(db, {
    id: 'OPEN',
    kickoffAt: '2025-09-13T14:00:00.000Z',
    gameweek: 3,
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
  });
  players = [];
  for (const w of WORLD) {
    const u = await buildUser(db, handle.dialect, { teamName: w.teamName });
    players.push(u);
    for (const [i, kind] of w.picks.entries()) {
      if (!kind) continue;
      const id = (['G1', 'G2', 'G3', 'H1'] as const)[i]!;
      const [homeScore, awayScore] = kind === 'exact' ? EXACT(id) : kind === 'outcome' ? OUTCOME[id] : WRONG[id];
      await buildPrediction(db, { userId: u.id, fixtureId: id, homeScore, awayScore });
    }
    // An open pick must never show or count.
    await buildPrediction(db, { userId: u.id, fixtureId: 'OPEN', homeScore: 9, awayScore: 9 });
  }
  for (const [id, [homeScore, awayScore]] of Object.entries(RESULTS))
    await buildResult(db, { fixtureId: id, homeScore, awayScore });
  cookies = [];
  for (const u of players) cookies.push(await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET));
  const outsider = await buildUser(db, handle.dialect, { teamName: 'No Picks' });
  outsiderCookie = await buildSessionCookie(db, handle.dialect, outsider.id, config.AUTH_SECRET);
});
afterEach(async () => {
  await t.close();
});

const board = (qs = '', cookie: string | null = cookies[0]!) =>
  t.request({ url: `/api/leaderboard${qs}`, cookie: cookie ?? undefined });
type Row = {
  userId: string;
  rank: number;
  position: number;
  displayName: string;
  points: number;
  exactScores: number;
  isViewer: boolean;
};
const line = (r: Row) => `${r.rank} ${r.displayName} ${r.points}`;

describe('GET /api/leaderboard', () => {
  test('the season total of every player with a scored prediction, ranked with the league tables’ rule', async () => {
    const res = await board();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ season: '2025-26', gameweek: null, page: 1, pageSize: 50, total: 6 });
    // The same order and ranks as src/game/ranking.ts gives (the league tables' rule).
    const expected = rankRows(body.rows.map((r: Row) => ({ userId: r.userId, name: r.displayName, points: r.points })));
    expect(body.rows.map((r: Row) => [r.userId, r.rank])).toEqual(expected.map((r) => [r.userId, r.rank]));
    expect(body.rows.map(line)).toEqual([
      '1 beta FC 10',
      '2 Top Dogs 9',
      '3 Alpha FC 7',
      '4 Zed 4',
      '4 Zed 4',
      '6 Nil Points 0',
    ]);
    expect(body.rows.map((r: Row) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.viewer).toMatchObject({ userId: players[0]!.id, rank: 2, isViewer: true });
    expect(body.rows.filter((r: Row) => r.isViewer)).toHaveLength(1);
  });

  test('one gameweek’s leaderboard', async () => {
    const body = (await board('?gameweek=1')).json();
    expect(body.rows.map(line)).toEqual([
      '1 Top Dogs 9',
      '2 Alpha FC 7',
      '2 beta FC 7',
      '4 Zed 3',
      '4 Zed 3',
      '6 Nil Points 0',
    ]);
    expect(body.total).toBe(6);
    const gw2 = (await board('?gameweek=2')).json();
    expect(gw2.rows.map(line)).toEqual(['1 beta FC 3', '2 Zed 1', '2 Zed 1', '4 Nil Points 0', '4 Top Dogs 0']);
    expect(gw2.total).toBe(5);
  });

  test('pages keep the ranks of the whole list, ties across a page break included', async () => {
    const whole = (await board('?pageSize=100')).json().rows.map(line);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await board(`?pageSize=2&page=${page}`)).json();
      expect(body).toMatchObject({ page, pageSize: 2, total: 6 });
      paged.push(...body.rows.map(line));
    }
    expect(paged).toEqual(whole);
    expect((await board('?pageSize=2&page=4')).json().rows).toEqual([]);
  });

  test('around=me opens the page with the viewer’s row', async () => {
    // The second "Zed" (position 5 of 6) is on page 3 of pages of 2.
    const zeds = players.filter((p) => p.teamName === 'Zed').sort((a, b) => (a.id < b.id ? -1 : 1));
    const me = zeds[1]!;
    const body = (await board('?pageSize=2&around=me', cookies[players.indexOf(me)]!)).json();
    expect(body.page).toBe(3);
    expect(body.rows.map((r: Row) => [r.displayName, r.isViewer])).toEqual([
      ['Zed', true],
      ['Nil Points', false],
    ]);
    expect(body.viewer).toMatchObject({ userId: me.id, rank: 4, position: 5 });
    // Someone without a scored prediction is not on it: page 1, no viewer row.
    const outsider = (await board('?around=me', outsiderCookie)).json();
    expect(outsider).toMatchObject({ page: 1, viewer: null, total: 6 });
  });

  test('reads only its season: the other season’s points (3 for every player) are not in this one', async () => {
    const past = (await board('?season=2024-25')).json();
    expect(past.season).toBe('2024-25');
    expect(past.total).toBe(7);
    expect(past.rows.every((r: Row) => r.points === 3 && r.rank === 1)).toBe(true);
    expect((await board('?season=1999-00')).statusCode).toBe(404);
  });

  test('a visitor gets 401; hostile queries are a clear 400', async () => {
    expect((await board('', null)).statusCode).toBe(401);
    for (const qs of [
      '?page=-1',
      '?page=0',
      '?page=1e9',
      '?page=abc',
      '?page=1.5',
      '?pageSize=0',
      '?pageSize=101',
      '?pageSize=1e9',
      '?gameweek=0',
      '?gameweek=100',
      '?around=you',
      '?page=2&around=me',
      `?season=${'x'.repeat(65)}`,
    ]) {
      const res = await board(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    }
  });

  test('open predictions never count or show', async () => {
    const res = await board('?pageSize=100');
    expect(res.body).not.toMatch(/9,"awayScore"|"homeScore"/);
    expect(res.json().rows.reduce((s: number, r: Row) => s + r.points, 0)).toBe(10 + 9 + 7 + 4 + 4);
  });
});
