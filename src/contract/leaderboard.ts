import { z } from 'zod';
import { tableRowDto } from './leagues.js';
import { gameweekNumber } from './common.js';
import { seasonId } from './seasons.js';

/** Rows per page of the overall leaderboard by default, and the most a page may have. */
export const LEADERBOARD_PAGE_SIZE = 50;
export const LEADERBOARD_PAGE_SIZE_MAX = 100;
/** The last page a request may name (10,000 players are 200 pages; this is a sanity bound, not a limit on players). */
export const LEADERBOARD_PAGE_MAX = 100_000;

/**
 * GET /api/leaderboard: a season's total (no gameweek) or one gameweek, a page of it, or
 * `around=me` for the page that holds the viewer's own row.
 */
export const leaderboardQuery = z
  .object({
    season: seasonId.optional(),
    gameweek: gameweekNumber.optional(),
    page: z.coerce.number().int().min(1).max(LEADERBOARD_PAGE_MAX).optional(),
    pageSize: z.coerce.number().int().min(1).max(LEADERBOARD_PAGE_SIZE_MAX).default(LEADERBOARD_PAGE_SIZE),
    around: z.literal('me').optional(),
  })
  .refine((q) => !(q.page !== undefined && q.around !== undefined), {
    message: 'Ask for a page or around=me, not both.',
    path: ['around'],
  });

/** A league table's row without the league's own field: same ranks (1-2-2-4), same order (points, name, id). */
export const leaderboardRowDto = tableRowDto.omit({ isCreator: true, bonus: true });
export type LeaderboardRow = z.infer<typeof leaderboardRowDto>;

export const leaderboardPageDto = z.object({
  season: z.string(),
  gameweek: z.number().nullable(),
  page: z.number(),
  pageSize: z.number(),
  /** Players on this leaderboard: everyone with a scored prediction in the season (or gameweek). */
  total: z.number(),
  rows: z.array(leaderboardRowDto),
  /** The viewer's own row wherever it is (null when they have no scored prediction in it yet). */
  viewer: leaderboardRowDto.nullable(),
});
export type LeaderboardPage = z.infer<typeof leaderboardPageDto>;
