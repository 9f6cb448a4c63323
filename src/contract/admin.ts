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
