import { z } from 'zod';
import { POSITION_CHANGES } from '../game/ranking.js';
import { boardMatchDto } from './predictions.js';

/** The viewer's rank in one of their leagues after a gameweek, and the move since the gameweek before. */
export const summaryLeagueDto = z.object({
  leagueId: z.string(),
  name: z.string(),
  /** Shared rank (1-2-2-4, as the league table) by points up to and including this gameweek. */
  position: z.number(),
  /** The same rank before this gameweek's points; null when no earlier gameweek of the season has results. */
  previousPosition: z.number().nullable(),
  change: z.enum(POSITION_CHANGES),
  memberCount: z.number(),
  /** The viewer's season points up to and including this gameweek. */
  points: z.number(),
});
export type SummaryLeague = z.infer<typeof summaryLeagueDto>;

/** GET /api/me/gameweeks/:gameweek/summary: the viewer's own picks beside the results, their points and ranks. */
export const gameweekSummaryDto = z.object({
  now: z.string(),
  season: z.string(),
  gameweek: z.number(),
  /** The season's gameweeks with at least one final result (for moving between summaries). */
  scoredGameweeks: z.array(z.number()),
  /** Every match of the gameweek with the viewer's own pick (only theirs: this route never shows another player's). */
  matches: z.array(boardMatchDto),
  totals: z.object({
    points: z.number(),
    exact: z.number(),
    /** Picks with a final result. */
    scored: z.number(),
    predicted: z.number(),
    /** Matches of the gameweek with a final result. */
    results: z.number(),
  }),
  /** The viewer's rank among every player with points in this gameweek (null: no points row). */
  overall: z.object({ rank: z.number(), players: z.number() }).nullable(),
  leagues: z.array(summaryLeagueDto),
});
export type GameweekSummary = z.infer<typeof gameweekSummaryDto>;

/** GET /api/me/gameweeks/latest: the gameweek of the season's most recent result (null before any), where the Results tab and the dashboard open. */
export const latestGameweekDto = z.object({ season: z.string(), gameweek: z.number().nullable() });
