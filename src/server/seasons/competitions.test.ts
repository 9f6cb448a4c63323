import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEAMS_NOT_KNOWN_MESSAGE } from '../../contract/predictions.js';
import { noSeasonOf } from '../../contract/leagues.js';
import type { DB } from '../db/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture } from '../test/factories-season.js';

/**
 * Competitions beside the Premier League (decision 0116): each has its own seasons and current
 * season, a league plays in its own competition's seasons only, a match whose teams are not known
 * takes no pick until they are, and a league says which score of a knockout match counts.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function buildSeasonOf(db: DB, id: string, competitionId: string, label: string, clubs: string[]) {
  const now = new Date().toISOString();
  await db
    .insertInto('seasons')
    .values({ id, competitionId, label, startDate: null, endDate: null, feedUrl: null, createdAt: now, updatedAt: now })
    .execute();
  await sql`INSERT INTO "seasonClubs" ("seasonId", "clubId") SELECT ${id}, "id" FROM "clubs" WHERE "name" IN (${sql.join(clubs)})`.execute(
    db,
  );
}

async function players(app: TestApp, n: number, role: 'player' | 'admin' = 'player', pastSeason = false) {
  const { db, handle, config } = app.app.deps;
  const out: Array<{ id: string; cookie: string }> = [];
  for (let i = 0; i < n; i++) {
    // pastSeason: an exact score (3 points) in the test world's past Premier League season.
    const u = await buildUser(db, handle.dialect, { pastSeason, role });
    out.push({ id: u.id, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) });
  }
  return out;
}

const CL = 'champions-league-2025-26';

describe('competitions', () => {
  it('lists each competition with its own current season; a league plays in its own competition only', async () => {
    t = await createTestApp({ now: '2026-05-20T12:00:00Z', otherSeason: false });
    const { db } = t.app.deps;
    await buildSeasonOf(db, CL, 'champions-league', '2025/26', ['Arsenal FC', 'Liverpool FC']);
    await buildFixture(db, {
      seasonId: CL,
      homeTeam: 'Arsenal FC',
      awayTeam: 'Liverpool FC',
      kickoffAt: '2026-05-30T16:00:00.000Z',
      gameweek: 1,
    });
    await buildFixture(db, {
      homeTeam: 'Chelsea FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2026-05-24T15:00:00.000Z',
      gameweek: 38,
    });
    t.app.deps.seasons.clear();
    const [alice] = await players(t, 1);

    const listed = await t.request({ method: 'GET', url: '/api/competitions' });
    expect(listed.statusCode, listed.body).toBe(200);
    const competitions = listed.json().competitions as Array<{
      id: string;
      current: string | null;
      seasons: Array<{ id: string; current: boolean }>;
    }>;
    expect(competitions.map((c) => [c.id, c.current])).toEqual([
      ['premier-league', '2025-26'],
      ['champions-league', CL],
    ]);
    expect(competitions[1]!.seasons).toMatchObject([{ id: CL, current: true }]);
    // Every season is current in its own competition.
    const seasons = (await t.request({ method: 'GET', url: '/api/seasons' })).json().seasons as Array<{
      id: string;
      current: boolean;
    }>;
    expect(
      seasons
        .filter((s) => s.current)
        .map((s) => s.id)
        .sort(),
    ).toEqual(['2025-26', CL].sort());

    // No World Cup season here: no World Cup league.
    const refused = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: alice!.cookie,
      payload: { name: 'WC', competition: 'world-cup' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(noSeasonOf('world-cup'));

    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: alice!.cookie,
      payload: { name: 'UCL', competition: 'champions-league' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().league).toMatchObject({ competition: 'champions-league', knockoutRule: 'ninety' });
    const id = created.json().league.id as string;
    const table = await t.request({ method: 'GET', url: `/api/leagues/${id}/table`, cookie: alice!.cookie });
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json().season).toBe(CL);
    // A Premier League season is not this league's.
    const live = await t.request({ method: 'GET', url: `/api/leagues/${id}/live-table`, cookie: alice!.cookie });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().season).toBe(CL);
    const other = await t.request({
      method: 'GET',
      url: `/api/leagues/${id}/table?season=2025-26`,
      cookie: alice!.cookie,
    });
    expect(other.statusCode).toBe(404);
    // A Premier League league still leads with the Premier League's season.
    const pl = await t.request({ method: 'POST', url: '/api/leagues', cookie: alice!.cookie, payload: { name: 'PL' } });
    const plTable = await t.request({
      method: 'GET',
      url: `/api/leagues/${pl.json().league.id}/table`,
      cookie: alice!.cookie,
    });
    expect(plTable.json().season).toBe('2025-26');
  });

  it('refuses a pick on a match whose teams are not known, and opens it once the admin names them; the deadline is the same', async () => {
    t = await createTestApp({ now: '2026-05-01T12:00:00Z', otherSeason: false });
    const { db } = t.app.deps;
    await buildSeasonOf(db, CL, 'champions-league', '2025/26', ['Arsenal FC', 'Liverpool FC']);
    const final = await buildFixture(db, {
      id: 'cl-final',
      seasonId: CL,
      homeTeam: 'Winner SF1',
      awayTeam: 'Winner SF2',
      kickoffAt: '2026-05-30T16:00:00.000Z',
      localDate: '2026-05-30',
      localTime: '17:00',
      gameweek: 17,
    });
    await db
      .updateTable('fixtures')
      .set({ stage: 'final', homeLabel: 'Winner SF1', awayLabel: 'Winner SF2' })
      .where('id', '=', final.id)
      .execute();
    const [alice] = await players(t, 1);
    const [admin] = await players(t, 1, 'admin');
    const pick = () =>
      t!.request({
        method: 'PUT',
        url: `/api/predictions/${final.id}`,
        cookie: alice!.cookie,
        payload: { homeScore: 1, awayScore: 0 },
      });

    const refused = await pick();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ message: TEAMS_NOT_KNOWN_MESSAGE, code: 'teams_not_known' });
    expect(await db.selectFrom('predictions').selectAll().execute()).toEqual([]);
    // Shown by its placeholders, with its stage.
    const shown = await t.request({ method: 'GET', url: `/api/fixtures?season=${CL}` });
    expect(shown.json().fixtures[0]).toMatchObject({
      homeTeam: 'Winner SF1',
      homeLabel: 'Winner SF1',
      awayLabel: 'Winner SF2',
      stage: 'final',
    });

    const named = await t.request({
      method: 'PUT',
      url: `/api/admin/fixtures/${final.id}`,
      cookie: admin!.cookie,
      payload: { homeTeam: 'Arsenal FC', awayTeam: 'Liverpool FC', date: '2026-05-30', time: '17:00' },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().fixture).toMatchObject({ homeTeam: 'Arsenal FC', homeLabel: null, awayLabel: null });
    const saved = await pick();
    expect(saved.statusCode, saved.body).toBe(200);

    // Two hours before kick-off it closes, as every match does.
    t.clock.set('2026-05-30T14:30:00Z');
    expect((await pick()).json().error.code).toBe('deadline_passed');
  });

  it('scores a match that went to extra time by each league’s rule: the World Cup final is 0-0 at 90 minutes and 1-0 after extra time', async () => {
    t = await createTestApp({ now: '2026-07-01T12:00:00Z' });
    const { db } = t.app.deps;
    await buildSeasonOf(db, 'world-cup-2026', 'world-cup', '2026', ['Arsenal FC', 'Liverpool FC']);
    const final = await buildFixture(db, {
      seasonId: 'world-cup-2026',
      homeTeam: 'Arsenal FC',
      awayTeam: 'Liverpool FC',
      kickoffAt: '2026-07-19T19:00:00.000Z',
      gameweek: 22,
    });
    const [nil, one, admin] = [...(await players(t, 2, 'player', true)), ...(await players(t, 1, 'admin'))];
    for (const [p, score] of [
      [nil, [0, 0]],
      [one, [1, 0]],
    ] as const) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/predictions/${final.id}`,
        cookie: p!.cookie,
        payload: { homeScore: score[0], awayScore: score[1] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const leagues: Record<string, string> = {};
    for (const rule of ['ninety', 'extra-time'] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/leagues',
        cookie: nil!.cookie,
        payload: { name: rule, competition: 'world-cup', knockoutRule: rule },
      });
      expect(res.statusCode, res.body).toBe(201);
      leagues[rule] = res.json().league.id;
      await t.request({
        method: 'POST',
        url: '/api/leagues/join',
        cookie: one!.cookie,
        payload: { code: res.json().league.code },
      });
    }
    t.clock.set('2026-07-19T22:00:00Z');
    // A shoot-out without extra time is not a result.
    const wrong = await t.request({
      method: 'PUT',
      url: `/api/admin/results/${final.id}`,
      cookie: admin!.cookie,
      payload: { homeScore: 0, awayScore: 0, penalties: { homeScore: 4, awayScore: 3 } },
    });
    expect(wrong.statusCode).toBe(400);
    const saved = await t.request({
      method: 'PUT',
      url: `/api/admin/results/${final.id}`,
      cookie: admin!.cookie,
      payload: { homeScore: 0, awayScore: 0, extraTime: { homeScore: 1, awayScore: 0 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const points = async (rule: string) =>
      Object.fromEntries(
        (
          (await t!.request({ method: 'GET', url: `/api/leagues/${leagues[rule]}/table`, cookie: one!.cookie })).json()
            .rows as Array<{ userId: string; points: number }>
        ).map((r) => [r.userId, r.points]),
      );
    expect(await points('ninety')).toEqual({ [nil!.id]: 3, [one!.id]: 0 });
    expect(await points('extra-time')).toEqual({ [nil!.id]: 0, [one!.id]: 3 });
    // A member's picks, as each league scores them.
    for (const [rule, want] of [
      ['ninety', { points: 0, tier: 'wrong', outcome: 'wrong' }],
      ['extra-time', { points: 3, tier: 'exact', outcome: 'exact' }],
    ] as const) {
      const picks = await t.request({
        method: 'GET',
        url: `/api/leagues/${leagues[rule]}/members/${one!.id}/picks?season=world-cup-2026`,
        cookie: nil!.cookie,
      });
      expect(picks.statusCode, picks.body).toBe(200);
      expect(picks.json().picks[0].prediction).toMatchObject(want);
    }
    // All seasons: the World Cup's only (their Premier League points are not these leagues'), under each rule.
    const allSeasons = async (rule: string) =>
      Object.fromEntries(
        (
          (
            await t!.request({
              method: 'GET',
              url: `/api/leagues/${leagues[rule]}/table?season=all`,
              cookie: one!.cookie,
            })
          ).json().rows as Array<{ userId: string; points: number }>
        ).map((r) => [r.userId, r.points]),
      );
    expect(await allSeasons('ninety')).toEqual({ [nil!.id]: 3, [one!.id]: 0 });
    expect(await allSeasons('extra-time')).toEqual({ [nil!.id]: 0, [one!.id]: 3 });
    // Without a league: the 90-minute score.
    const board = (
      await t.request({ method: 'GET', url: '/api/leaderboard?season=world-cup-2026', cookie: one!.cookie })
    ).json();
    expect(
      Object.fromEntries((board.rows as Array<{ userId: string; points: number }>).map((r) => [r.userId, r.points])),
    ).toMatchObject({ [nil!.id]: 3, [one!.id]: 0 });
    // The dashboard's positions read the same tables.
    const positions = (
      await t.request({ method: 'GET', url: '/api/leagues/positions?season=world-cup-2026', cookie: one!.cookie })
    ).json().positions as Array<{ leagueId: string; position: number; points: number }>;
    expect(positions.find((p) => p.leagueId === leagues['extra-time'])).toMatchObject({ position: 1, points: 3 });
    expect(positions.find((p) => p.leagueId === leagues.ninety)).toMatchObject({ position: 2, points: 0 });
    // A Premier League season's positions leave these leagues out: their points there are not the leagues'.
    const pastSeason = (
      await t.request({ method: 'GET', url: '/api/leagues/positions?season=2025-26', cookie: one!.cookie })
    ).json();
    expect(pastSeason.positions).toEqual([]);
  });
});
