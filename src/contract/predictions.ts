import { z } from 'zod';
import { PREDICTION_WINDOWS } from '../game/deadline.js';
import { GAMEWEEK_STATES } from '../game/gameweek-to-open.js';
import { PREDICTION_SCORE_MAX } from '../game/limits.js';
import { PREDICTION_OUTCOMES } from '../game/scoring.js';
import { fixtureDto } from './fixtures.js';

/** A score input: a whole number from 0 to `max`, one message for every way it can be wrong. */
export const scoreField = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });

export const PREDICTION_SCORE_MESSAGE = `Enter scores between 0-${PREDICTION_SCORE_MAX}`;

/** A prediction: both scores whole numbers 0–20 (no real match goes past that). Used by the modal and PUT /api/predictions/:id. */
export const predictionBodySchema = z.object({
  homeScore: scoreField(PREDICTION_SCORE_MAX, PREDICTION_SCORE_MESSAGE),
  awayScore: scoreField(PREDICTION_SCORE_MAX, PREDICTION_SCORE_MESSAGE),
});
export type PredictionBody = z.infer<typeof predictionBodySchema>;

// ---------------------------------------------------------------- responses

export const outcomeDto = z.enum(PREDICTION_OUTCOMES);

export const predictionDto = z.object({
  fixtureId: z.string(),
  homeScore: z.number(),
  awayScore: z.number(),
  predictedAt: z.string(),
  /** Stored once the fixture has a final result (a banker's doubled); null while pending. */
  points: z.number().nullable(),
  outcome: outcomeDto.nullable(),
  /** This pick is the player's banker of its gameweek: it counts double (overall, and in every league that allows bankers). */
  banker: z.boolean(),
});
export type Prediction = z.infer<typeof predictionDto>;

/** A fixture as the prediction screens need it: when predictions close and whether they are open now. */
export const predictableFixtureDto = z.object({
  fixture: fixtureDto,
  deadline: z.string().nullable(),
  window: z.enum(PREDICTION_WINDOWS),
});

/** One of the viewer's own predictions with its fixture. */
export const ownPredictionDto = predictableFixtureDto.extend({ prediction: predictionDto });
/** A row of the Predictions board: every fixture of the gameweek, with the viewer's pick if any. */
export const boardMatchDto = predictableFixtureDto.extend({ prediction: predictionDto.nullable() });
export type BoardMatch = z.infer<typeof boardMatchDto>;

export const savedPredictionReply = z.object({ prediction: ownPredictionDto });
export const myPredictionsReply = z.object({
  now: z.string(),
  season: z.string(),
  predictions: z.array(ownPredictionDto),
});
export type MyPredictions = z.infer<typeof myPredictionsReply>;

/** A gameweek of the season and its state now (src/game/gameweek-to-open.ts): open, live, closed, played, postponed. */
export const gameweekStateDto = z.object({ gameweek: z.number().int(), state: z.enum(GAMEWEEK_STATES) });
export type GameweekStateItem = z.infer<typeof gameweekStateDto>;

/**
 * The Predictions screen (GET /api/predictions/board[?season=&gameweek=]): one gameweek's fixtures,
 * deadlines, results and the viewer's own picks, never a whole season's (decision record 0041).
 */
export const boardDto = z.object({
  now: z.string(),
  /** The season shown (the current one unless `?season=` named another). */
  season: z.string(),
  /** The gameweek shown: the one asked for, else `openingGameweek`. */
  gameweek: z.number(),
  /** Where the board opens without `?gameweek=`: the next gameweek with a match open for predictions, else the last played (the dashboard leads with the same one). */
  openingGameweek: z.number(),
  /** Every gameweek of the season that has fixtures, ascending (the picker's choices). */
  gameweeks: z.array(z.number()),
  /** The same gameweeks, each with its state now (the picker names them with it). */
  gameweekStates: z.array(gameweekStateDto),
  matches: z.array(boardMatchDto),
});
export type Board = z.infer<typeof boardDto>;

/**
 * PUT / DELETE /api/predictions/:fixtureId/banker: the viewer's banker of that match's gameweek
 * after the change (the match, or none). A banker counts double: overall and in every league that
 * allows bankers (src/game/banker.ts).
 */
export const bankerReply = z.object({ season: z.string(), gameweek: z.number(), fixtureId: z.string().nullable() });
export type BankerReply = z.infer<typeof bankerReply>;
