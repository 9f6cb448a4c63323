import { predictionDeadline, predictionWindow } from '../../../game/deadline.js';
import type { Prediction } from '../../../contract/predictions.js';
import type { PredictionTable } from '../../db/schema.js';
import { presentFixture } from '../fixtures/presenter.js';
import type { FixtureRow } from '../fixtures/queries.js';

export type PredictionRow = Pick<
  PredictionTable,
  'fixtureId' | 'homeScore' | 'awayScore' | 'predictedAt' | 'points' | 'outcome'
> & { banker: boolean };

/** contract/predictions.ts `predictionDto`: points only alongside an outcome (a scored prediction; a banker's doubled). */
export function presentPrediction(p: PredictionRow): Prediction {
  return {
    fixtureId: p.fixtureId,
    homeScore: p.homeScore,
    awayScore: p.awayScore,
    predictedAt: p.predictedAt,
    points: p.outcome === null ? null : p.points,
    outcome: p.outcome,
    banker: p.banker,
  };
}

/** The only shape a fixture leaves the prediction routes in (contract `predictableFixtureDto`). */
export function presentPredictable(row: FixtureRow, now: Date) {
  const deadline = predictionDeadline(row);
  return {
    fixture: presentFixture(row, now),
    deadline: deadline ? deadline.toISOString() : null,
    window: predictionWindow(row, now),
  };
}
