import { z } from 'zod';
import { RESULT_SCORE_MAX } from '../game/limits.js';
import { fixtureDto } from './fixtures.js';
import { scoreField } from './predictions.js';

export const RESULT_SCORE_MESSAGE = `Scores must be whole numbers between 0 and ${RESULT_SCORE_MAX}.`;

/** A match result: both scores required, whole numbers 0–99. Used by the admin inputs and PUT /api/admin/results/:id. */
export const resultBodySchema = z.object({
  homeScore: scoreField(RESULT_SCORE_MAX, RESULT_SCORE_MESSAGE),
  awayScore: scoreField(RESULT_SCORE_MAX, RESULT_SCORE_MESSAGE),
});
export type ResultBody = z.infer<typeof resultBodySchema>;

// ---------------------------------------------------------------- responses

/** A saved result, and how many predictions it scored. */
export const resultSavedReply = z.object({ fixture: fixtureDto, scored: z.number() });
/** A cleared result, and how many predictions went back to pending. */
export const resultClearedReply = z.object({ fixture: fixtureDto, reset: z.number() });
