/** The landing page's figures: counted by the server for the current season (contract/public-figures.ts). */
export interface LandingFigures {
  players: number;
  predictions: number;
  results: number;
}

const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The figures from a `/api/public-figures` answer, checked by hand: the landing page's light entry
 * carries no zod. Anything unexpected, or no figures (a season with few players), gives undefined,
 * and the page shows no figures at all: it never shows a number the server did not count.
 */
export function landingFigures(body: unknown): LandingFigures | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const figures = (body as { figures?: unknown }).figures;
  if (typeof figures !== 'object' || figures === null) return undefined;
  const { players, predictions, results } = figures as Record<string, unknown>;
  return count(players) && count(predictions) && count(results) ? { players, predictions, results } : undefined;
}

/** "12,345": the exact count, grouped as the visitor's language writes numbers. */
export const formatCount = (n: number) => n.toLocaleString();
