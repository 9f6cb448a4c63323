import { z } from 'zod';

/** The admin's at-a-glance counts. */
export const overviewDto = z.object({
  /** The season whose fixtures and predictions are counted. */
  season: z.string(),
  users: z.number().int(),
  verifiedUsers: z.number().int(),
  admins: z.number().int(),
  fixtures: z.number().int(),
  predictions: z.number().int(),
  leagues: z.number().int(),
});
export type Overview = z.infer<typeof overviewDto>;
export const overviewReply = z.object({ overview: overviewDto });

/** A gameweek with matches past their live window and no final result (`null`: fixtures without a gameweek). */
export const awaitingGameweekDto = z.object({
  gameweek: z.number().int().nullable(),
  count: z.number().int(),
  /** The first and last kick-off among them (when they were played). */
  firstKickoff: z.string(),
  lastKickoff: z.string(),
});

/** One season: how many of its kicked-off matches lack a result, where, and its results feed. */
export const awaitingSeasonDto = z.object({
  season: z.string(),
  label: z.string(),
  current: z.boolean(),
  count: z.number().int(),
  gameweeks: z.array(awaitingGameweekDto),
  /** The season's results feed address (null: none). */
  feedUrl: z.string().nullable(),
  /**
   * The address of openfootball's file for this season, which our feed reads (Football.TXT),
   * offered for the admin to accept or edit; nothing is fetched until they do. Null when the
   * season is not one openfootball publishes under its id.
   */
  suggestedFeedUrl: z.string().nullable(),
  /** The feed's latest run when it failed (when, and why): on the admin's to-do until a later run succeeds. */
  feedFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** Moves a file or feed proposed past their deadline, waiting for the admin's confirmation on the feed panel. */
  pendingMoves: z.number().int(),
});
export type AwaitingSeason = z.infer<typeof awaitingSeasonDto>;

/** GET /api/admin/awaiting-results: every season, newest first. */
export const awaitingResultsReply = z.object({ seasons: z.array(awaitingSeasonDto) });
export type AwaitingResults = z.infer<typeof awaitingResultsReply>;
