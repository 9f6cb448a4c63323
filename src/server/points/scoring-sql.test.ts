import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/index.js';
import { dropDatabase, freshDatabase } from '../test/databases.js';
import { PREDICTION_SCORE_MAX } from '../../game/limits.js';
import {
  BANKER_FACTOR,
  GOAL_DIFFERENCE_RULE,
  STANDARD_RULE,
  pointsFromCounts,
  scorePrediction,
  tierOf,
  type ScoringRule,
  type TierCounts,
} from '../../game/scoring.js';
import {
  leagueRuleSql,
  outcomeSql,
  pointsFromCountsSql,
  pointsSql,
  standardPointsSql,
  tierSql,
} from './scoring-sql.js';

/**
 * The rule's SQL (generated from src/game/scoring.ts) against `tierOf` and `scorePrediction`
 * themselves, on the real database: every pick a player can make (0–20 each side, as a banker and
 * not) against every result 0–20 each side, and a few far results up to the highest a result may
 * be (99).
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await freshDatabase();
  // Every pick twice: as a banker and not.
  await sql`CREATE TABLE "scorePicks" ("homeScore" integer NOT NULL, "awayScore" integer NOT NULL, "banker" integer NOT NULL)`.execute(
    handle.db,
  );
  const picks = [];
  for (let h = 0; h <= PREDICTION_SCORE_MAX; h++)
    for (let a = 0; a <= PREDICTION_SCORE_MAX; a++) picks.push(sql`(${h}, ${a}, ${(h + a) % 2})`);
  await sql`INSERT INTO "scorePicks" ("homeScore", "awayScore", "banker") VALUES ${sql.join(picks)}`.execute(handle.db);
});
afterAll(async () => {
  await dropDatabase(handle);
});

test(
  'the SQL tiers and scores every pick against every result exactly as tierOf and scorePrediction do',
  { timeout: 120_000 },
  async () => {
    const results: Array<[number, number]> = [];
    for (let h = 0; h <= 20; h++) for (let a = 0; a <= 20; a++) results.push([h, a]);
    results.push([99, 0], [0, 99], [99, 99], [50, 49], [21, 20]);
    let compared = 0;
    for (const [homeScore, awayScore] of results) {
      const r = { homeScore, awayScore };
      // Both forms the server writes: columns of a named row (the aggregate's delta) and bare columns (the UPDATE).
      const { rows } = await sql<{
        h: number;
        a: number;
        b: number;
        tier: string;
        outcome: string;
        standard: number;
        points: number;
        bareTier: string;
        bareOutcome: string;
        barePoints: number;
      }>`
      SELECT v."homeScore" AS "h", v."awayScore" AS "a", v."banker" AS "b",
        ${tierSql(r, 'v')} AS "tier", ${outcomeSql(r, 'v')} AS "outcome", ${standardPointsSql(r, 'v')} AS "standard", ${pointsSql(r, 'v')} AS "points",
        ${tierSql(r)} AS "bareTier", ${outcomeSql(r)} AS "bareOutcome", ${pointsSql(r)} AS "barePoints"
      FROM "scorePicks" v`.execute(handle.db);
      expect(rows).toHaveLength((PREDICTION_SCORE_MAX + 1) ** 2);
      for (const row of rows) {
        const pick = { homeScore: row.h, awayScore: row.a };
        const { outcome, points } = scorePrediction(pick, r);
        const banked = points * (Number(row.b) === 1 ? BANKER_FACTOR : 1);
        const want = {
          tier: tierOf(pick, r),
          outcome,
          standard: points,
          points: banked,
          bare: [tierOf(pick, r), outcome, banked],
        };
        const got = {
          tier: row.tier,
          outcome: row.outcome,
          standard: Number(row.standard),
          points: Number(row.points),
          bare: [row.bareTier, row.bareOutcome, Number(row.barePoints)],
        };
        if (JSON.stringify(got) !== JSON.stringify(want))
          expect({ pick: [row.h, row.a, row.b], result: [homeScore, awayScore], ...got }).toEqual({
            pick: [row.h, row.a, row.b],
            result: [homeScore, awayScore],
            ...want,
          });
        compared++;
      }
    }
    expect(compared).toBe(results.length * (PREDICTION_SCORE_MAX + 1) ** 2);
  },
);

test(
  'the SQL with the result read from columns (as the benchmark world scores) agrees for every pair at once',
  { timeout: 120_000 },
  async () => {
    const r = { homeScore: sql.ref<number>('r.homeScore'), awayScore: sql.ref<number>('r.awayScore') };
    const { rows } = await sql<{
      h: number;
      a: number;
      rh: number;
      ra: number;
      tier: string;
      outcome: string;
      points: number;
    }>`
    SELECT v."homeScore" AS "h", v."awayScore" AS "a", r."homeScore" AS "rh", r."awayScore" AS "ra", ${tierSql(r, 'v')} AS "tier", ${outcomeSql(r, 'v')} AS "outcome", ${standardPointsSql(r, 'v')} AS "points"
    FROM "scorePicks" v CROSS JOIN "scorePicks" r`.execute(handle.db);
    expect(rows).toHaveLength((PREDICTION_SCORE_MAX + 1) ** 4);
    const wrong = rows.filter((row) => {
      const pick = { homeScore: row.h, awayScore: row.a };
      const result = { homeScore: row.rh, awayScore: row.ra };
      const want = scorePrediction(pick, result);
      return row.tier !== tierOf(pick, result) || row.outcome !== want.outcome || Number(row.points) !== want.points;
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  },
);

test('points from the aggregate counts under a league rule, in SQL, are pointsFromCounts for every rule kind and banker setting', async () => {
  const counts: TierCounts[] = [];
  for (let i = 0; i < 60; i++) {
    const c = { exact: (i * 7) % 5, difference: (i * 3) % 4, outcome: (i * 5) % 9 };
    counts.push({
      ...c,
      banker: {
        exact: Math.min(c.exact, i % 2),
        difference: Math.min(c.difference, (i >> 1) % 2),
        outcome: Math.min(c.outcome, (i >> 2) % 2),
      },
    });
  }
  const rules: ScoringRule[] = [
    STANDARD_RULE,
    GOAL_DIFFERENCE_RULE,
    { exact: 10, difference: 10, outcome: 0 },
    { exact: 7, difference: 2, outcome: 1 },
    { exact: 1, difference: 0, outcome: 0 },
  ];
  await sql`CREATE TABLE "countRows" ("n" integer NOT NULL, "exact" integer, "difference" integer, "outcome" integer, "bankerExact" integer, "bankerDifference" integer, "bankerOutcome" integer)`.execute(
    handle.db,
  );
  await sql`CREATE TABLE "ruleRows" ("n" integer NOT NULL, "ruleExact" integer NOT NULL, "ruleDifference" integer NOT NULL, "ruleOutcome" integer NOT NULL, "bankersAllowed" integer NOT NULL)`.execute(
    handle.db,
  );
  // A missing row of counts (a member with no scored pick) is worth 0.
  await sql`INSERT INTO "countRows" VALUES ${sql.join([...counts.map((c, n) => sql`(${n}, ${c.exact}, ${c.difference}, ${c.outcome}, ${c.banker.exact}, ${c.banker.difference}, ${c.banker.outcome})`), sql`(${counts.length}, NULL, NULL, NULL, NULL, NULL, NULL)`])}`.execute(
    handle.db,
  );
  const ruleRows = rules.flatMap((r, i) => [0, 1].map((b) => ({ n: i * 2 + b, rule: r, bankers: b === 1 })));
  await sql`INSERT INTO "ruleRows" VALUES ${sql.join(ruleRows.map((r) => sql`(${r.n}, ${r.rule.exact}, ${r.rule.difference}, ${r.rule.outcome}, ${r.bankers ? 1 : 0})`))}`.execute(
    handle.db,
  );
  const { rule, bankersCount } = leagueRuleSql('l');
  const { rows } = await sql<{ c: number; r: number; points: number }>`
    SELECT c."n" AS "c", l."n" AS "r", ${pointsFromCountsSql('c', rule, bankersCount)} AS "points" FROM "countRows" c CROSS JOIN "ruleRows" l`.execute(
    handle.db,
  );
  expect(rows).toHaveLength((counts.length + 1) * ruleRows.length);
  for (const row of rows) {
    const r = ruleRows[Number(row.r)]!;
    const c = counts[Number(row.c)];
    const want = c ? pointsFromCounts(c, r.rule, r.bankers) : 0;
    expect([row.c, row.r, Number(row.points)]).toEqual([row.c, row.r, want]);
  }
});
