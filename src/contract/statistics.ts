import { z } from 'zod';
import { WEEKDAYS } from '../game/statistics.js';

export const achievementDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  earned: z.boolean(),
});
export type Achievement = z.infer<typeof achievementDto>;

/** The Statistics screen: the player's own numbers, badges and rank history in one season. */
export const statisticsDto = z.object({
  totalPredictions: z.number().int(),
  scoredPredictions: z.number().int(),
  correctPredictions: z.number().int(),
  exactScores: z.number().int(),
  correctOutcomes: z.number().int(),
  totalPoints: z.number().int(),
  successRate: z.number(),
  averagePointsPerPrediction: z.number(),
  bestStreak: z.number().int(),
  currentStreak: z.number().int(),
  weekdayAccuracy: z.array(
    z.object({ day: z.enum(WEEKDAYS), predictions: z.number().int(), correct: z.number().int(), accuracy: z.number() }),
  ),
  homeAwayBias: z.object({ home: z.number().int(), away: z.number().int(), draw: z.number().int() }),
  /** `accuracy` is null while none of the club's predicted matches has a result. */
  favoriteTeams: z.array(
    z.object({ team: z.string(), predictions: z.number().int(), accuracy: z.number().nullable() }),
  ),
  predictionTiming: z.object({ early: z.number().int(), lastMinute: z.number().int(), averageHours: z.number() }),
  /** Every achievement, earned or not: the same set the dashboard shows. */
  achievements: z.array(achievementDto),
  gameweeksAtTop: z.number().int(),
  totalGameweeksParticipated: z.number().int(),
  topPositionRate: z.number(),
  rankHistory: z.array(
    z.object({
      gameweek: z.number().int(),
      rank: z.number().int().nullable(),
      points: z.number().int(),
      players: z.number().int(),
    }),
  ),
  /** Whose ranks: everyone (league null) or one of the player's leagues. */
  rankScope: z.object({ leagueId: z.string().nullable(), name: z.string() }),
  leagues: z.array(z.object({ id: z.string(), name: z.string() })),
  timeZone: z.string(),
  /** The season these are of (the current one unless `?season=` named another). */
  season: z.string(),
});
export type Statistics = z.infer<typeof statisticsDto>;
export const statisticsReply = z.object({ statistics: statisticsDto });
