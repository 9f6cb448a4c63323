import type { GameweekSummary } from '../../../contract/summary';
import { plural } from '../../lib/plural';

/**
 * Under a gameweek's total, what is still to come for the player: nothing about points rising
 * when they made no pick (there is nothing to score), and only results of matches they picked
 * count as ones that may add points. Null when there is nothing to say.
 */
export function summaryNote(data: Pick<GameweekSummary, 'matches' | 'totals'>): string | null {
  if (data.totals.predicted === 0) return 'You made no predictions this gameweek.';
  const toCome = data.matches.filter((m) => m.prediction && !m.fixture.result?.final).length;
  return toCome > 0 ? `${plural(toCome, 'result')} of your picks still to come: points may rise.` : null;
}

/** A gameweek picker's options in the order people count them (1, 2 … 11, never 11, 1, 2). */
export const gameweekOrder = (gameweeks: readonly number[]): number[] => [...new Set(gameweeks)].sort((a, b) => a - b);
