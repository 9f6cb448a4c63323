import { z } from 'zod';
import { fixtureDto } from './fixtures.js';
import { achievementDto } from './statistics.js';
import { SEASON_PHASES } from '../game/season-phase.js';
import { GAMEWEEK_STATES } from '../game/gameweek-to-open.js';

/** One of the player's latest predictions. */
export const activityDto = z.object({
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  predictedAt: z.string(),
  /** right: outcome or exact; wrong; pending: no final result yet. */
  state: z.enum(['right', 'wrong', 'pending']),
  /** The final result once in (null while pending). */
  result: z.object({ homeScore: z.number().int(), awayScore: z.number().int() }).nullable(),
  /** The points the pick earned (null while pending). */
  points: z.number().int().nullable(),
});
export type Activity = z.infer<typeof activityDto>;

/** A match of the dashboard's gameweek still open for predictions: when it closes and whether the viewer has a pick. */
export const openMatchDto = z.object({ fixtureId: z.string(), deadline: z.string(), predicted: z.boolean() });
export type OpenMatch = z.infer<typeof openMatchDto>;

/**
 * The Dashboard, in the current season: what to do now (the gameweek the Predictions board opens
 * on, its open matches and the viewer's picks), tiles, upcoming matches, recent activity, badges
 * and progress (decision record 0042).
 */
export const dashboardDto = z.object({
  /** The server's clock when answering (deadlines are judged by it, not by the viewer's device). */
  now: z.string(),
  /** The current season: everything here is of it. */
  season: z.object({ id: z.string(), label: z.string(), phase: z.enum(SEASON_PHASES) }),
  /** True until the player's first prediction in any season: greeted as new and shown how to start. */
  newcomer: z.boolean(),
  tiles: z.object({
    totalPredictions: z.number().int(),
    successRate: z.number(),
    totalPoints: z.number().int(),
    exactScores: z.number().int(),
  }),
  /** The gameweek the dashboard leads with: the one the Predictions board opens on (src/game/gameweek-to-open.ts): on match day the gameweek in progress. */
  gameweek: z.number().int(),
  /** Its state now; null when the season has no fixtures yet. */
  gameweekState: z.enum(GAMEWEEK_STATES).nullable(),
  /** That gameweek's scheduled matches and how many the viewer has predicted ("3 of 10 predicted"). */
  picks: z.object({ matches: z.number().int(), predicted: z.number().int() }),
  /** That gameweek's matches still open for predictions, soonest deadline first. */
  open: z.array(openMatchDto),
  /** At most 5 of that gameweek's matches still to be played or being played (on match day: today's), by kick-off. */
  upcoming: z.array(fixtureDto),
  /**
   * While the gameweek led with is in progress (match day, decision record 0108): the next gameweek
   * open for predictions, shown second with its picks and its open matches; null otherwise.
   */
  nextOpen: z
    .object({
      gameweek: z.number().int(),
      picks: z.object({ matches: z.number().int(), predicted: z.number().int() }),
      open: z.array(openMatchDto),
    })
    .nullable(),
  /**
   * Other competitions the player plays (a pick or a league in them) with matches open for
   * predictions in their current season: each one's gameweek with the soonest open match, how many
   * of its open matches the player has predicted, and when the first closes; soonest first.
   */
  elsewhere: z
    .array(
      z.object({
        seasonId: z.string(),
        competitionId: z.string(),
        gameweek: z.number().int().nullable(),
        open: z.number().int(),
        predicted: z.number().int(),
        deadline: z.string(),
      }),
    )
    .optional(),
  /** The next instant at which this answer changes by the clock alone (a deadline, a kick-off, a full time, the lead moving on): the page asks again then. */
  changesAt: z.string().nullable(),
  recentActivity: z.array(activityDto),
  achievements: z.array(achievementDto),
  performance: z.array(
    z.object({ id: z.enum(['points', 'streak', 'success']), label: z.string(), value: z.number(), goal: z.number() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardDto>;
export const dashboardReply = z.object({ dashboard: dashboardDto });
