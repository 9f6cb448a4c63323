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
import {
  buildLeagueWorld,
  checkEveryView,
  expectedOf,
  get,
  SEASON_START,
  type Bankers,
  type LeagueSpec,
} from './standings-world.js';

/**
 * Players level on points with accented and non-ASCII names are listed in one order by every view
 * (decision 0102), whatever the database's collation: SQLite (whose LOWER folds ASCII only), the
 * tests' PostgreSQL (no locale) and, on PostgreSQL, databases made with a real locale (libc
 * C.UTF-8, and ICU's en-US, which orders "Ø" with "o" and accents beside their letters). Each
 * database's own ORDER BY LOWER(name) is checked to differ from the rule's, so the agreement is
 * not a coincidence of collations.
 */
const TIED = ['Zoë', 'Émile', 'Eve', 'Ådne', 'Øyvind', 'adam', 'Émilie', 'Zara', 'eva'];
/** The rule's order: lower-cased, accents dropped, by code point; Ø has no decomposition and comes after z. */
const RULE_ORDER = ['adam', 'Ådne', 'Émile', 'Émilie', 'eva', 'Eve', 'Zara', 'Zoë', 'Øyvind'];

const spec: LeagueSpec = {
  rule: { ...STANDARD_RULE },
  bankersAllowed: true,
  // The leader has an exact score (3); the tied players the right outcome (1 each); the last nothing.
  names: ['Leader', ...TIED, 'Nobody'],
  gameweeks: [
    [{ picks: [[2, 0], ...TIED.map((): [number, number] => [1, 0]), null], results: [[2, 0]] }],
    [{ picks: [null, ...TIED.map((): [number, number] => [0, 0]), null], results: [[1, 1]] }],
  ],
  questions: [],
};
const bankers: Bankers = spec.names.map(() => [null, null]);

async function checkNames(t: TestApp) {
  const built = await buildLeagueWorld(t, spec, bankers);
  const exp = expectedOf(spec, bankers);
  expect(exp.season).toEqual([3, ...TIED.map(() => 2), 0]);
  await checkEveryView(t, built, exp);

  const viewer = built.members[0]!.cookie;
  const names = (rows: Array<{ displayName?: string; name?: string }>) =>
    rows.map((r) => r.displayName ?? r.name).filter((n) => TIED.includes(n!));
  const url = `/api/leagues/${built.leagueId}`;
  for (const query of [`season=${TEST_SEASON}`, `season=${TEST_SEASON}&gameweek=1`, 'season=all']) {
    const { rows } = await get(t, viewer, `${url}/table?pageSize=100&${query}`);
    expect(names(rows), query).toEqual(RULE_ORDER);
  }
  expect(names((await get(t, viewer, `${url}/live-table?pageSize=100`)).rows)).toEqual(RULE_ORDER);
  // Pages cut from the same order: 4 rows a page.
  const paged = [];
  for (const page of [1, 2, 3]) paged.push(...(await get(t, viewer, `${url}/table?pageSize=4&page=${page}`)).rows);
  expect(names(paged)).toEqual(RULE_ORDER);

  // This database's own order of the names is not the rule's.
  const own = await t.app.deps.db
    .selectFrom('user')
    .select('teamName')
    .where('teamName', 'in', TIED)
    .orderBy(sql`LOWER("teamName")`)
    .execute();
  expect(own.map((r) => r.teamName)).toHaveLength(TIED.length);
  expect(own.map((r) => r.teamName)).not.toEqual(RULE_ORDER);
}

/** A migrated PostgreSQL database made from template0 with these locale options. */
async function localeDatabase(options: string): Promise<DatabaseHandle> {
  const base = process.env.TEST_PG_URL!;
  const name = `loc_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
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

describe('players level on points, with accented and non-ASCII names', () => {
  test('are listed in the rule’s order by every view on the test database', async () => {
    await onDatabase(undefined, checkNames);
  }, 120_000);

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
    240_000,
  );
});
