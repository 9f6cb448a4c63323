import { z } from 'zod';
import { gameweekNumber, idParam } from './common.js';
import { seasonId } from './seasons.js';

/**
 * How the players picked a match (GET /api/pick-shares…), only once its prediction deadline has
 * passed; before that, nothing but when it opens (decision record 0061).
 */

/** `?league=<id>`: only that league's members' picks (the caller must be one); without it, every player's. */
export const pickScopeQuery = z.object({ league: idParam(100).optional() });
/** A gameweek of a season (the current season unless `?season=`). */
export const gameweekPickSharesQuery = pickScopeQuery.extend({ season: seasonId.optional(), gameweek: gameweekNumber });

// ---------------------------------------------------------------- responses

const sideShareDto = z.object({ count: z.number().int(), percent: z.number().int() });

/** After the deadline: how many predicted it, the home / draw / away shares (adding up to 100) and the most picked scores. */
export const openPickSharesDto = z.object({
  fixtureId: z.string(),
  available: z.literal(true),
  predictions: z.number().int(),
  sides: z.object({ home: sideShareDto, draw: sideShareDto, away: sideShareDto }),
  /** Most picked first; equal counts by home goals, then away goals (src/game/pick-shares.ts). */
  topScores: z.array(
    z.object({
      homeScore: z.number().int(),
      awayScore: z.number().int(),
      count: z.number().int(),
      percent: z.number().int(),
    }),
  ),
});

/** Before the deadline: nothing about the picks, not even how many there are; `opensAt` is the deadline (null while postponed without a time). */
export const hiddenPickSharesDto = z.object({
  fixtureId: z.string(),
  available: z.literal(false),
  opensAt: z.string().nullable(),
});

export const pickSharesDto = z.discriminatedUnion('available', [openPickSharesDto, hiddenPickSharesDto]);
export type PickShares = z.infer<typeof pickSharesDto>;
export type OpenPickShares = z.infer<typeof openPickSharesDto>;

/** Whose picks: every player's (null), or one league's members'. */
const scopeDto = z.object({ id: z.string(), name: z.string() }).nullable();

export const gameweekPickSharesReply = z.object({
  /** The server's clock: the web judges `opensAt` by it. */
  now: z.string(),
  season: z.string(),
  gameweek: z.number().int(),
  league: scopeDto,
  /** Every fixture of the gameweek, in kick-off order. */
  fixtures: z.array(pickSharesDto),
});
export type GameweekPickShares = z.infer<typeof gameweekPickSharesReply>;

export const fixturePickSharesReply = z.object({ now: z.string(), league: scopeDto, shares: pickSharesDto });
export type FixturePickShares = z.infer<typeof fixturePickSharesReply>;
