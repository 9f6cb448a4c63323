import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';

/**
 * Migration 0040: a league's own scoring and a banker each gameweek. A database written by the
 * release before (scored picks with their points and outcome, the aggregate of points and exact
 * scores, leagues) upgrades with nothing lost: each scored pick gets its tier from its result
 * (a right outcome with the result's goal difference is a right difference), no pick is a banker,
 * the aggregate gains exact counts per tier, and every league keeps the standard rule with
 * bankers counting; then a league with its own rule ranks the old points under it.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const database = useMigrationDatabase();

describe('migration 0040: league scoring rules and bankers', () => {
  it('upgrades a database of the release before with every pick, point and league kept, tiers from the results and the aggregate counted per tier', async () => {
    const handle = await database.migratedThrough({ before: '0040_league_scoring' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    const [alice, bob] = [
      await buildUser(db, dialect, { pastSeason: false }),
      await buildUser(db, dialect, { pastSeason: false }),
    ];
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
    // As the release before stored them: results, picks scored with points and outcome, the aggregate beside them.
    await sql`INSERT INTO "results" ("fixtureId", "homeScore", "awayScore", "final", "source", "updatedAt") VALUES
      (${f1.id}, 2, 1, 1, 'admin', '2025-08-16T16:00:00.000Z'), (${f2.id}, 2, 2, 1, 'feed', '2025-08-16T18:30:00.000Z')`.execute(
      db,
    );
    const scored = [
      // [user, fixture, pick, points, outcome, tier after the upgrade]
      [alice.id, f1.id, [2, 1], 3, 'exact', 'exact'],
      [alice.id, f2.id, [1, 1], 1, 'outcome', 'difference'],
      [bob.id, f1.id, [3, 0], 1, 'outcome', 'outcome'],
      [bob.id, f2.id, [0, 1], 0, 'wrong', 'wrong'],
    ] as const;
    for (const [userId, fixtureId, [h, a], points, outcome] of scored) {
      await sql`INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome")
        VALUES (${userId}, ${fixtureId}, ${h}, ${a}, '2025-08-10T10:00:00.000Z', ${points}, ${outcome})`.execute(db);
    }
    await sql`INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome")
      VALUES (${alice.id}, ${f3.id}, 1, 0, '2025-08-11T10:00:00.000Z', NULL, NULL)`.execute(db);
    await sql`INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact") VALUES
      (${TEST_SEASON}, 0, ${alice.id}, 4, 1), (${TEST_SEASON}, 1, ${alice.id}, 4, 1), (${TEST_SEASON}, 0, ${bob.id}, 1, 0), (${TEST_SEASON}, 1, ${bob.id}, 1, 0)`.execute(
      db,
    );
    const at = '2025-07-01T10:00:00.000Z';
    await sql`INSERT INTO "leagues" ("id", "name", "code", "description", "competition", "privacy", "creatorId", "createdAt")
      VALUES ('lg-old', 'Old League', 'KFFCE234', NULL, 'premier-league', 'private', ${alice.id}, ${at})`.execute(db);
    await sql`INSERT INTO "leagueMembers" ("leagueId", "userId", "joinedAt") VALUES ('lg-old', ${alice.id}, ${at}), ('lg-old', ${bob.id}, ${at})`.execute(
      db,
    );
    const predictionsBefore = (
      await sql<
        Record<string, unknown>
      >`SELECT "userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome" FROM "predictions" ORDER BY 1, 2`.execute(
        db,
      )
    ).rows;
    const leagueBefore = (await sql<Record<string, unknown>>`SELECT * FROM "leagues"`.execute(db)).rows;

    expect(await migrateToLatest(handle)).toContain('0040_league_scoring');

    const after = (
      await sql<
        Record<string, unknown>
      >`SELECT "userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome", "tier", "banker" FROM "predictions" ORDER BY 1, 2`.execute(
        anyDb,
      )
    ).rows;
    expect(after.map(({ tier: _t, banker: _b, ...rest }) => rest)).toEqual(predictionsBefore);
    const tiers = Object.fromEntries(
      after.map((r) => [`${String(r.userId)}:${String(r.fixtureId)}`, [r.tier, Number(r.banker)]]),
    );
    for (const [userId, fixtureId, , , , tier] of scored) expect(tiers[`${userId}:${fixtureId}`]).toEqual([tier, 0]);
    expect(tiers[`${alice.id}:${f3.id}`]).toEqual([null, 0]);
    const points = (
      await sql<Record<string, unknown>>`SELECT * FROM "userPoints" ORDER BY "gameweek", "userId"`.execute(anyDb)
    ).rows.map((r) => ({
      gameweek: Number(r.gameweek),
      userId: r.userId,
      counts: ['points', 'exact', 'difference', 'outcome', 'bankerExact', 'bankerDifference', 'bankerOutcome'].map(
        (c) => Number(r[c]),
      ),
    }));
    const byUser = (gameweek: number) =>
      points.filter((p) => p.gameweek === gameweek).sort((a, b) => String(a.userId).localeCompare(String(b.userId)));
    const want = [
      { userId: alice.id, counts: [4, 1, 1, 0, 0, 0, 0] },
      { userId: bob.id, counts: [1, 0, 0, 1, 0, 0, 0] },
    ].sort((a, b) => a.userId.localeCompare(b.userId));
    expect(byUser(0)).toEqual(want.map((w) => ({ gameweek: 0, ...w })));
    expect(byUser(1)).toEqual(want.map((w) => ({ gameweek: 1, ...w })));
    expect(points.filter((p) => p.gameweek === 2)).toEqual([]);
    const league = (await sql<Record<string, unknown>>`SELECT * FROM "leagues"`.execute(anyDb)).rows[0]!;
    expect(league).toMatchObject({ ...leagueBefore[0], scoringChangedAt: null });
    expect([league.ruleExact, league.ruleDifference, league.ruleOutcome, league.bankersAllowed].map(Number)).toEqual([
      3, 1, 1, 1,
    ]);

    // The app on it: the old league keeps its standard table; a new goal-difference league ranks the same picks under its rule.
    const t = await database.openApp({ now: '2025-08-20T12:00:00Z', otherSeason: false });
    const aliceCookie = await buildSessionCookie(db, dialect, alice.id, SECRET);
    const bobCookie = await buildSessionCookie(db, dialect, bob.id, SECRET);
    const rows = async (id: string) =>
      Object.fromEntries(
        (
          (
            await t!.request({
              method: 'GET',
              url: `/api/leagues/${id}/table?season=${TEST_SEASON}`,
              cookie: aliceCookie,
            })
          ).json().rows as Array<{ userId: string; points: number }>
        ).map((r) => [r.userId, r.points]),
      );
    expect(await rows('lg-old')).toEqual({ [alice.id]: 4, [bob.id]: 1 });
    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: aliceCookie,
      payload: { name: 'Kicktipp', scoring: { rule: { exact: 4, difference: 3, outcome: 2 }, bankersAllowed: true } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, code } = created.json().league;
    expect(
      (await t.request({ method: 'POST', url: '/api/leagues/join', cookie: bobCookie, payload: { code } })).statusCode,
    ).toBe(200);
    expect(await rows(id)).toEqual({ [alice.id]: 4 + 3, [bob.id]: 2 });
  });
});
