import { z } from 'zod';
import { PREDICTION_WINDOWS } from '../game/deadline.js';
import { GAMEWEEK_STATES } from '../game/gameweek-to-open.js';
import { PREDICTION_SCORE_MAX } from '../game/limits.js';
import { QUALIFIER_SIDES } from '../game/qualifier.js';
import { PREDICTION_OUTCOMES } from '../game/scoring.js';
import { gameweekNumber } from './common.js';
import { fixtureDto } from './fixtures.js';
import { seasonId } from './seasons.js';

/** A score input: a whole number from 0 to `max`, one message for every way it can be wrong. */
export const scoreField = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });

export const PREDICTION_SCORE_MESSAGE = `Enter scores between 0-${PREDICTION_SCORE_MAX}`;

export const QUALIFIER_MESSAGE = 'Name the team that goes through as home or away.';

/** The team a pick names to go through a knockout tie (src/game/qualifier.ts): a side of the match, or none. */
export const qualifierField = z.enum(QUALIFIER_SIDES, { error: QUALIFIER_MESSAGE }).nullable();

/**
 * A prediction: both scores whole numbers 0–20 (no real match goes past that), and on a match that
 * decides a knockout tie, optionally the team that goes through (left out: none named). Used by the
 * modal and PUT /api/predictions/:id; whether the team may be named on this match is the server's
 * check against the fixture (src/game/qualifier.ts `qualifierPickProblem`).
 */
export const predictionBodySchema = z.object({
  homeScore: scoreField(PREDICTION_SCORE_MAX, PREDICTION_SCORE_MESSAGE),
  awayScore: scoreField(PREDICTION_SCORE_MAX, PREDICTION_SCORE_MESSAGE),
  qualifier: qualifierField.optional(),
});
export type PredictionBody = z.infer<typeof predictionBodySchema>;

/** A knockout match whose teams are not decided yet ("Winner Group A v Runner-up Group B") takes no pick until both are. */
export const TEAMS_NOT_KNOWN_MESSAGE =
  'The teams of this match are not known yet. Predictions open once both teams are decided.';

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
  /** The team the player named to go through the tie this match decides; null when none was named (a one-match knockout's predicted winner is implied). */
  qualifier: qualifierField,
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

/**
 * The most picks one page of GET /api/predictions holds, and what a request without `limit` gets.
 * Every list answers a bounded page (docs/decisions/0103-predictions-list-paged.md): a page of
 * this many picks with their fixtures stays well under 30 KB, and a season is a handful of pages.
 */
export const PREDICTIONS_PAGE_MAX = 40;
export const PREDICTIONS_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PREDICTIONS_PAGE_MAX}.`;
export const PREDICTIONS_CURSOR_MESSAGE =
  'cursor must be the nextCursor of an earlier page of this list; leave it out to start from the first page.';

/** Where a page of the own-predictions list starts: after this pick, in the list's order (newest first). */
export interface PredictionsCursor {
  predictedAt: string;
  fixtureId: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_TEXT_MAX = 400;

/** base64url of UTF-8 text (fixture ids may hold any character), with the globals browsers and Node share. */
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The opaque `nextCursor` of a page that ends with this pick. */
export function encodePredictionsCursor(c: PredictionsCursor): string {
  return toBase64Url(JSON.stringify([c.predictedAt, c.fixtureId]));
}

/** The pick a cursor names, or null when it is not one this list gave out. */
export function decodePredictionsCursor(cursor: string): PredictionsCursor | null {
  if (cursor.length === 0 || cursor.length > CURSOR_TEXT_MAX) return null;
  const text = fromBase64Url(cursor);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [predictedAt, fixtureId] = value as unknown[];
  if (typeof predictedAt !== 'string' || !ISO_INSTANT.test(predictedAt)) return null;
  if (typeof fixtureId !== 'string' || fixtureId.length === 0 || fixtureId.length > 200) return null;
  return { predictedAt, fixtureId };
}

/**
 * GET /api/predictions: the viewer's own picks of a season, newest first, a page at a time: all
 * gameweeks or one (`gameweek`), at most `limit` picks (1–PREDICTIONS_PAGE_MAX, that maximum by
 * default), after `cursor` (the `nextCursor` of the page before).
 */
export const myPredictionsQuery = z.object({
  season: seasonId.optional(),
  gameweek: gameweekNumber.optional(),
  limit: z.coerce
    .number({ error: PREDICTIONS_LIMIT_MESSAGE })
    .int({ error: PREDICTIONS_LIMIT_MESSAGE })
    .min(1, { error: PREDICTIONS_LIMIT_MESSAGE })
    .max(PREDICTIONS_PAGE_MAX, { error: PREDICTIONS_LIMIT_MESSAGE })
    .default(PREDICTIONS_PAGE_MAX),
  cursor: z
    .string({ error: PREDICTIONS_CURSOR_MESSAGE })
    .refine((c) => decodePredictionsCursor(c) !== null, { error: PREDICTIONS_CURSOR_MESSAGE })
    .optional(),
});
export type MyPredictionsQuery = z.input<typeof myPredictionsQuery>;

/** A page of the viewer's own picks (see `myPredictionsQuery`). */
export const myPredictionsReply = z.object({
  now: z.string(),
  season: z.string(),
  /** The gameweek asked for, or null for every gameweek of the season. */
  gameweek: z.number().nullable(),
  /** The most picks this page could hold (the `limit` asked for, else PREDICTIONS_PAGE_MAX). */
  limit: z.number(),
  predictions: z.array(ownPredictionDto),
  /** Ask again with `cursor` set to this for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
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
  /** Where the board opens without `?gameweek=`: the gameweek in progress (from its first deadline to its last result), else the next gameweek with a match open for predictions, else the last played (the dashboard leads with the same one; decision records 0041, 0108). */
  openingGameweek: z.number(),
  /** The next gameweek with a match open for predictions and its first deadline (on match day it comes second, after the gameweek in progress); null when none is. */
  nextOpen: z.object({ gameweek: z.number(), deadline: z.string() }).nullable(),
  /** The next instant at which this answer changes by the clock alone (a deadline, a kick-off, a full time, the lead moving on): the page asks again then. */
  changesAt: z.string().nullable(),
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
