import { z } from 'zod';
import { CLUB_PATTERNS } from '../game/clubs.js';
import { SEASON_PHASES } from '../game/season-phase.js';

/**
 * Seasons and clubs (docs/season.md). Every season-scoped read takes `?season=<id>`;
 * without it the current season is meant; an id no season has is a 404 "Season not found.".
 */
export const SEASON_NOT_FOUND = 'Season not found.';

/** A season id in a query (`2025-26`); any string of sane length, unknown ones are a 404, not a 400. */
export const seasonId = z.string().min(1).max(64);
/** `?season=<id>`: one season (default: the current one). */
export const seasonQuery = z.object({ season: seasonId.optional() });
/** What `?season=all` means where a total over every season makes sense (league tables, clubs). */
export const ALL_SEASONS = 'all';

// ---------------------------------------------------------------- responses

export const competitionDto = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  /** The IANA zone its dates and times are published in (Europe/London for the Premier League). */
  timeZone: z.string(),
});
export type CompetitionInfo = z.infer<typeof competitionDto>;

export const seasonDto = z.object({
  /** URL-friendly (`2026-27`); the web carries it as `?season=`. */
  id: z.string(),
  /** What players see (`2026/27`). */
  label: z.string(),
  competition: competitionDto,
  phase: z.enum(SEASON_PHASES),
  /** UK dates of the first and last fixture (null while it has none). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The first scheduled kick-off still to come (null when none is). */
  nextKickoff: z.string().nullable(),
  /** How many fixtures it has, and how many of them have a final result. */
  fixtures: z.number().int(),
  results: z.number().int(),
  /** True for the current season of its competition (each competition has its own). */
  current: z.boolean(),
});
export type Season = z.infer<typeof seasonDto>;

/** GET /api/seasons: every season, newest first, and which one is current (pinned by an admin, or by the clock). */
export const seasonListReply = z.object({ seasons: z.array(seasonDto), current: z.string(), pinned: z.boolean() });
export type SeasonList = z.infer<typeof seasonListReply>;

/** A competition with its seasons, newest first, and its own current season (null while it has none). */
export const competitionSeasonsDto = competitionDto.extend({
  current: z.string().nullable(),
  seasons: z.array(seasonDto),
});
export type CompetitionSeasons = z.infer<typeof competitionSeasonsDto>;

/** GET /api/competitions: every competition that has a season, the Premier League first, each with its seasons. */
export const competitionListReply = z.object({ competitions: z.array(competitionSeasonsDto) });
export type CompetitionList = z.infer<typeof competitionListReply>;

export const clubPatternDto = z.enum(CLUB_PATTERNS);
export const clubDto = z.object({
  /** Stable slug (`manchester-city`). */
  id: z.string(),
  /** As fixtures and season files spell it ("Manchester City FC"). */
  name: z.string(),
  /** The phone-friendly name ("Man City"). */
  shortName: z.string(),
  /** Three capital letters on the badge ("MCI"). */
  code: z.string(),
  primaryColour: z.string(),
  secondaryColour: z.string(),
  pattern: clubPatternDto,
});
export type ClubInfo = z.infer<typeof clubDto>;

/** GET /api/clubs?season=: a season's clubs (or every club with `season=all`), by name. */
export const clubListReply = z.object({ season: z.string(), clubs: z.array(clubDto) });
export type ClubList = z.infer<typeof clubListReply>;
