import { z } from 'zod';
import { predictionDeadline, predictionWindow } from '../../../game/deadline.js';
import type { PredictionTable } from '../../db/schema.js';
import { fixtureDto, presentFixture, type FixtureRow } from '../fixtures/presenter.js';

export const outcomeDto = z.enum(['exact', 'outcome', 'wrong']);

export const predictionDto = z.object({
  fixtureId: z.string(),
  homeScore: z.number(),
  awayScore: z.number(),
  predictedAt: z.string(),
  /** Stored once the fixture has a final result; null while pending. */
  points: z.number().nullable(),
  outcome: outcomeDto.nullable(),
});
export type PredictionDto = z.infer<typeof predictionDto>;

/** A fixture as the prediction screens need it: when predictions close and whether they are open now. */
export const predictableFixtureDto = z.object({
  fixture: fixtureDto,
  deadline: z.string().nullable(),
  window: z.enum(['open', 'closed', 'postponed']),
});

export const ownPredictionDto = predictableFixtureDto.extend({ prediction: predictionDto });
export const boardMatchDto = predictableFixtureDto.extend({ prediction: predictionDto.nullable() });

export type PredictionRow = Pick<PredictionTable, 'fixtureId' | 'homeScore' | 'awayScore' | 'predictedAt' | 'points' | 'outcome'>;

export function presentPrediction(p: PredictionRow): PredictionDto {
  const outcome = p.outcome === 'exact' || p.outcome === 'outcome' || p.outcome === 'wrong' ? p.outcome : null;
  return { fixtureId: p.fixtureId, homeScore: p.homeScore, awayScore: p.awayScore, predictedAt: p.predictedAt, points: outcome === null ? null : p.points, outcome };
}

/** The only shape a fixture leaves the prediction routes in. */
export function presentPredictable(row: FixtureRow, now: Date) {
  const deadline = predictionDeadline(row);
  return { fixture: presentFixture(row, now), deadline: deadline ? deadline.toISOString() : null, window: predictionWindow(row, now) };
}
