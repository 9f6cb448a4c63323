import { exec } from './bounded.js';

/** Longest round text read ("Matchday 12" with room to spare); longer is not a round. */
const ROUND_TEXT_MAX = 40;
// The optional word is followed by spaces and then digits, which it cannot match: no backtracking.
const ROUND = /^(?:(?:matchday|round|gameweek|week)\s*)?(\d{1,3})$/i;

/** "Matchday 12", "Round 12", "Gameweek 12", "12" or 12 → 12; anything else → null. */
export function roundNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string' || value.length > ROUND_TEXT_MAX) return null;
  const m = exec(ROUND, value.trim());
  return m ? Number(m[1]) : null;
}
