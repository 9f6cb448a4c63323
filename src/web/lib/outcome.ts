import type { PredictionOutcome } from '../../game/scoring';

/** What a scored prediction earned, in words (prediction cards and match day say it the same way). */
export const OUTCOME_MESSAGE: Record<PredictionOutcome, (points: number) => string> = {
  exact: (p) => `Exact score! +${p} points`,
  outcome: (p) => `Correct result! +${p} point`,
  wrong: () => 'Wrong prediction. 0 points',
};
