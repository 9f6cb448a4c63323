import { z } from 'zod';

/**
 * What the landing page may say about the game, counted from its own data (docs/decisions/
 * 0048-landing-figures-counted.md): the current season's players (made a prediction), predictions
 * made, and matches with a final result. Nothing private: three totals, and none while the season
 * has fewer than PUBLIC_FIGURES_MIN_PLAYERS players (on a game among a few friends, a count that
 * moves would tell who just played; and "3 players" is not what a landing page is for).
 */
export const PUBLIC_FIGURES_MIN_PLAYERS = 10;

export const publicFiguresDto = z.object({
  season: z.object({ id: z.string(), label: z.string() }),
  figures: z
    .object({
      players: z.number().int(),
      predictions: z.number().int(),
      results: z.number().int(),
    })
    .nullable(),
});
export type PublicFigures = z.infer<typeof publicFiguresDto>;
