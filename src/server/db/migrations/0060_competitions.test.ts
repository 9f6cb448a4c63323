import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';

/**
 * Migration 0060: competitions and knockout football. A database written by the release before
 * (Premier League accounts, fixtures, results, scored picks, the points aggregate, leagues)
 * upgrades with nothing lost: every row reads as before, the new columns are empty (a fixture
 * has no stage, group, leg or placeholder; a result no extra time or penalties), every league
 * keeps the 90-minute rule without qualifier points, and the Champions League and the World Cup
 * exist beside the Premier League. The app on it shows the old league's table as before.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const database = useMigrationDatabase();

const TABLES = [
  'user',
  'fixtures',
  'results',
  'predictions',
  'userPoints',
  'leagues',
  'leagueMembers',
  'competitions',
  'seasons',
];
const NEW_COLUMNS: Record<string, string[]> = {
  fixtures: ['stage', 'groupName', 'leg', 'homeLabel', 'awayLabel'],
  results: ['homeScoreEt', 'awayScoreEt', 'homePenalties', 'awayPenalties'],
  leagues: ['knockoutRule', 'qualifierPoints'],
  // A later migration's column (0070: the team a pick names to go through), empty on every old pick.
  predictions: ['qualifier'],
};

/** Every row of a table, numbers as numbers, in a fixed order (PostgreSQL hands back counts as strings). */
async function rowsOf(db: AnyDb, table: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
  const norm = rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString() : v,
      ]),
    ),
  );
  return norm.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('migration 0060: competitions', () => {
  it('upgrades a Premier League database with every account, pick, league and point kept', async () => {
    const handle = await database.migratedThrough({ before: '0060_competitions' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    const alice = await buildUser(db, dialect, { pastSeason: false });
    const bob = await buildUser(db, dialect, { pastSeason: false });
    const f1 = await buildFixture(db, {
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
    });
    const f2 = await buildFixture(db, {
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-16T16:30:00.000Z',
      gameweek: 1,
    });
    const f3 = await buildFixture(db, {
      homeTeam: 'Everton FC',
      awayTeam: 'Arsenal FC',
      kickoffAt: '2025-08-30T14:00:00.000Z',
      gameweek: 2,
    });
    await sql`INSERT INTO "results" ("fixtureId", "homeScore", "awayScore", "final", "source", "updatedAt") VALUES
      (${f1.id}, 2, 1, 1, 'admin', '2025-08-16T16:00:00.000Z'), (${f2.id}, 2, 2, 1, 'feed', '2025-08-16T18:30:00.000Z')`.execute(
      db,
    );
    const picks = [
      [alice.id, f1.id, 2, 1, 3, 'exact', 'exact', 1],
      [alice.id, f2.id, 1, 1, 1, 'outcome', 'difference', 0],
      [bob.id, f1.id, 3, 0, 1, 'outcome', 'outcome', 0],
      [bob.id, f2.id, 0, 1, 0, 'wrong', 'wrong', 0],
    ] as const;
    for (const [userId, fixtureId, h, a, points, outcome, tier, banker] of picks)
      await sql`INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome", "tier", "banker")
        VALUES (${userId}, ${fixtureId}, ${h}, ${a}, '2025-08-10T10:00:00.000Z', ${points}, ${outcome}, ${tier}, ${banker})`.execute(
        db,
      );
    await sql`INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt")
      VALUES (${alice.id}, ${f3.id}, 1, 0, '2025-08-11T10:00:00.000Z')`.execute(db);
    for (const gw of [0, 1]) {
      await sql`INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact", "difference", "outcome", "bankerExact")
        VALUES (${TEST_SEASON}, ${gw}, ${alice.id}, 7, 1, 1, 0, 1), (${TEST_SEASON}, ${gw}, ${bob.id}, 1, 0, 0, 1, 0)`.execute(
        db,
      );
    }
    const at = '2025-07-01T10:00:00.000Z';
    await sql`INSERT INTO "leagues" ("id", "name", "code", "description", "competition", "privacy", "creatorId", "createdAt", "ruleExact", "ruleDifference", "ruleOutcome")
      VALUES ('lg-old', 'Old League', 'KFFCE234', 'Since 2019', 'premier-league', 'public', ${alice.id}, ${at}, 4, 3, 2)`.execute(
      db,
    );
    await sql`INSERT INTO "leagueMembers" ("leagueId", "userId", "joinedAt") VALUES ('lg-old', ${alice.id}, ${at}), ('lg-old', ${bob.id}, ${at})`.execute(
      db,
    );
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await rowsOf(anyDb, t)] as const)));

    expect(await migrateToLatest(handle)).toContain('0060_competitions');

    for (const table of TABLES) {
      const after = await rowsOf(anyDb, table);
      const news = NEW_COLUMNS[table] ?? [];
      if (table === 'competitions') {
        expect(after.filter((c) => c.id === 'premier-league')).toEqual(before[table]);
        expect(after.map((c) => c.id).sort()).toEqual(['champions-league', 'premier-league', 'world-cup']);
        continue;
      }
      const strip = (r: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(r).filter(([k]) => !news.includes(k)));
      expect(
        after.map(strip).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        table,
      ).toEqual(before[table]);
      for (const r of after)
        for (const c of news)
          expect(c === 'knockoutRule' ? r[c] : c === 'qualifierPoints' ? Number(r[c]) : r[c], `${table}.${c}`).toEqual(
            c === 'knockoutRule' ? 'ninety' : c === 'qualifierPoints' ? 0 : null,
          );
    }

    // The app on it: the old league keeps its table under its own rule, and says which score counts.
    const t = await database.openApp({ now: '2025-08-20T12:00:00Z', otherSeason: false });
    const cookie = await buildSessionCookie(db, dialect, alice.id, SECRET);
    const res = await t.request({ method: 'GET', url: `/api/leagues/lg-old/table?season=${TEST_SEASON}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { league: { knockoutRule: string }; rows: Array<{ userId: string; points: number }> };
    expect(body.league.knockoutRule).toBe('ninety');
    // Alice: 4 (exact, a banker: doubled) + 3 (difference) = 11; Bob: 2 (outcome).
    expect(Object.fromEntries(body.rows.map((r) => [r.userId, r.points]))).toEqual({ [alice.id]: 11, [bob.id]: 2 });
  });
});
