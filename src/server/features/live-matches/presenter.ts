import { isPredictionOpen } from '../../../game/deadline.js';
import { scorePrediction } from '../../../game/scoring.js';
import type { Match } from '../../../contract/live-matches.js';
import { presentFixture } from '../fixtures/presenter.js';
import type { FixturePredictionRow } from '../fixtures/queries.js';

/** A match on the Matches screen (contract/live.ts `matchDto`). */
export function presentMatch(row: FixturePredictionRow, now: Date): Match {
  const fixture = presentFixture(row, now);
  const p = row.prediction;
  let points: Match['points'] = null;
  if (p && fixture.result) {
    const scored = scorePrediction(p, fixture.result);
    if (fixture.status === 'finished') points = { points: p.points ?? scored.points, outcome: scored.outcome, provisional: false };
    else if (fixture.status === 'live' || fixture.status === 'awaiting') points = { ...scored, provisional: true };
  }
  return { fixture, prediction: p ? { homeScore: p.homeScore, awayScore: p.awayScore } : null, points, predictionOpen: isPredictionOpen(row, now) };
}
