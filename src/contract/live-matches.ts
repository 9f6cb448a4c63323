import { z } from 'zod';
import { RESULT_SCORE_MAX } from '../game/limits.js';
import { fixtureDto } from './fixtures.js';
import { outcomeDto } from './predictions.js';

const score = (side: string) =>
  z
    .number({ error: `Enter the ${side} score.` })
    .int({ error: `The ${side} score must be a whole number.` })
    .min(0, { error: `The ${side} score must be between 0 and ${RESULT_SCORE_MAX}.` })
    .max(RESULT_SCORE_MAX, { error: `The ${side} score must be between 0 and ${RESULT_SCORE_MAX}.` });

/** The admin's in-play (provisional) score of a live match. */
export const liveScoreSchema = z.object({ homeScore: score('home'), awayScore: score('away') });
export type LiveScoreInput = z.infer<typeof liveScoreSchema>;

// ---------------------------------------------------------------- responses

/** A match on the Live Matches screen: the fixture, the viewer's prediction and what it earns. */
export const matchDto = z.object({
  fixture: fixtureDto,
  /** The viewer's pick; `banker`: their banker of the gameweek (it counts double). */
  prediction: z.object({ homeScore: z.number(), awayScore: z.number(), banker: z.boolean() }).nullable(),
  /**
   * What the viewer's prediction earns under the standard rule (a banker doubled): the stored
   * points once the result is final, or (provisional: true) what it would earn if the match ended
   * with the in-play score now.
   * Null without a prediction or while there is no score yet.
   */
  points: z.object({ points: z.number(), outcome: outcomeDto, provisional: z.boolean() }).nullable(),
  /** Whether the viewer may still predict it (the server's clock and deadline): "Predict now" only then. */
  predictionOpen: z.boolean(),
});
export type Match = z.infer<typeof matchDto>;

/** The current season's matches of today in the viewer's time zone and every live one. */
export const liveMatchesDto = z.object({
  season: z.string(),
  timeZone: z.string(),
  today: z.string(),
  matches: z.array(matchDto),
  nextMatchDay: z.string().nullable(),
});
export type LiveMatches = z.infer<typeof liveMatchesDto>;
