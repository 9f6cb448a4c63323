import { z } from 'zod';
import { isClockTime, isIsoDate } from '../dates.js';

export const TEAM_NAME_LENGTH_MAX = 80;

/**
 * The admin's fixture form (spec §5), one issue at a time in the spec's order: home team, away
 * team, the two differ, date, time. Server and form share it.
 */
export const fixtureFormSchema = z
  .object({
    homeTeam: z.string().trim().max(TEAM_NAME_LENGTH_MAX),
    awayTeam: z.string().trim().max(TEAM_NAME_LENGTH_MAX),
    date: z.string().trim(),
    time: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.homeTeam) return issue('homeTeam', 'Please select a home team');
    if (!v.awayTeam) return issue('awayTeam', 'Please select an away team');
    if (v.homeTeam === v.awayTeam) return issue('awayTeam', 'Home team and away team cannot be the same');
    if (!isIsoDate(v.date)) return issue('date', 'Please select a match date');
    if (!isClockTime(v.time)) return issue('time', 'Please select a match time');
  });
export type FixtureForm = z.infer<typeof fixtureFormSchema>;

/** Spec §5 message order, for the browser's first-error display. */
export function firstFixtureError(input: Partial<FixtureForm>): string | null {
  const r = fixtureFormSchema.safeParse({ homeTeam: '', awayTeam: '', date: '', time: '', ...input });
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** The date input's minimum (spec: today); the server refuses earlier dates for new or moved fixtures. */
export const PAST_DATE_MESSAGE = 'The match date cannot be in the past.';

/** Gameweek edit (spec §5: no rule beyond being dates; the end is not checked against the start). */
export const gameweekEditSchema = z.object({
  startDate: z.string().refine(isIsoDate, { message: 'Please choose a start date' }),
  endDate: z.string().refine(isIsoDate, { message: 'Please choose an end date' }),
});
export type GameweekEdit = z.infer<typeof gameweekEditSchema>;

/** Gameweek filter values: all or 1 to 38. */
export const gameweekNumber = z.coerce.number().int().min(1).max(38);
