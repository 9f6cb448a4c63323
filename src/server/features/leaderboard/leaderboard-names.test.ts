import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { dropDatabase, testDialect } from '../../test/databases.js';
import { openDatabase, type DatabaseHandle } from '../../db/index.js';
import { migrateToLatest } from '../../db/migrate.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { STANDARD_RULE } from '../../../game/scoring.js';
import { tieOrder } from '../../../game/ranking.js';
import {
  buildLeagueWorld,
  get,
  SEASON_START,
  type Bankers,
  type BuiltLeague,
  type LeagueSpec,
} from '../leagues/standings-world.js';

/**
 * The overall leaderboard orders players level on points by the league tables' one rule
 * (src/game/ranking.ts, decision 0102), on every page, on "Find me"'s page and in every league
 * table, whatever the database's collation: SQLite (whose LOWER folds ASCII only), the tests'
 * PostgreSQL and, on PostgreSQL, databases made with the libc C.UTF-8 and ICU en-US locales. Each
 * database's own ORDER BY LOWER(name), the order the leaderboard's SQL used to give, is checked to
 * differ, so the agreement is the rule's.
 */
const TIED = ['Émile', 'Eve', 'Zoë', 'Ådne', 'Øyvind', 'adam', 'Zack'];
/** Lower-cased, accents dropped, by code point: Ø has no decomposition and comes after z. */
const RULE_ORDER = ['adam', 'Ådne', 'Émile', 'Eve', 'Zack', 'Zoë', 'Øyvind'];

const spec: LeagueSpec = {
  rule: { ...STANDARD_RULE },
  bankersAllowed: true,
  // The leader has an exact score (3); the tied players the right outcome twice (1 each); the last no pick at all.
  names: ['Leader', ...TIED, 'Nobody'],
  gameweeks: [
    [{ picks: [[2, 0], ...TIED.map((): [number, number] => [1, 0]), null], results: [[2, 0]] }],
    [{ picks: [null, ...TIED.map((): [number, number] => [0, 0]), null], results: [[1, 1]] }],
  ],
  questions: [],
};
const bankers: Bankers = spec.names.map(() => [null, null]);

interface Row {
  userId: string;
  rank: number;
  position: number;
  displayName: string;
  points: number;
  isViewer: boolean;
}
const tiedNames = (rows: Array<{ displayName: string }>) =>
  rows.map((r) => r.displayName).filter((n) => TIED.includes(n));
const board = (t: TestApp, cookie: string, qs: string) =>
  get(t, cookie, `/api/leaderboard?season=${TEST_SEASON}&${qs}`);

/** Every page of a board, pages of `size` rows. */
async function allPages(t: TestApp, cookie: string, qs: string, size: number): Promise<Row[]> {
  const first = await board(t, cookie, `${qs}&pageSize=${size}&page=1`);
  const rows: Row[] = [...first.rows];
  for (let page = 2; page <= Math.ceil(first.total / size); page++)
    rows.push(...(await board(t, cookie, `${qs}&pageSize=${size}&page=${page}`)).rows);
  return rows;
}

async function checkNames(t: TestApp) {
  const built = await buildLeagueWorld(t, spec, bankers);
  expect(
    tieOrder(
      TIED.map((name) => ({ userId: name, name })),
      (r) => r.name,
    ).map((r) => r.name),
  ).toEqual(RULE_ORDER);
  const viewer = built.members[0]!.cookie;

  for (const qs of ['', 'gameweek=1', 'gameweek=2']) {
    const whole: Row[] = (await board(t, viewer, `${qs}&pageSize=100`)).rows;
    expect(tiedNames(whole), qs).toEqual(RULE_ORDER);
    // The tied players share one rank; positions run on.
    const tied = whole.filter((r) => TIED.includes(r.displayName));
    expect(new Set(tied.map((r) => r.rank)).size, qs).toBe(1);
    expect(whole.map((r) => r.position)).toEqual(whole.map((_, i) => i + 1));
    // Small pages, ties across every page break: the same rows, ranks and positions.
    for (const size of [1, 2, 3]) expect(await allPages(t, viewer, qs, size), `${qs} by ${size}`).toEqual(whole);

    // "Find me": each tied player's page is the page of the whole list that holds their row.
    for (const m of built.members.filter((x) => TIED.includes(x.name))) {
      const mine = await board(t, m.cookie, `${qs}&pageSize=2&around=me`);
      const at = whole.findIndex((r) => r.userId === m.id);
      expect(mine.page, `${qs} ${m.name}`).toBe(Math.floor(at / 2) + 1);
      expect(mine.viewer).toMatchObject({ userId: m.id, position: at + 1, rank: whole[at]!.rank, isViewer: true });
      const mark = (r: Row) => ({ ...r, isViewer: r.userId === m.id });
      expect(mine.rows).toEqual(whole.slice((mine.page - 1) * 2, mine.page * 2).map(mark));
    }
  }

  // The league table of the same players, in every scope and across pages, in the same order.
  const url = `/api/leagues/${built.leagueId}/table`;
  for (const query of [`season=${TEST_SEASON}`, `season=${TEST_SEASON}&gameweek=1`, 'season=all']) {
    const { rows } = await get(t, viewer, `${url}?pageSize=100&${query}`);
    expect(tiedNames(rows), query).toEqual(RULE_ORDER);
  }
  const paged = [];
  for (const page of [1, 2, 3]) paged.push(...(await get(t, viewer, `${url}?pageSize=3&page=${page}`)).rows);
  expect(tiedNames(paged)).toEqual(RULE_ORDER);

  // The statistics' rank history gives each tied player the board's shared rank of each gameweek.
  for (const gameweek of [1, 2]) {
    const { rows } = await board(t, viewer, `gameweek=${gameweek}&pageSize=100`);
    const shared = (rows as Row[]).find((r) => r.displayName === 'adam')!.rank;
    for (const m of built.members.filter((x) => TIED.includes(x.name))) {
      const { statistics } = await get(t, m.cookie, `/api/me/statistics?season=${TEST_SEASON}`);
      const entry = statistics.rankHistory.find((e: { gameweek: number }) => e.gameweek === gameweek);
      expect(entry?.rank, `${m.name} gameweek ${gameweek}`).toBe(shared);
    }
  }

  // This database's own order of the names (the leaderboard's SQL used to order by it) is not the rule's.
  const own = await t.app.deps.db
    .selectFrom('user')
    .select('teamName')
    .where('teamName', 'in', TIED)
    .orderBy(sql`LOWER("teamName")`)
    .execute();
  expect(own.map((r) => r.teamName)).toHaveLength(TIED.length);
  expect(own.map((r) => r.teamName)).not.toEqual(RULE_ORDER);
}

/** A migrated PostgreSQL database made from template0 with these locale options (as leagues/standings-names.test.ts). */
async function localeDatabase(options: string): Promise<DatabaseHandle> {
  const base = process.env.TEST_PG_URL!;
  const name = `lbloc_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' ${options}`);
  } finally {
    await admin.end();
  }
  const handle = openDatabase(`${base}/${name}`, { poolSize: 5 });
  await migrateToLatest(handle);
  return handle;
}

async function onDatabase(handle: DatabaseHandle | undefined, check: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ now: SEASON_START, handle });
  try {
    await check(t);
  } finally {
    await t.close();
    if (handle) await dropDatabase(handle);
  }
}

describe('the overall leaderboard orders players level on points by the one rule', () => {
  test('on every page, on Find me’s page and in the league tables, on the test database', async () => {
    await onDatabase(undefined, checkNames);
  }, 180_000);

  test.runIf(testDialect() === 'postgres').each([
    ['libc C.UTF-8', "LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'", 'c'],
    ['ICU en-US', "LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'", 'i'],
  ])(
    'in the same order on a PostgreSQL database with the %s locale',
    async (_, options, provider) => {
      const handle = await localeDatabase(options);
      const made = await sql<{ collate: string; provider: string }>`
      SELECT datcollate AS "collate", datlocprovider AS "provider" FROM pg_database WHERE datname = current_database()`.execute(
        handle.db,
      );
      expect(made.rows[0]).toEqual({ collate: 'C.UTF-8', provider });
      await onDatabase(handle, checkNames);
    },
    300_000,
  );
});

describe('the kept board follows what moves it', () => {
  async function world(t: TestApp): Promise<BuiltLeague> {
    const built = await buildLeagueWorld(t, spec, bankers);
    // Read once, so the board is kept before each change.
    expect(tiedNames((await board(t, built.members[0]!.cookie, 'pageSize=100')).rows)).toEqual(RULE_ORDER);
    return built;
  }

  test('a new team name moves the player among those level on points at once', async () => {
    await onDatabase(undefined, async (t) => {
      const built = await world(t);
      const adam = built.members.find((m) => m.name === 'adam')!;
      const res = await t.request({
        method: 'PUT',
        url: '/api/me/team-name',
        cookie: adam.cookie,
        payload: { teamName: 'Zz Top' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows: Row[] = (await board(t, built.members[0]!.cookie, 'pageSize=100')).rows;
      expect(rows.map((r) => r.displayName).filter((n) => n !== 'Leader')).toEqual([
        'Ådne',
        'Émile',
        'Eve',
        'Zack',
        'Zoë',
        'Zz Top',
        'Øyvind',
      ]);
    });
  }, 120_000);

  test('a corrected result moves the points at once', async () => {
    await onDatabase(undefined, async (t) => {
      const built = await world(t);
      const fixture = await t.app.deps.db
        .selectFrom('fixtures')
        .select('id')
        .where('seasonId', '=', TEST_SEASON)
        .where('gameweek', '=', 2)
        .executeTakeFirstOrThrow();
      // Gameweek 2 ends 0-0: every tied player's pick is exact (3 more), the leader had none.
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/results/${fixture.id}`,
        cookie: built.admin,
        payload: { homeScore: 0, awayScore: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows: Row[] = (await board(t, built.members[0]!.cookie, 'pageSize=100')).rows;
      expect(rows.map((r) => `${r.rank} ${r.displayName} ${r.points}`)).toEqual([
        ...RULE_ORDER.map((n) => `1 ${n} 4`),
        '8 Leader 3',
      ]);
    });
  }, 120_000);
});
