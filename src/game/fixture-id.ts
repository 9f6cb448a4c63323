/**
 * The id of an imported fixture, so that an import is idempotent: home and away team with all
 * whitespace removed, joined by `_vs_`, then the date, so importing the same match twice
 * writes the same row (`LiverpoolFC_vs_AFCBournemouth_2025-08-15`).
 */
export function fixtureId(homeTeam: string, awayTeam: string, date: string): string {
  const squash = (s: string) => s.replace(/\s+/g, '');
  return `${squash(homeTeam)}_vs_${squash(awayTeam)}_${date}`;
}
