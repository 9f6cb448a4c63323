import { predictionDeadline, predictionWindow } from '../../../game/deadline.js';
import { encodePredictionsCursor, type MyPredictions, type Prediction } from '../../../contract/predictions.js';
import type { PredictionTable } from '../../db/schema.js';
import { presentFixture } from '../fixtures/index.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';

export type PredictionRow = Pick<
  PredictionTable,
  'fixtureId' | 'homeScore' | 'awayScore' | 'predictedAt' | 'points' | 'outcome'
> & { banker: boolean; qualifier: 'home' | 'away' | null };

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
    qualifier: p.qualifier,
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

/**
 * A page of the viewer's own picks (contract `myPredictionsReply`). `rows` holds up to one more
 * than the page: that one only says another page follows, whose cursor is the page's last pick.
 */
export function presentOwnPage(
  rows: ReadonlyArray<{ fixture: FixtureRow; prediction: PredictionRow }>,
  page: { now: Date; season: string; gameweek: number | undefined; limit: number },
): MyPredictions {
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    now: page.now.toISOString(),
    season: page.season,
    gameweek: page.gameweek ?? null,
    limit: page.limit,
    predictions: shown.map((r) => ({
      ...presentPredictable(r.fixture, page.now),
      prediction: presentPrediction(r.prediction),
    })),
    nextCursor:
      rows.length > page.limit && last
        ? encodePredictionsCursor({ predictedAt: last.prediction.predictedAt, fixtureId: last.fixture.id })
        : null,
  };
}
