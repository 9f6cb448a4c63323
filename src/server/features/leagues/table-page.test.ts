import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { tablePageDto } from '../../../contract/leagues.js';
import { presentLeague, presentTableRow } from './presenter.js';
import { leagueStandings } from './repository.js';
import { TEST_SEASON } from '../../test/factories-season.js';

/**
 * A cached table page is put together from rows presented once (table-cache.ts): the answer must
 * be exactly the `tablePageDto` the presenter would give, for every viewer, on and off the
 * viewer's page, and it goes through the route's response schema as every route's answer does.
 */
let t: TestApp;
const players: Array<{ id: string; cookie: string }> = [];
let leagueId = '';

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  for (let i = 0; i < 7; i++) {
    // Names with characters JSON must escape.
    const u = await buildUser(db, handle.dialect, { teamName: `Team "${i}" \\ ünïcode` });
    players.push({ id: u.id, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) });
  }
  const created = await t.request({
    method: 'POST',
    url: '/api/leagues',
    cookie: players[0]!.cookie,
    payload: { name: 'Page test' },
  });
  expect(created.statusCode, created.body).toBe(201);
  leagueId = created.json().league.id;
  const code = created.json().league.code;
  for (const p of players.slice(1))
    expect(
      (await t.request({ method: 'POST', url: '/api/leagues/join', cookie: p.cookie, payload: { code } })).statusCode,
    ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** What the presenter says the page is. */
async function expected(viewerId: string, page: number, pageSize: number) {
  const { db } = t.app.deps;
  const rows = await leagueStandings(db, leagueId, { seasonId: TEST_SEASON, gameweek: 0 });
  const league = await db.selectFrom('leagues').selectAll().where('id', '=', leagueId).executeTakeFirstOrThrow();
  const present = (r: (typeof rows)[number]) => presentTableRow(r, league.creatorId, viewerId);
  return {
    league: presentLeague({ ...league, memberCount: rows.length, isMember: 1 }, viewerId),
    season: TEST_SEASON,
    gameweek: null,
    page,
    pageSize,
    total: rows.length,
    rows: rows.slice((page - 1) * pageSize, page * pageSize).map(present),
    viewer: present(rows.find((r) => r.userId === viewerId)!),
  };
}

describe('a league table page served from presented rows', () => {
  test('is exactly the presenter’s page, for a viewer on the page, off it, and the creator', async () => {
    for (const [who, page] of [
      [0, 1],
      [3, 1],
      [6, 1],
      [2, 2],
      [5, 3],
    ] as const) {
      const viewer = players[who]!;
      const res = await t.request({
        method: 'GET',
        url: `/api/leagues/${leagueId}/table?season=${TEST_SEASON}&page=${page}&pageSize=3`,
        cookie: viewer.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(tablePageDto.strict().parse(body)).toEqual(body);
      expect(body).toEqual(await expected(viewer.id, page, 3));
      expect(body.rows.filter((r: { isViewer: boolean }) => r.isViewer).length).toBeLessThanOrEqual(1);
    }
  });

  test('pages answered from the cached table are still exact, whoever asks which page next', async () => {
    // Every viewer asks every page, twice over, creator and members alike: each answer after the
    // first comes from the table kept in memory.
    for (let round = 0; round < 2; round++) {
      for (const page of [1, 2, 3]) {
        for (const viewer of players) {
          const res = await t.request({
            method: 'GET',
            url: `/api/leagues/${leagueId}/table?season=${TEST_SEASON}&page=${page}&pageSize=3`,
            cookie: viewer.cookie,
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
          expect(res.json()).toEqual(await expected(viewer.id, page, 3));
        }
      }
    }
  });

  test('a page past the end has no rows but still the viewer', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/leagues/${leagueId}/table?page=50&pageSize=100`,
      cookie: players[1]!.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([]);
    expect(res.json().viewer.isViewer).toBe(true);
  });

  test('a page or size out of range is a clear 400 and changes nothing', async () => {
    const url = (qs: string) => `/api/leagues/${leagueId}/table?season=${TEST_SEASON}&${qs}`;
    const before = await t.request({ method: 'GET', url: url('page=1&pageSize=3'), cookie: players[6]!.cookie });
    expect(before.statusCode).toBe(200);
    for (const qs of [
      'page=0',
      'page=-1',
      'page=100001',
      'page=1e9',
      'page=1.5',
      'page=abc',
      'pageSize=0',
      'pageSize=101',
      'pageSize=1e9',
      'pageSize=2.5',
      `pageSize=${'9'.repeat(400)}`,
    ]) {
      const res = await t.request({ method: 'GET', url: url(qs), cookie: players[6]!.cookie });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    }
    const after = await t.request({ method: 'GET', url: url('page=1&pageSize=3'), cookie: players[6]!.cookie });
    expect(after.body).toBe(before.body);
  });
});

describe('the table answers through its contract', () => {
  test('a league the contract cannot describe is a 500, never a page of another shape, as on the league list', async () => {
    const { db, handle, config } = t.app.deps;
    const owner = await buildUser(db, handle.dialect, { teamName: 'Contract keeper' });
    const cookie = await buildSessionCookie(db, handle.dialect, owner.id, config.AUTH_SECRET);
    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie,
      payload: { name: 'Contract test' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().league.id;
    // A stored value this release does not know (a later release's, or a hand edit): the schema's enum refuses it.
    // The column's type is the contract's union, which is what this test steps outside of.
    await db
      .updateTable('leagues')
      .set({ privacy: 'unlisted' as 'private' })
      .where('id', '=', id)
      .execute();
    const table = await t.request({ method: 'GET', url: `/api/leagues/${id}/table`, cookie });
    expect(table.statusCode).toBe(500);
    expect(table.json().error.code).toBe('internal');
    expect(table.body).not.toContain('unlisted');
    const list = await t.request({ method: 'GET', url: '/api/leagues', cookie });
    expect(list.statusCode).toBe(500);
    expect(list.body).toBe(table.body);
  });
});

describe('asking for a league one is not in', () => {
  test('costs one membership lookup, never a reload of the table, on the table and the live table', async () => {
    const app = await createTestApp({ now: '2025-08-20T12:00:00Z' });
    try {
      const { db, handle, config } = app.app.deps;
      const owner = await buildUser(db, handle.dialect, { teamName: 'Kept Name' });
      const outsider = await buildUser(db, handle.dialect, { teamName: 'Outsider' });
      const cookieOf = (id: string) => buildSessionCookie(db, handle.dialect, id, config.AUTH_SECRET);
      const ownerCookie = await cookieOf(owner.id);
      const outsiderCookie = await cookieOf(outsider.id);
      const created = await app.request({
        method: 'POST',
        url: '/api/leagues',
        cookie: ownerCookie,
        payload: { name: 'Kept table' },
      });
      const id = created.json().league.id;
      const names = async (path: 'table' | 'live-table', cookie: string) => {
        const res = await app.request({ method: 'GET', url: `/api/leagues/${id}/${path}`, cookie });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().rows.map((r: { displayName?: string; name?: string }) => r.displayName ?? r.name);
      };
      expect(await names('table', ownerCookie)).toEqual(['Kept Name']);
      expect(await names('live-table', ownerCookie)).toEqual(['Kept Name']);
      // A change no event announces (a script beside the server): the kept table does not see it yet.
      await db.updateTable('user').set({ teamName: 'Written Beside' }).where('id', '=', owner.id).execute();
      for (const path of ['table', 'live-table'] as const)
        for (let i = 0; i < 3; i++) {
          const res = await app.request({ method: 'GET', url: `/api/leagues/${id}/${path}`, cookie: outsiderCookie });
          expect(res.statusCode).toBe(403);
          expect(res.json().error.message).toBe('You are not a member of this league.');
        }
      // The outsider's requests read nothing again: the members still get the kept table.
      expect(await names('table', ownerCookie)).toEqual(['Kept Name']);
      expect(await names('live-table', ownerCookie)).toEqual(['Kept Name']);
      // A member the kept table has not seen (joined without an event, as on another instance) has it read again.
      await db
        .insertInto('leagueMembers')
        .values({ leagueId: id, userId: outsider.id, joinedAt: '2025-08-20T12:00:00.000Z' })
        .execute();
      expect(await names('live-table', outsiderCookie)).toEqual(['Outsider', 'Written Beside']);
      // A league that is not there: its own message.
      const gone = await app.request({
        method: 'GET',
        url: '/api/leagues/no-such-league/live-table',
        cookie: ownerCookie,
      });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toBe('League not found. The league may have been deleted.');
    } finally {
      await app.close();
    }
  });
});
