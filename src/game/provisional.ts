/**
 * Points a prediction would earn if the match ended with `score` now: 3 for the exact score,
 * 1 for the right result (home win, draw, away win), 0 otherwise. Used only to label in-play
 * scores as provisional; stored points come from the final result.
 */
export type Outcome = 'exact' | 'outcome' | 'wrong';

export function provisionalPoints(
  prediction: { homeScore: number; awayScore: number },
  score: { homeScore: number; awayScore: number },
): { points: number; outcome: Outcome } {
  if (prediction.homeScore === score.homeScore && prediction.awayScore === score.awayScore) return { points: 3, outcome: 'exact' };
  const sign = (h: number, a: number) => Math.sign(h - a);
  if (sign(prediction.homeScore, prediction.awayScore) === sign(score.homeScore, score.awayScore)) return { points: 1, outcome: 'outcome' };
  return { points: 0, outcome: 'wrong' };
}
