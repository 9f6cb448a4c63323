import { isPredictionOpen } from '../../../game/deadline.js';
import { pointsOnCard } from '../../../game/scoring.js';
import type { Match } from '../../../contract/live-matches.js';
import { presentFixture } from '../fixtures/presenter.js';
import type { FixturePredictionRow } from '../fixtures/queries.js';

/** A match on the Live Matches screen (contract/live-matches.ts `matchDto`). */
export function presentMatch(row: FixturePredictionRow, now: Date): Match {
  const fixture = presentFixture(row, now);
  const p = row.prediction;
  // A score counts once the match has kicked off (an in-play score of a match moved later does not).
  const counts = fixture.status === 'finished' || fixture.status === 'live' || fixture.status === 'awaiting';
  const card = counts ? pointsOnCard(p, fixture.result) : null;
  const points: Match['points'] = card && { points: card.points, outcome: card.outcome, provisional: card.provisional };
  return {
    fixture,
    prediction: p ? { homeScore: p.homeScore, awayScore: p.awayScore, banker: p.banker } : null,
    points,
    predictionOpen: isPredictionOpen(row, now),
  };
}
