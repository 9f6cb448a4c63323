/** "Matchday 12", "Round 12", "Gameweek 12", "12" or 12 → 12; anything else → null. */
export function roundNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(?:matchday|round|gameweek|week)?\s*(\d{1,3})\s*$/i.exec(value);
  return m ? Number(m[1]) : null;
}
