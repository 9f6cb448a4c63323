import type { DB } from '../../db/index.js';
import { fixturesWithResult, toFixtureRow, type FixtureRow } from '../fixtures/queries.js';
import type { PredictionRow } from './presenter.js';

type Executor = DB;

/** Inserts or replaces a user's prediction for one fixture (one per user and fixture). */
export async function upsertPrediction(
  db: Executor,
  p: PredictionRow & { userId: string },
): Promise<void> {
  await db
    .insertInto('predictions')
    .values(p)
    .onConflict((oc) =>
      oc.columns(['userId', 'fixtureId']).doUpdateSet({
        homeScore: p.homeScore,
        awayScore: p.awayScore,
        predictedAt: p.predictedAt,
        points: p.points,
        outcome: p.outcome,
      }),
    )
    .execute();
}

function ownQuery(db: Executor, userId: string) {
  return fixturesWithResult(db)
    .innerJoin('predictions', 'predictions.fixtureId', 'fixtures.id')
    .select([
      'predictions.homeScore as pHome',
      'predictions.awayScore as pAway',
      'predictions.predictedAt as pAt',
      'predictions.points as pPoints',
      'predictions.outcome as pOutcome',
    ])
    .where('predictions.userId', '=', userId);
}

type OwnJoined = Awaited<ReturnType<ReturnType<typeof ownQuery>['execute']>>[number];

export interface OwnPredictionRow {
  fixture: FixtureRow;
  prediction: PredictionRow;
}

function toOwn(r: OwnJoined): OwnPredictionRow {
  const { pHome, pAway, pAt, pPoints, pOutcome, ...fixture } = toFixtureRow(r);
  return { fixture, prediction: { fixtureId: fixture.id, homeScore: pHome, awayScore: pAway, predictedAt: pAt, points: pPoints, outcome: pOutcome } };
}

/** One user's own predictions in a season with their fixtures and results, newest first (by predictedAt). */
export async function listOwnPredictions(db: Executor, userId: string, opts: { seasonId: string; gameweek?: number }): Promise<OwnPredictionRow[]> {
  let q = ownQuery(db, userId).where('fixtures.seasonId', '=', opts.seasonId);
  if (opts.gameweek !== undefined) q = q.where('fixtures.gameweek', '=', opts.gameweek);
  const rows = await q.orderBy('predictions.predictedAt', 'desc').orderBy('fixtures.id').execute();
  return rows.map(toOwn);
}
