/**
 * Words for the admin's "results not in yet" notice (pure, tested on its own).
 */

/** "Gameweek 3", "Gameweeks 3–11" (a run), "Gameweeks 2, 5 and 7"; gameweeks in any order, null ones left out. */
export function gameweekSpan(gameweeks: ReadonlyArray<number | null>): string {
  const gws = [...new Set(gameweeks.filter((g): g is number => g !== null))].sort((a, b) => a - b);
  if (gws.length === 0) return '';
  if (gws.length === 1) return `Gameweek ${gws[0]}`;
  const first = gws[0]!;
  const last = gws[gws.length - 1]!;
  if (last - first + 1 === gws.length) return `Gameweeks ${first}–${last}`;
  return `Gameweeks ${gws.slice(0, -1).join(', ')} and ${last}`;
}

/** The result desk for a season's gameweek (the desk reads both from its address). */
export const deskPath = (season: string, gameweek: number) =>
  `/admin/results?season=${encodeURIComponent(season)}&gameweek=${gameweek}`;

/** The seasons screen with a season's feed panel open (to edit the suggested address before using it). */
export const feedSettingsPath = (season: string) => `/admin/seasons?feed=${encodeURIComponent(season)}`;
