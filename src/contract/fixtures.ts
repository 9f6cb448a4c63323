import { z } from 'zod';
import { isClockTime, isIsoDate } from '../game/dates.js';
import { FIXTURE_STATUSES } from '../game/fixture-status.js';

export const TEAM_NAME_LENGTH_MAX = 80;

/**
 * The admin's fixture form, one message at a time in this order: home team, away
 * team, the two differ, date, time. Server and form share it. A team is a club of the season, or
 * null for a side of a knockout match that is not known yet and stays so (its placeholder kept:
 * the route refuses null for a side that has none). The date and time are the competition's
 * local time (its zone: `GET /api/competitions`).
 */
export const fixtureFormSchema = z
  .object({
    homeTeam: z.string().trim().max(TEAM_NAME_LENGTH_MAX).nullable(),
    awayTeam: z.string().trim().max(TEAM_NAME_LENGTH_MAX).nullable(),
    date: z.string().trim().max(10),
    time: z.string().trim().max(5),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.homeTeam === '') return issue('homeTeam', 'Please select a home team');
    if (v.awayTeam === '') return issue('awayTeam', 'Please select an away team');
    if (v.homeTeam !== null && v.homeTeam === v.awayTeam)
      return issue('awayTeam', 'Home team and away team cannot be the same');
    if (!isIsoDate(v.date)) return issue('date', 'Please select a match date');
    if (!isClockTime(v.time)) return issue('time', 'Please select a match time');
  });
export type FixtureForm = z.infer<typeof fixtureFormSchema>;

/** The form's message order, for the browser's first-error display. */
export function firstFixtureError(input: Partial<FixtureForm>): string | null {
  const r = fixtureFormSchema.safeParse({ homeTeam: '', awayTeam: '', date: '', time: '', ...input });
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** The date input's minimum (spec: today); the server refuses earlier dates for new or moved fixtures. */
export const PAST_DATE_MESSAGE = 'The match date cannot be in the past.';

// ---------------------------------------------------------------- responses

export const fixtureStatusDto = z.enum(FIXTURE_STATUSES);

const scoreLineDto = z.object({ homeScore: z.number(), awayScore: z.number() });
/**
 * A match's score: final (scored) or provisional (in play, never scored). `homeScore`/`awayScore`
 * are after 90 minutes; a knockout match that went to extra time also has `extraTime` (cumulative)
 * and perhaps `penalties` (absent when it had none).
 */
export const resultDto = z.object({
  homeScore: z.number(),
  awayScore: z.number(),
  final: z.boolean(),
  extraTime: scoreLineDto.nullable().optional(),
  penalties: scoreLineDto.nullable().optional(),
});

/** The only shape a fixture leaves the server in (HTTP and events). */
export const fixtureDto = z.object({
  id: z.string(),
  /** The season it belongs to. */
  seasonId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** UTC instant, null while a postponed match has no new time. */
  kickoffAt: z.string().nullable(),
  /** Europe/London date and time as published (screens show kickoffAt in the viewer's zone). */
  localDate: z.string(),
  localTime: z.string().nullable(),
  gameweek: z.number().nullable(),
  league: z.string(),
  status: fixtureStatusDto,
  result: resultDto.nullable(),
  /** Its round's stage (src/game/stages.ts: `group`, `round-of-16`, `final`…), its group and its leg of a two-legged tie; null in a league season. */
  stage: z.string().nullable().optional(),
  group: z.string().nullable().optional(),
  leg: z.number().int().nullable().optional(),
  /**
   * While a side's team is not known, its placeholder ("Winner Group A"), which `homeTeam`/`awayTeam`
   * show too; null once known. Such a match takes no prediction until both teams are known.
   */
  homeLabel: z.string().nullable().optional(),
  awayLabel: z.string().nullable().optional(),
});
export type Fixture = z.infer<typeof fixtureDto>;

export const fixtureReply = z.object({ fixture: fixtureDto });
/** A season's fixtures (`season` says which: the current one unless `?season=` named another). */
export const fixtureListReply = z.object({ season: z.string(), fixtures: z.array(fixtureDto) });

/** What deleting a fixture takes with it. */
export const fixtureImpactDto = z.object({ predictions: z.number().int(), results: z.number().int() });
export const fixtureDeletedReply = fixtureImpactDto.extend({ deleted: z.literal(1) });
export const fixturesDeletedReply = z.object({ deleted: z.number().int() });

/** The current season's built-in file is imported in batches: call again with nextOffset until it is null. */
export const importSeasonBody = z.object({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(1000),
});
export const importSeasonReply = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  nextOffset: z.number().int().nullable(),
});

export const importFileBody = z.object({
  fileName: z.string().max(200).optional(),
  content: z.string().min(1, { error: 'The file is empty.' }),
});
export const importFileReply = z.object({ imported: z.number().int(), name: z.string() });
