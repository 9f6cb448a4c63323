import { z } from 'zod';
import { PREDICTION_SCORE_MAX, RESULT_SCORE_MAX } from '../limits.js';

const score = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });

export const PREDICTION_SCORE_MESSAGE = `Enter scores between 0-${PREDICTION_SCORE_MAX}`;
export const RESULT_SCORE_MESSAGE = `Scores must be whole numbers between 0 and ${RESULT_SCORE_MAX}.`;

/** A prediction: both scores whole numbers 0–20 (DESIGN.md point 6). Used by the modal and PUT /api/predictions/:id. */
export const predictionBodySchema = z.object({
  homeScore: score(PREDICTION_SCORE_MAX, PREDICTION_SCORE_MESSAGE),
  awayScore: score(PREDICTION_SCORE_MAX, PREDICTION_SCORE_MESSAGE),
});
export type PredictionBody = z.infer<typeof predictionBodySchema>;

/** A match result: both scores required, whole numbers 0–99. Used by the admin inputs and PUT /api/admin/results/:id. */
export const resultBodySchema = z.object({
  homeScore: score(RESULT_SCORE_MAX, RESULT_SCORE_MESSAGE),
  awayScore: score(RESULT_SCORE_MAX, RESULT_SCORE_MESSAGE),
});
export type ResultBody = z.infer<typeof resultBodySchema>;
