import { z } from 'zod';

/**
 * What can still happen in a league and its honours (docs/decisions/0109-honours-and-what-can-still-happen.md).
 * Everything here is worked out on the server from the league's one table (standings) and the
 * game rules (src/game/still-possible.ts, src/game/honours.ts).
 */
export const CHANCES = ['champion', 'can-win', 'out'] as const;
export type ChanceKind = (typeof CHANCES)[number];

export const outlookRowDto = z.object({
  userId: z.string(),
  name: z.string(),
  /** Stored points of the season (bonus questions included), as the league table shows them. */
  points: z.number(),
  /** The most points still available this season: matches, bankers and open bonus questions. */
  availableSeason: z.number(),
  /** The most points still available in the current gameweek (null without one). */
  availableGameweek: z.number().nullable(),
  chance: z.enum(CHANCES),
  /** Points if every match in play ended as it stands now (null while nothing in play has a score). */
  ifItStays: z.number().nullable(),
  /** The place the member would hold then (ties shared). */
  ifItStaysRank: z.number().nullable(),
  isViewer: z.boolean(),
});
export type OutlookRow = z.infer<typeof outlookRowDto>;

export const outlookDto = z.object({
  leagueId: z.string(),
  season: z.string(),
  /** The gameweek `availableGameweek` is about: the latest one that has started, else the next one. */
  gameweek: z.number().nullable(),
  /** Matches still to be completed in the season. */
  matchesLeft: z.number(),
  /** The season is over: every match has its final result and no bonus question is open. */
  decided: z.boolean(),
  /** Matches in play with a score now ("if it stays like this" applies). */
  scoredInPlay: z.number(),
  /** Every member, in table order (a league's members are bounded: see limits). */
  rows: z.array(outlookRowDto),
});
export type Outlook = z.infer<typeof outlookDto>;

export const winnerDto = z.object({ userId: z.string(), name: z.string() });
export const winnersDto = z.object({ points: z.number(), winners: z.array(winnerDto) });
export type WinnersInfo = z.infer<typeof winnersDto>;

export const seasonHonoursDto = z.object({
  season: z.string(),
  seasonLabel: z.string(),
  finished: z.boolean(),
  gameweeks: z.array(winnersDto.extend({ gameweek: z.number() })),
  /** `YYYY-MM`: the calendar month (Europe/London) of its gameweeks' first deadlines. */
  months: z.array(winnersDto.extend({ month: z.string(), gameweeks: z.array(z.number()) })),
  champions: winnersDto.nullable(),
  runnersUp: winnersDto.nullable(),
});
export type SeasonHonoursInfo = z.infer<typeof seasonHonoursDto>;

export const leagueHonoursDto = z.object({ leagueId: z.string(), honours: seasonHonoursDto });
export type LeagueHonours = z.infer<typeof leagueHonoursDto>;

export const archiveTableRowDto = z.object({
  userId: z.string(),
  name: z.string(),
  rank: z.number(),
  points: z.number(),
});

/** A league's past seasons (only those in which it existed), each with its final table and honours. */
export const leagueArchiveDto = z.object({
  leagueId: z.string(),
  seasons: z.array(z.object({ honours: seasonHonoursDto, table: z.array(archiveTableRowDto) })),
});
export type LeagueArchive = z.infer<typeof leagueArchiveDto>;

export const TROPHY_KINDS = ['champion', 'runner-up', 'month', 'gameweek'] as const;
export const trophyDto = z.object({
  kind: z.enum(TROPHY_KINDS),
  leagueId: z.string(),
  leagueName: z.string(),
  season: z.string(),
  seasonLabel: z.string(),
  /** The gameweek number or the month (`YYYY-MM`) won; null for a season's honour. */
  gameweek: z.number().nullable(),
  month: z.string().nullable(),
  points: z.number(),
  /** Shared with others level on points. */
  shared: z.boolean(),
});
export type Trophy = z.infer<typeof trophyDto>;
export const trophyCabinetDto = z.object({ trophies: z.array(trophyDto) });
export type TrophyCabinet = z.infer<typeof trophyCabinetDto>;

/** A league asked about for a season in which it did not exist yet. */
export const LEAGUE_NOT_IN_SEASON = 'This league did not exist in that season, so it has no table for it.';

/** The overall leaderboard's outlook for the viewer (standard rule, bankers double). */
export const overallOutlookDto = z.object({
  season: z.string(),
  gameweek: z.number().nullable(),
  matchesLeft: z.number(),
  leaderPoints: z.number(),
  /** The most any player can still add (every match left picked, a banker each gameweek). */
  anyoneCanAdd: z.number(),
  viewer: z.object({
    points: z.number(),
    availableSeason: z.number(),
    availableGameweek: z.number().nullable(),
    chance: z.enum(CHANCES),
  }),
});
export type OverallOutlook = z.infer<typeof overallOutlookDto>;
