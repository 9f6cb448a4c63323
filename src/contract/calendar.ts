import { z } from 'zod';

/** The player's private calendar feed address. */
export const calendarDto = z.object({ url: z.string() });
export type CalendarLink = z.infer<typeof calendarDto>;

/** The feed itself: an iCalendar document. */
export const calendarFeed = z.string().describe('text/calendar');
