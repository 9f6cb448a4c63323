import { z } from 'zod';
import { COMPETITIONS } from './leagues.js';

/** The player's private calendar feed address. */
export const calendarDto = z.object({ url: z.string() });
export type CalendarLink = z.infer<typeof calendarDto>;

/** The feed itself: an iCalendar document. */
export const calendarFeed = z.string().describe('text/calendar');

export const CALENDAR_COMPETITION_MESSAGE = `This calendar has no such competition. Use one of: ${COMPETITIONS.join(', ')}.`;

/**
 * The feed's query as it arrives: anything, so that the token is checked first (a wrong link is a
 * 404 whatever its query says); the handler then reads it with `calendarFeedQuery`.
 */
export const calendarFeedRawQuery = z.object({
  competition: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(`Only this competition's current season: ${COMPETITIONS.join(', ')}`),
});

/** `?competition=`: one of the known competitions, else a 400 with `CALENDAR_COMPETITION_MESSAGE`. */
export const calendarFeedQuery = z.object({
  competition: z.enum(COMPETITIONS, { error: CALENDAR_COMPETITION_MESSAGE }).optional(),
});
export type CalendarFeedQuery = z.infer<typeof calendarFeedQuery>;
