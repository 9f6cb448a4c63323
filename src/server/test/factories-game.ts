import type { DB } from '../db/index.js';
import { scorePrediction, type PredictionOutcome } from '../../game/scoring.js';
import { recountSeason, rescoreFixture } from '../points/points-aggregate.js';
import { rescorePredictions, saveFinalResult } from '../seasons/results-repository.js';

/**
 * A prediction row for tests, seeds and benchmarks. When the fixture already has a final result
 * and `points`/`outcome` are not given, they are scored as the server would; given, they are
 * stored as they are. The points aggregate follows either way.
 */
export async function buildPrediction(
  db: DB,
  p: {
    userId: string;
    fixtureId: string;
    homeScore?: number;
    awayScore?: number;
    predictedAt?: string;
    points?: number | null;
    outcome?: PredictionOutcome | null;
  },
) {
  const homeScore = p.homeScore ?? 1;
  const awayScore = p.awayScore ?? 0;
  let points = p.points ?? null;
  let outcome = p.outcome ?? null;
  if (p.points === undefined && p.outcome === undefined) {
    const result = await db
      .selectFrom('results')
      .select(['homeScore', 'awayScore'])
      .where('fixtureId', '=', p.fixtureId)
      .where('final', '=', 1)
      .executeTakeFirst();
    if (result) ({ points, outcome } = scorePrediction({ homeScore, awayScore }, result));
  }
  const row = {
    userId: p.userId,
    fixtureId: p.fixtureId,
    homeScore,
    awayScore,
    predictedAt: p.predictedAt ?? new Date().toISOString(),
    points,
    outcome,
  };
  const given = p.points !== undefined || p.outcome !== undefined;
  await db
    .insertInto('predictions')
    .values(given ? row : { ...row, points: null, outcome: null })
    .execute();
  if (given && points !== null) {
    const fixture = await db
      .selectFrom('fixtures')
      .select('seasonId')
      .where('id', '=', p.fixtureId)
      .executeTakeFirstOrThrow();
    await recountSeason(db, fixture.seasonId);
  } else if (points !== null) {
    const result = await db
      .selectFrom('results')
      .select(['homeScore', 'awayScore'])
      .where('fixtureId', '=', p.fixtureId)
      .executeTakeFirstOrThrow();
    await rescoreFixture(db, p.fixtureId, result);
  }
  return row;
}

/**
 * A result row. A final result (the default) scores the fixture's predictions exactly as the
 * admin route does; `final: false` stores a provisional in-play score, which is never scored.
 */
export async function buildResult(
  db: DB,
  r: { fixtureId: string; homeScore?: number; awayScore?: number; final?: boolean; updatedAt?: string },
) {
  const score = { homeScore: r.homeScore ?? 1, awayScore: r.awayScore ?? 0 };
  const updatedAt = r.updatedAt ?? new Date().toISOString();
  if (r.final === false) {
    await db
      .insertInto('results')
      .values({ fixtureId: r.fixtureId, ...score, final: 0, updatedAt })
      .onConflict((oc) => oc.column('fixtureId').doUpdateSet({ ...score, final: 0, updatedAt }))
      .execute();
    return { fixtureId: r.fixtureId, ...score, final: 0 };
  }
  await saveFinalResult(db, r.fixtureId, score, updatedAt, 'admin');
  await rescorePredictions(db, r.fixtureId, score);
  return { fixtureId: r.fixtureId, ...score, final: 1 };
}

/**
 * A final result scored the way releases before migration 0017 scored it: a plain UPDATE of each
 * prediction, the database's own triggers moving the `userPoints` aggregate. For migration tests
 * that build a database as an earlier release wrote it (today's results code moves the aggregate
 * itself and relies on 0017's triggers standing aside).
 */
export async function buildResultByTriggers(
  db: DB,
  r: { fixtureId: string; homeScore: number; awayScore: number; updatedAt?: string },
) {
  const score = { homeScore: r.homeScore, awayScore: r.awayScore };
  await saveFinalResult(db, r.fixtureId, score, r.updatedAt ?? new Date().toISOString(), 'admin');
  const picks = await db
    .selectFrom('predictions')
    .select(['userId', 'homeScore', 'awayScore'])
    .where('fixtureId', '=', r.fixtureId)
    .execute();
  for (const p of picks) {
    const { points, outcome } = scorePrediction(p, score);
    await db
      .updateTable('predictions')
      .set({ points, outcome })
      .where('fixtureId', '=', r.fixtureId)
      .where('userId', '=', p.userId)
      .execute();
  }
  return { fixtureId: r.fixtureId, ...score, final: 1 };
}
