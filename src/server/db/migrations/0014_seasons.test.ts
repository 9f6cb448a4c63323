import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scorePrediction } from '../../../game/scoring.js';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import type { TestApp } from '../../test/harness.js';
import {
  EXTRA_CLUB,
  EXTRA_FIXTURE,
  PRE_SEASON_NOW,
  writePreSeasonWorld,
  type PreSeasonWorld,
} from '../../test/pre-season-world.js';
import { replayableResults } from '../../seasons/builtin.js';

/**
 * A database made by the release before the season model (its migrations through
 * 0011, its data written as that code wrote it) upgrades with nothing lost, and the app serves
 * it: the same league tables, statistics and predictions; then the start-up seed fills 2025/26
 * in by (season, home, away) and adds 2026/27. On SQLite and PostgreSQL (the two API projects).
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const TODAY = '2026-11-23T12:00:00.000Z';
const OLD_TABLES = [
  'user',
  'account',
  'session',
  'verification',
  'fixtures',
  'results',
  'predictions',
  'gameweeks',
  'leagues',
  'leagueMembers',
  'userSettings',
  'reminderLog',
  'contactMessages',
  'mailOutbox',
];

const database = useMigrationDatabase();
let t: TestApp | undefined;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const count = async (db: AnyDb, table: string) =>
  Number((await sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);

interface Before {
  counts: Record<string, number>;
  /** Old userPoints rows that count (non-zero), `userId:gameweek` → [points, exact]. */
  points: Map<string, [number, number]>;
  predictions: Array<{
    userId: string;
    fixtureId: string;
    homeScore: number;
    awayScore: number;
    points: number | null;
    outcome: string | null;
  }>;
}

async function snapshot(db: AnyDb): Promise<Before> {
  const counts: Record<string, number> = {};
  for (const table of OLD_TABLES) counts[table] = await count(db, table);
  // Migration 0027 (later) ends the sessions of addresses still unverified; every other row stays.
  counts.session! -= Number(
    (
      await sql<{
        n: number;
      }>`SELECT COUNT(*) AS "n" FROM "session" WHERE "userId" IN (SELECT "id" FROM "user" WHERE "emailVerified" IS NOT TRUE)`.execute(
        db,
      )
    ).rows[0]!.n,
  );
  const rows = await sql<{
    userId: string;
    gameweek: number;
    points: number;
    exact: number;
  }>`SELECT "userId", "gameweek", "points", "exact" FROM "userPoints"`.execute(db);
  const points = new Map(
    rows.rows
      .filter((r) => Number(r.points) !== 0 || Number(r.exact) !== 0)
      .map((r) => [`${r.userId}:${Number(r.gameweek)}`, [Number(r.points), Number(r.exact)] as [number, number]]),
  );
  const predictions = (
    await sql<
      Before['predictions'][number]
    >`SELECT "userId", "fixtureId", "homeScore", "awayScore", "points", "outcome" FROM "predictions"`.execute(db)
  ).rows.map((p) => ({ ...p, points: p.points === null ? null : Number(p.points) }));
  return { counts, points, predictions };
}

/** Builds the old database, writes the old world, takes its picture, migrates. */
async function upgrade(): Promise<{ world: PreSeasonWorld; before: Before; db: AnyDb }> {
  const handle = await database.migratedThrough({ last: '0011_security' });
  const world = await writePreSeasonWorld(handle, SECRET);
  const db = handle.db as unknown as AnyDb;
  const before = await snapshot(db);
  expect(await migrateToLatest(handle)).toContain('0014_seasons');
  return { world, before, db };
}

const get = async (url: string, cookie?: string) => {
  const res = await t!.request({ method: 'GET', url, cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** A league's table from the old aggregate: display name, points, exact scores. */
function expectedTable(
  world: PreSeasonWorld,
  before: Before,
  members: Array<keyof PreSeasonWorld & ('alice' | 'bob' | 'carol' | 'admin' | 'dave')>,
  gameweek = 0,
) {
  const name = (u: PreSeasonWorld['alice']) => u.teamName ?? u.username;
  return members
    .map((m) => {
      const u = world[m];
      const [points, exact] = before.points.get(`${u.id}:${gameweek}`) ?? [0, 0];
      return { displayName: name(u), points, exactScores: exact };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}
const tableRows = (body: { rows: Array<{ displayName: string; points: number; exactScores: number }> }) =>
  body.rows
    .map((r) => ({ displayName: r.displayName, points: r.points, exactScores: r.exactScores }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));

describe('migration 0014_seasons on a database made by the release before it', () => {
  it('keeps every row, gives everything to 2025/26, rebuilds the points per season, and the app serves the same tables, statistics and predictions', async () => {
    const { world, before, db } = await upgrade();

    // Nothing lost: every old table has the rows it had (the old seed's marker is cleared, see below).
    for (const table of OLD_TABLES) expect(await count(db, table), table).toBe(before.counts[table]);
    expect(await count(db, 'appMeta')).toBe(0);
    // Every fixture, stored gameweek and point belongs to 2025/26; every result was the admin's.
    expect(
      (
        await sql<{
          n: number;
        }>`SELECT COUNT(*) AS "n" FROM "fixtures" WHERE "seasonId" IS NULL OR "seasonId" <> '2025-26'`.execute(db)
      ).rows[0]!.n,
    ).toBe(0);
    expect((await sql<{ source: string }>`SELECT DISTINCT "source" FROM "results"`.execute(db)).rows).toEqual([
      { source: 'admin' },
    ]);
    const defs = (
      await sql<{
        seasonId: string;
        gameweek: number;
        startDate: string;
        endDate: string;
      }>`SELECT "seasonId", "gameweek", "startDate", "endDate" FROM "gameweeks" ORDER BY "gameweek"`.execute(db)
    ).rows;
    expect(defs).toHaveLength(38);
    expect(defs.every((d) => d.seasonId === '2025-26')).toBe(true);
    expect(defs[4]).toMatchObject(world.editedGameweek);
    const points = (
      await sql<{
        seasonId: string;
        userId: string;
        gameweek: number;
        points: number;
        exact: number;
      }>`SELECT * FROM "userPoints"`.execute(db)
    ).rows;
    expect(points.every((p) => p.seasonId === '2025-26')).toBe(true);
    expect(
      new Map(
        points
          .filter((p) => Number(p.points) !== 0 || Number(p.exact) !== 0)
          .map((p) => [`${p.userId}:${Number(p.gameweek)}`, [Number(p.points), Number(p.exact)]]),
      ),
    ).toEqual(before.points);
    // The season exists with its dates; its clubs are the 20 of 2025/26 and the one the admin's file brought.
    const season = (
      await sql<{
        id: string;
        label: string;
        startDate: string;
        endDate: string;
      }>`SELECT "id", "label", "startDate", "endDate" FROM "seasons"`.execute(db)
    ).rows;
    expect(season).toEqual([{ id: '2025-26', label: '2025/26', startDate: '2025-08-15', endDate: '2026-05-24' }]);
    const clubs = (
      await sql<{
        name: string;
        shortName: string;
        code: string;
      }>`SELECT c."name", c."shortName", c."code" FROM "clubs" c JOIN "seasonClubs" sc ON sc."clubId" = c."id" WHERE sc."seasonId" = '2025-26'`.execute(
        db,
      )
    ).rows;
    expect(clubs).toHaveLength(21);
    expect(clubs.find((c) => c.name === EXTRA_CLUB)).toEqual({
      name: EXTRA_CLUB,
      shortName: 'Leicester City',
      code: 'LEI',
    });

    // The app on the upgraded database, by the old clock, without seeding.
    t = await database.openApp({
      now: PRE_SEASON_NOW,
      otherSeason: false,
      env: { SEED_SEASON: 'false' },
    });
    // Sessions issued by the old release still sign in.
    expect((await get('/api/me', world.cookies.alice)).user.email).toBe(world.alice.email);
    // League tables: overall and a gameweek's, the same as the old aggregate gave; one season, so all seasons too.
    const office: Array<'alice' | 'bob' | 'carol' | 'admin'> = ['alice', 'bob', 'carol', 'admin'];
    for (const season of ['', '&season=2025-26', '&season=all']) {
      expect(
        tableRows(await get(`/api/leagues/${world.leagues.office}/table?page=1${season}`, world.cookies.alice)),
        season,
      ).toEqual(expectedTable(world, before, office));
    }
    expect(tableRows(await get(`/api/leagues/${world.leagues.office}/table?gameweek=10`, world.cookies.bob))).toEqual(
      expectedTable(world, before, office, 10),
    );
    expect(tableRows(await get(`/api/leagues/${world.leagues.open}/table`, world.cookies.dave))).toEqual(
      expectedTable(world, before, ['bob', 'alice', 'dave']),
    );
    // A player's statistics count the same predictions and points.
    const mine = before.predictions.filter((p) => p.userId === world.alice.id);
    const stats = (await get('/api/me/statistics', world.cookies.alice)).statistics;
    expect(stats).toMatchObject({
      season: '2025-26',
      totalPredictions: mine.length,
      scoredPredictions: mine.filter((p) => p.points !== null).length,
      totalPoints: mine.reduce((n, p) => n + (p.points ?? 0), 0),
      exactScores: mine.filter((p) => p.outcome === 'exact').length,
    });
    expect(stats.rankHistory.length).toBeGreaterThan(0);
    // The predictions board and the player's own list show the stored picks with their points.
    const board = await get('/api/predictions/board?gameweek=3', world.cookies.alice);
    const picked = board.matches.filter((m: { prediction: unknown }) => m.prediction !== null);
    expect(picked).toHaveLength(3);
    for (const m of picked as Array<{
      fixture: { id: string };
      prediction: { homeScore: number; awayScore: number; points: number | null };
    }>) {
      const stored = mine.find((p) => p.fixtureId === m.fixture.id)!;
      expect(m.prediction).toMatchObject({
        homeScore: stored.homeScore,
        awayScore: stored.awayScore,
        points: stored.points,
      });
    }
    // The own list answers a page at a time (decision 0103): every page, following nextCursor.
    let listed = 0;
    for (let cursor: string | null = ''; cursor !== null;) {
      const page = await get(
        `/api/predictions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        world.cookies.alice,
      );
      listed += page.predictions.length;
      cursor = page.nextCursor;
    }
    expect(listed).toBe(mine.length);
    const gameweeks = await get('/api/gameweeks');
    expect(gameweeks).toMatchObject({ season: '2025-26', custom: true });
    expect(gameweeks.gameweeks[4]).toEqual(world.editedGameweek);
    // Positions on the dashboard, the lock of a match moved after its deadline, the reminder settings.
    expect(
      (await get('/api/leagues/positions', world.cookies.alice)).positions
        .map((p: { leagueId: string }) => p.leagueId)
        .sort(),
    ).toEqual([world.leagues.office, world.leagues.open].sort());
    const locked = await t.request({
      method: 'PUT',
      url: `/api/predictions/${world.lockedFixture}`,
      cookie: world.cookies.dave,
      payload: { homeScore: 1, awayScore: 1 },
    });
    expect(locked.json().error?.code).toBe('deadline_passed');
    expect(await get('/api/me/settings/reminders', world.cookies.alice)).toMatchObject({ remindersEnabled: false });
    // The admin can still edit the fixture against the club the catalogue did not know.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/admin/fixtures/${EXTRA_FIXTURE}`,
      cookie: world.cookies.admin,
      payload: { homeTeam: EXTRA_CLUB, awayTeam: 'Arsenal FC', date: '2026-03-10', time: '19:45' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('then the start-up seed fills 2025/26 in by (season, home, away), never over the admin’s results, and adds 2026/27', async () => {
    const { world, before, db } = await upgrade();
    t = await database.openApp({ now: TODAY, otherSeason: false, env: { SEED_SEASON: 'true' } });

    const list = await get('/api/seasons');
    expect(list.current).toBe('2026-27');
    const byId = new Map(list.seasons.map((s: { id: string }) => [s.id, s]));
    expect(byId.get('2025-26')).toMatchObject({
      phase: 'finished',
      fixtures: world.fixtureCount,
      results: world.fixtureCount,
    });
    expect(byId.get('2026-27')).toMatchObject({ phase: 'in-progress', fixtures: 380, results: 20 });
    // No duplicate: the match the admin moved is still one fixture, under its new id.
    const fixtures = (await get('/api/fixtures?season=2025-26')).fixtures as Array<{ id: string }>;
    expect(fixtures).toHaveLength(world.fixtureCount);
    expect(fixtures.some((f) => f.id === world.moved.id)).toBe(true);
    expect(fixtures.some((f) => f.id === world.moved.originalId)).toBe(false);
    // The admin's results stand (even a wrong one); a provisional score and the missing ones come from the file.
    const result = async (id: string) =>
      (
        await sql<{
          homeScore: number;
          awayScore: number;
          final: number;
          source: string;
        }>`SELECT "homeScore", "awayScore", "final", "source" FROM "results" WHERE "fixtureId" = ${id}`.execute(db)
      ).rows[0];
    expect(await result(world.wrongResult.fixtureId)).toEqual({
      homeScore: world.wrongResult.homeScore,
      awayScore: world.wrongResult.awayScore,
      final: 1,
      source: 'admin',
    });
    const real = new Map(replayableResults('2025-26').map((r) => [`${r.homeTeam}|${r.awayTeam}`, r]));
    const fixtureRows = (
      await sql<{
        id: string;
        homeTeam: string;
        awayTeam: string;
      }>`SELECT "id", "homeTeam", "awayTeam" FROM "fixtures"`.execute(db)
    ).rows;
    const realOf = (id: string) =>
      real.get(fixtureRows.filter((f) => f.id === id).map((f) => `${f.homeTeam}|${f.awayTeam}`)[0]!)!;
    for (const id of [world.provisional, ...world.missingResults]) {
      expect(await result(id), id).toEqual({
        homeScore: realOf(id).homeScore,
        awayScore: realOf(id).awayScore,
        final: 1,
        source: 'file',
      });
    }
    // Stored gameweeks are kept (with the admin's edit); 2026/27 has its own.
    expect((await get('/api/gameweeks?season=2025-26')).gameweeks[4]).toEqual(world.editedGameweek);
    expect((await get('/api/gameweeks')).gameweeks).toHaveLength(38);

    // Points change only by the predictions the new results scored, worked out here from the file.
    const gained = new Map<string, number>();
    for (const p of before.predictions) {
      if (p.points !== null) continue;
      const pair = fixtureRows.find((f) => f.id === p.fixtureId);
      const r = pair && real.get(`${pair.homeTeam}|${pair.awayTeam}`);
      if (!r || p.fixtureId === world.wrongResult.fixtureId) continue;
      gained.set(p.userId, (gained.get(p.userId) ?? 0) + scorePrediction(p, r).points);
    }
    expect([...gained.values()].some((n) => n > 0)).toBe(true);
    const office = (await get(`/api/leagues/${world.leagues.office}/table?season=2025-26`, world.cookies.alice))
      .rows as Array<{ userId: string; points: number }>;
    for (const row of office)
      expect(row.points, row.userId).toBe(
        (before.points.get(`${row.userId}:0`)?.[0] ?? 0) + (gained.get(row.userId) ?? 0),
      );
    // 2026/27 starts from nothing; all seasons add up to 2025/26 alone.
    const current = (await get(`/api/leagues/${world.leagues.office}/table`, world.cookies.alice)).rows as Array<{
      points: number;
    }>;
    expect(current.every((r) => r.points === 0)).toBe(true);
    const all = (await get(`/api/leagues/${world.leagues.office}/table?season=all`, world.cookies.alice))
      .rows as Array<{ userId: string; points: number }>;
    expect(new Map(all.map((r) => [r.userId, r.points]))).toEqual(new Map(office.map((r) => [r.userId, r.points])));

    // Seeding happens once: a second start changes nothing.
    await t.close();
    t = await database.openApp({ now: TODAY, otherSeason: false, env: { SEED_SEASON: 'true' } });
    expect((await get('/api/fixtures?season=2025-26')).fixtures).toHaveLength(world.fixtureCount);
    expect((await get('/api/fixtures')).fixtures).toHaveLength(380);
  });
});
