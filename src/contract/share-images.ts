import { z } from 'zod';
import { gameweekNumber } from './common.js';
import { seasonQuery } from './seasons.js';

/**
 * Share pictures (decision 0112): an invite link's Open Graph image and a member's cards of a
 * league table and of their own gameweek summary. Every picture is a PNG of one fixed size, the
 * size link previews (WhatsApp, iMessage, Slack) show large.
 */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** Rows of a league table on its card (the viewer's own row is added below them when it is further down). */
export const TABLE_CARD_ROWS = 5;
/** Leagues on a gameweek summary's card. */
export const SUMMARY_CARD_LEAGUES = 3;

/** GET /api/summary/card.png: the signed-in player's own summary of one gameweek (the current season unless ?season=). */
export const summaryCardQuery = seasonQuery.extend({ gameweek: gameweekNumber });
/** GET /api/leagues/:id/table-card.png: the league's table of a season (the current one unless ?season=). */
export const tableCardQuery = seasonQuery;
/** GET /api/leagues/invite/:code/image.png: `v` only tells link previews the picture changed; the server ignores it. */
export const inviteImageQuery = z.object({ v: z.string().max(32).optional() });

export const inviteImagePath = (code: string) => `/api/leagues/invite/${encodeURIComponent(code)}/image.png`;
export const tableCardPath = (leagueId: string, season?: string) =>
  `/api/leagues/${encodeURIComponent(leagueId)}/table-card.png${season ? `?season=${encodeURIComponent(season)}` : ''}`;
export const summaryCardPath = (gameweek: number, season?: string) =>
  `/api/summary/card.png?gameweek=${gameweek}${season ? `&season=${encodeURIComponent(season)}` : ''}`;

/** What a picture route answers: the PNG's bytes (the route sends them as they are). */
export const pngImage = z.string().describe('image/png');
