import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../db/index.js';
import { dropDatabase, freshDatabase } from '../../test/databases.js';
import { PREDICTION_SCORE_MAX } from '../../../game/limits.js';
import { scorePrediction } from '../../../game/scoring.js';
import { outcomeSql, pointsSql } from './scoring-sql.js';

/**
 * The rule's SQL (generated from src/game/scoring.ts) against `scorePrediction` itself, on the
 * real database: every pick a player can make (0–20 each side) against every result 0–20 each
 * side, and a few far results up to the highest a result may be (99).
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await freshDatabase();
  await sql`CREATE TABLE "scorePicks" ("homeScore" integer NOT NULL, "awayScore" integer NOT NULL)`.execute(handle.db);
  const picks = [];
  for (let h = 0; h <= PREDICTION_SCORE_MAX; h++) for (let a = 0; a <= PREDICTION_SCORE_MAX; a++) picks.push(sql`(${h}, ${a})`);
  await sql`INSERT INTO "scorePicks" ("homeScore", "awayScore") VALUES ${sql.join(picks)}`.execute(handle.db);
});
afterAll(async () => {
  await dropDatabase(handle);
});

test('the SQL scores every pick against every result exactly as scorePrediction does', { timeout: 120_000 }, async () => {
  const results: Array<[number, number]> = [];
  for (let h = 0; h <= 20; h++) for (let a = 0; a <= 20; a++) results.push([h, a]);
  results.push([99, 0], [0, 99], [99, 99], [50, 49], [21, 20]);
  let compared = 0;
  for (const [homeScore, awayScore] of results) {
    const r = { homeScore, awayScore };
    // Both forms the server writes: columns of a named row (the aggregate's delta) and bare columns (the UPDATE).
    const { rows } = await sql<{ h: number; a: number; outcome: string; points: number; bareOutcome: string; barePoints: number }>`
      SELECT v."homeScore" AS "h", v."awayScore" AS "a",
        ${outcomeSql(r, 'v')} AS "outcome", ${pointsSql(r, 'v')} AS "points",
        ${outcomeSql(r)} AS "bareOutcome", ${pointsSql(r)} AS "barePoints"
      FROM "scorePicks" v`.execute(handle.db);
    expect(rows).toHaveLength((PREDICTION_SCORE_MAX + 1) ** 2);
    for (const row of rows) {
      const want = scorePrediction({ homeScore: row.h, awayScore: row.a }, r);
      const got = { outcome: row.outcome, points: Number(row.points) };
      if (got.outcome !== want.outcome || got.points !== want.points) expect({ pick: [row.h, row.a], result: [homeScore, awayScore], ...got }).toEqual({ pick: [row.h, row.a], result: [homeScore, awayScore], ...want });
      if (row.bareOutcome !== want.outcome || Number(row.barePoints) !== want.points) expect({ pick: [row.h, row.a], bare: [row.bareOutcome, Number(row.barePoints)] }).toEqual({ pick: [row.h, row.a], bare: [want.outcome, want.points] });
      compared++;
    }
  }
  expect(compared).toBe(results.length * (PREDICTION_SCORE_MAX + 1) ** 2);
});

test('the SQL with the result read from columns (as the benchmark world scores) agrees for every pair at once', { timeout: 120_000 }, async () => {
  const r = { homeScore: sql.ref<number>('r.homeScore'), awayScore: sql.ref<number>('r.awayScore') };
  const { rows } = await sql<{ h: number; a: number; rh: number; ra: number; outcome: string; points: number }>`
    SELECT v."homeScore" AS "h", v."awayScore" AS "a", r."homeScore" AS "rh", r."awayScore" AS "ra", ${outcomeSql(r, 'v')} AS "outcome", ${pointsSql(r, 'v')} AS "points"
    FROM "scorePicks" v CROSS JOIN "scorePicks" r`.execute(handle.db);
  expect(rows).toHaveLength((PREDICTION_SCORE_MAX + 1) ** 4);
  const wrong = rows.filter((row) => {
    const want = scorePrediction({ homeScore: row.h, awayScore: row.a }, { homeScore: row.rh, awayScore: row.ra });
    return row.outcome !== want.outcome || Number(row.points) !== want.points;
  });
  expect(wrong.slice(0, 5)).toEqual([]);
});
