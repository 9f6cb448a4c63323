import { z } from 'zod';
import { RESULT_SCORE_MAX } from '../game/limits.js';
import { fixtureDto } from './fixtures.js';
import { scoreField } from './predictions.js';

export const RESULT_SCORE_MESSAGE = `Scores must be whole numbers between 0 and ${RESULT_SCORE_MAX}.`;

/** A match result: both scores required, whole numbers 0–99. Used by the admin inputs and PUT /api/admin/results/:id. */
const scorePair = z.object({
  homeScore: scoreField(RESULT_SCORE_MAX, RESULT_SCORE_MESSAGE),
  awayScore: scoreField(RESULT_SCORE_MAX, RESULT_SCORE_MESSAGE),
});
/**
 * `homeScore`/`awayScore` are the score after 90 minutes (what every prediction is scored against
 * by default); a knockout match that went to extra time also has `extraTime` (cumulative, the 90
 * minutes' goals included) and perhaps `penalties`. Whether they belong together is
 * src/game/knockout.ts `matchScoreProblem`'s to say (the route answers it as a 400).
 */
export const resultBodySchema = scorePair.extend({
  extraTime: scorePair.nullable().optional(),
  penalties: scorePair.nullable().optional(),
});
export type ResultBody = z.infer<typeof resultBodySchema>;

// ---------------------------------------------------------------- responses

/** A saved result, and how many predictions it scored. */
export const resultSavedReply = z.object({ fixture: fixtureDto, scored: z.number() });
/** A cleared result, and how many predictions went back to pending. */
export const resultClearedReply = z.object({ fixture: fixtureDto, reset: z.number() });

// ---------------------------------------------------------------- the result desk

/** Rows one "Save all" may carry: a gameweek has about ten matches; this is a sanity bound. */
export const RESULTS_BULK_MAX = 60;

export const bulkResultRowSchema = resultBodySchema.extend({ fixtureId: z.string().min(1).max(200) });
export type BulkResultRow = z.infer<typeof bulkResultRowSchema>;

/** PUT /api/admin/results: every row is checked before any is written; all are saved, or none. */
export const bulkResultsBodySchema = z.object({
  results: z
    .array(bulkResultRowSchema)
    .min(1, { error: 'Enter at least one result.' })
    .max(RESULTS_BULK_MAX, { error: `At most ${RESULTS_BULK_MAX} results at once.` })
    .refine((rows) => new Set(rows.map((r) => r.fixtureId)).size === rows.length, {
      error: 'Each match may appear once.',
    }),
});
export type BulkResultsBody = z.infer<typeof bulkResultsBodySchema>;

/** Why one row of a bulk save was refused (the error's `details.rows`). */
export const bulkRowErrorDto = z.object({ fixtureId: z.string(), code: z.string(), message: z.string() });
export const bulkRowErrorsDetails = z.object({ rows: z.array(bulkRowErrorDto) });
export type BulkRowError = z.infer<typeof bulkRowErrorDto>;

export const bulkResultsReply = z.object({ saved: z.array(resultSavedReply) });

/** GET /api/admin/results/desk: one gameweek's matches for the admin's result desk. */
export const resultDeskDto = z.object({
  now: z.string(),
  season: z.string(),
  gameweek: z.number(),
  /** The season's gameweeks with fixtures. */
  gameweeks: z.array(z.number()),
  fixtures: z.array(fixtureDto),
});
export type ResultDesk = z.infer<typeof resultDeskDto>;
