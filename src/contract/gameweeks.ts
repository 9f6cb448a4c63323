import { z } from 'zod';
import { isIsoDate } from '../game/dates.js';
import type { GameweekDefinition } from '../game/gameweeks.js';
import { gameweekNumber } from './common.js';

/** Gameweek edit: no rule beyond being dates; the end is not checked against the start. */
export const gameweekEditSchema = z.object({
  startDate: z.string().refine(isIsoDate, { message: 'Please choose a start date' }),
  endDate: z.string().refine(isIsoDate, { message: 'Please choose an end date' }),
});
export type GameweekEdit = z.infer<typeof gameweekEditSchema>;

export const addGameweekBody = z.object({ gameweek: gameweekNumber });

// ---------------------------------------------------------------- responses

/** One gameweek's date range (London calendar dates). */
export const gameweekDto = z.object({
  gameweek: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
}) satisfies z.ZodType<GameweekDefinition>;
export const gameweekReply = z.object({ gameweek: gameweekDto });
export const gameweekListReply = z.object({ gameweeks: z.array(gameweekDto) });

/** GET /api/gameweeks[?season=]: a season's definitions in force and what the screens need around them. */
export const gameweeksInfoDto = z.object({
  /** The season these are of (the current one unless `?season=` named another). */
  season: z.string(),
  gameweeks: z.array(gameweekDto),
  /** The gameweek the admin's screens open on, by the calendar: the date's gameweek, else the next (or last) one with fixtures. */
  openingGameweek: z.number().int(),
  withFixtures: z.array(z.number().int()),
  /** The server's UK date: the minimum for new fixture dates. */
  today: z.string(),
  /** False while no definitions are stored and the defaults apply. */
  custom: z.boolean(),
});
export type GameweeksInfo = z.infer<typeof gameweeksInfoDto>;
