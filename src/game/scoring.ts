/** Spec §1/§9: exact score 3 points, right outcome (home win, draw, away win) 1, otherwise 0. */
export const PREDICTION_OUTCOMES = ['exact', 'outcome', 'wrong'] as const;
export type PredictionOutcome = (typeof PREDICTION_OUTCOMES)[number];

export const POINTS: Readonly<Record<PredictionOutcome, number>> = { exact: 3, outcome: 1, wrong: 0 };

export interface Scoreline {
  homeScore: number;
  awayScore: number;
}

/** 1 for a home win, 0 for a draw, -1 for an away win. */
export function matchSign(s: Scoreline): 1 | 0 | -1 {
  return s.homeScore > s.awayScore ? 1 : s.homeScore < s.awayScore ? -1 : 0;
}

export function outcomeOf(prediction: Scoreline, result: Scoreline): PredictionOutcome {
  if (prediction.homeScore === result.homeScore && prediction.awayScore === result.awayScore) return 'exact';
  return matchSign(prediction) === matchSign(result) ? 'outcome' : 'wrong';
}

/** Points and outcome of one prediction against a final result. */
export function scorePrediction(prediction: Scoreline, result: Scoreline): { outcome: PredictionOutcome; points: number } {
  const outcome = outcomeOf(prediction, result);
  return { outcome, points: POINTS[outcome] };
}
