import { z } from 'zod';
import { fixtureDto } from './fixtures.js';
import { achievementDto } from './statistics.js';
import { SEASON_PHASES } from '../game/season-phase.js';

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
});
export type Activity = z.infer<typeof activityDto>;

/** The Dashboard, in the current season: tiles, the current gameweek's upcoming matches, recent activity, badges and progress. */
export const dashboardDto = z.object({
  /** The current season: everything here is of it. */
  season: z.object({ id: z.string(), label: z.string(), phase: z.enum(SEASON_PHASES) }),
  tiles: z.object({
    totalPredictions: z.number().int(),
    successRate: z.number(),
    totalPoints: z.number().int(),
    exactScores: z.number().int(),
  }),
  currentGameweek: z.number().int(),
  upcoming: z.array(fixtureDto),
  recentActivity: z.array(activityDto),
  achievements: z.array(achievementDto),
  performance: z.array(z.object({ id: z.enum(['points', 'streak', 'success']), label: z.string(), value: z.number(), goal: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardDto>;
export const dashboardReply = z.object({ dashboard: dashboardDto });
