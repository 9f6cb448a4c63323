import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { builtInSeasonFixtures, replayableResults } from './builtin.js';
import { seedBuiltInSeasons } from './seed.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function cookieFor(role: 'admin' | 'player' = 'player') {
  const { db, handle, config } = t.app.deps;
  const user = await buildUser(db, handle.dialect, { role });
  return buildSessionCookie(db, handle.dialect, user.id, config.AUTH_SECRET);
}
const get = async (url: string, cookie?: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const seasonsById = async () => new Map((await get('/api/seasons')).seasons.map((s: { id: string }) => [s.id, s]));

describe('seeding the built-in seasons at start-up (SEED_SEASON)', () => {
  test('an empty database gets both seasons: 380 fixtures and 38 gameweek definitions each; on 20 August 2025, 2025/26 is current', async () => {
    t = await createTestApp({ now: '2025-08-20T12:00:00Z', env: { SEED_SEASON: 'true' } });
    expect((await get('/api/fixtures')).fixtures).toHaveLength(380);
    expect((await get('/api/fixtures?season=2026-27')).fixtures).toHaveLength(380);
    const gw = await get('/api/gameweeks');
    expect(gw).toMatchObject({ season: '2025-26', openingGameweek: 2, today: '2025-08-20', custom: true });
    expect(gw.gameweeks).toHaveLength(38);
    expect((await get('/api/gameweeks?season=2026-27')).gameweeks).toHaveLength(38);
    const seasons = await seasonsById();
    expect(seasons.get('2025-26')).toMatchObject({
      label: '2025/26',
      phase: 'in-progress',
      current: true,
      startDate: '2025-08-15',
      endDate: '2026-05-24',
      fixtures: 380,
      results: 10,
    });
    expect(seasons.get('2026-27')).toMatchObject({
      label: '2026/27',
      phase: 'upcoming',
      current: false,
      fixtures: 380,
      results: 0,
      nextKickoff: '2026-08-21T19:00:00.000Z',
    });
  });

  test('only the results of matches already over by the server clock are loaded, as source "file"', async () => {
    t = await createTestApp({ now: '2025-08-20T12:00:00Z', env: { SEED_SEASON: 'true' } });
    expect((await seasonsById()).get('2025-26')).toMatchObject({ results: 10 });
    const sources = await t.app.deps.db
      .selectFrom('results')
      .select('source')
      .distinct()
      .where(
        'fixtureId',
        'in',
        replayableResults()
          .slice(0, 10)
          .map((r) => r.fixtureId),
      )
      .execute();
    expect(sources).toEqual([{ source: 'file' }]);
    await t.close();
    t = await createTestApp({ now: '2026-11-23T12:00:00Z', env: { SEED_SEASON: 'true' } });
    const seasons = await seasonsById();
    expect(seasons.get('2025-26')).toMatchObject({ results: 380, phase: 'finished', current: false });
    expect(seasons.get('2026-27')).toMatchObject({ results: 20, phase: 'in-progress', current: true });
    const last = (await get('/api/fixtures?season=2025-26&gameweek=38')).fixtures;
    expect(last.every((f: { status: string; result: unknown }) => f.status === 'finished' && f.result !== null)).toBe(
      true,
    );
  });

  test('with today’s clock (23 November 2026): 2026/27 is current and opens on Gameweek 12, predictable; Gameweeks 3 to 11 await their results', async () => {
    t = await createTestApp({ now: '2026-11-23T12:00:00Z', env: { SEED_SEASON: 'true' } });
    const cookie = await cookieFor();
    const list = await get('/api/seasons');
    expect(list.current).toBe('2026-27');
    expect(list.pinned).toBe(false);
    expect((await get('/api/gameweeks')).openingGameweek).toBe(12);
    const board = await get('/api/predictions/board', cookie);
    expect(board).toMatchObject({ season: '2026-27', gameweek: 12, openingGameweek: 12 });
    expect(board.matches).toHaveLength(10);
    expect(
      board.matches.every(
        (m: { window: string; fixture: { status: string } }) => m.window === 'open' && m.fixture.status === 'upcoming',
      ),
    ).toBe(true);
    expect(board.matches[0].fixture.localDate).toBe('2026-11-28');
    for (let gw = 3; gw <= 11; gw++) {
      const statuses = new Set(
        (await get(`/api/fixtures?gameweek=${gw}`)).fixtures.map((f: { status: string }) => f.status),
      );
      expect([...statuses], `gameweek ${gw}`).toEqual(['awaiting']);
    }
    const gw2 = (await get('/api/fixtures?gameweek=2')).fixtures;
    expect(gw2.every((f: { status: string }) => f.status === 'finished')).toBe(true);
    const dashboard = (await get('/api/dashboard', cookie)).dashboard;
    expect(dashboard).toMatchObject({
      season: { id: '2026-27', label: '2026/27', phase: 'in-progress' },
      gameweek: 12,
    });
    expect(dashboard.upcoming).toHaveLength(5);
  });

  test('with SCORELINE_NOW=2025-08-14, 2025/26 is current, upcoming, with no results', async () => {
    t = await createTestApp({ now: '2025-08-14T12:00:00Z', env: { SEED_SEASON: 'true' } });
    const seasons = await seasonsById();
    expect(seasons.get('2025-26')).toMatchObject({
      phase: 'upcoming',
      current: true,
      results: 0,
      nextKickoff: '2025-08-15T19:00:00.000Z',
    });
    expect((await get('/api/gameweeks')).openingGameweek).toBe(1);
  });

  test('it happens once per season: after the admin deletes a season’s fixtures, a restart does not bring them back', async () => {
    t = await createTestApp({ now: '2025-08-01T12:00:00Z', env: { SEED_SEASON: 'false' } });
    const reports = await seedBuiltInSeasons(t.app);
    expect(reports.map((r) => [r.season, r.fixtures])).toEqual([
      ['2025-26', 380],
      ['2026-27', 380],
      ['champions-league-2025-26', 189],
      ['world-cup-2026', 104],
    ]);
    const cookie = await cookieFor('admin');
    expect((await t.request({ method: 'DELETE', url: '/api/admin/fixtures?season=2025-26', cookie })).json()).toEqual({
      deleted: 380,
    });
    expect(await seedBuiltInSeasons(t.app)).toEqual([]);
    expect((await get('/api/fixtures?season=2025-26')).fixtures).toEqual([]);
    expect((await get('/api/fixtures?season=2026-27')).fixtures).toHaveLength(380);
  });

  test('the new clubs of 2026/27 come with it; a club keeps one row across seasons', async () => {
    t = await createTestApp({ now: '2026-11-23T12:00:00Z', env: { SEED_SEASON: 'true' } });
    const clubs2026 = (await get('/api/clubs')).clubs as Array<{ name: string; shortName: string }>;
    expect(clubs2026).toHaveLength(20);
    expect(clubs2026.map((c) => c.shortName)).toEqual(expect.arrayContaining(['Coventry', 'Hull', 'Ipswich']));
    expect(clubs2026.map((c) => c.shortName)).not.toContain('Wolves');
    expect((await get('/api/clubs?season=2025-26')).clubs.map((c: { shortName: string }) => c.shortName)).toContain(
      'Wolves',
    );
    // Arsenal plays in the Premier League and the Champions League: one club.
    const every = (await get('/api/clubs?season=all')).clubs as Array<{ name: string }>;
    expect(every.filter((c) => c.name === 'Arsenal FC')).toHaveLength(1);
    expect(new Set(every.map((c) => c.name)).size).toBe(every.length);
    const cl = (await get('/api/clubs?season=champions-league-2025-26')).clubs as Array<{ name: string }>;
    expect(cl).toHaveLength(36);
    expect(cl.map((c) => c.name)).toContain('Arsenal FC');
    expect((await get('/api/clubs?season=world-cup-2026')).clubs).toHaveLength(48);
  });

  test('the Champions League and the World Cup come with their stages, legs, groups and results, extra time and penalties included; each is current in its own competition', async () => {
    t = await createTestApp({ now: '2026-07-25T12:00:00Z', env: { SEED_SEASON: 'true' } });
    const { competitions } = (await get('/api/competitions')) as {
      competitions: Array<{
        id: string;
        current: string | null;
        seasons: Array<{ id: string; fixtures: number; results: number }>;
      }>;
    };
    expect(competitions.map((c) => [c.id, c.current])).toEqual([
      ['premier-league', '2026-27'],
      ['champions-league', 'champions-league-2025-26'],
      ['world-cup', 'world-cup-2026'],
    ]);
    const season = (id: string) => competitions.flatMap((c) => c.seasons).find((s) => s.id === id);
    // The Champions League final of this snapshot has no result yet; every other match has one.
    expect(season('champions-league-2025-26')).toMatchObject({ fixtures: 189, results: 188 });
    expect(season('world-cup-2026')).toMatchObject({ fixtures: 104, results: 104 });

    const wc = (await get('/api/fixtures?season=world-cup-2026')).fixtures as Array<Record<string, unknown>>;
    const final = wc.find((f) => f.stage === 'final')!;
    expect(final).toMatchObject({
      homeTeam: 'Spain',
      awayTeam: 'Argentina',
      kickoffAt: '2026-07-19T19:00:00.000Z',
      result: { homeScore: 0, awayScore: 0 },
    });
    expect(wc.find((f) => f.group === 'Group A')).toMatchObject({ stage: 'group', leg: null });
    const { db } = t.app.deps;
    const results = await db
      .selectFrom('results')
      .innerJoin('fixtures', 'fixtures.id', 'results.fixtureId')
      .select([
        'fixtures.id',
        'fixtures.seasonId',
        'results.homeScoreEt',
        'results.awayScoreEt',
        'results.homePenalties',
        'results.awayPenalties',
      ])
      .where('results.homeScoreEt', 'is not', null)
      .execute();
    expect(results.filter((r) => r.seasonId === 'world-cup-2026')).toHaveLength(9);
    expect(results.filter((r) => r.seasonId === 'world-cup-2026' && r.homePenalties !== null)).toHaveLength(4);
    expect(results.filter((r) => r.seasonId === 'champions-league-2025-26')).toHaveLength(2);
    expect(results.find((r) => r.id === final.id)).toMatchObject({
      homeScoreEt: 1,
      awayScoreEt: 0,
      homePenalties: null,
    });

    const cl = (await get('/api/fixtures?season=champions-league-2025-26')).fixtures as Array<Record<string, unknown>>;
    // Two-legged ties: each leg its own match; a pair that met in the league phase meets again later, both kept.
    expect(
      cl
        .filter((f) => f.stage === 'round-of-16')
        .map((f) => f.leg)
        .sort(),
    ).toEqual([...Array(8).fill(1), ...Array(8).fill(2)]);
    expect(
      cl.filter((f) => f.homeTeam === 'Paris Saint-Germain FC' && f.awayTeam === 'FC Bayern München'),
    ).toHaveLength(2);
    expect(cl.find((f) => f.stage === 'final')).toMatchObject({
      homeTeam: 'Paris Saint-Germain FC',
      awayTeam: 'Arsenal FC',
      status: 'awaiting',
      result: null,
    });
  });
});

describe('replayable results', () => {
  test('all 380 real scores of 2025/26 keyed by the ids the import writes, in kick-off order', () => {
    const results = replayableResults();
    expect(results).toHaveLength(380);
    const ids = new Set(builtInSeasonFixtures().map((f) => f.id));
    expect(results.every((r) => ids.has(r.fixtureId))).toBe(true);
    expect(results[0]).toMatchObject({
      fixtureId: 'LiverpoolFC_vs_AFCBournemouth_2025-08-15',
      homeScore: 4,
      awayScore: 2,
      gameweek: 1,
    });
    for (let i = 1; i < results.length; i++) expect(results[i]!.kickoffAt >= results[i - 1]!.kickoffAt).toBe(true);
  });
  test('2026/27 has the results of its first two matchdays', () => {
    const results = replayableResults('2026-27');
    expect(results).toHaveLength(20);
    expect(new Set(results.map((r) => r.gameweek))).toEqual(new Set([1, 2]));
  });
});
