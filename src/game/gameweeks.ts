export interface GameweekDefinition {
  gameweek: number;
  startDate: string;
  endDate: string;
}

/**
 * The current gameweek: the first gameweek, in order, whose end date is not before
 * today — the one containing today, or else the next to start. Before any definitions exist it
 * is 1; after the last gameweek has ended it stays on the last one (so the finished season still
 * shows its final round rather than jumping back to gameweek 1).
 */
export function currentGameweek(defs: readonly GameweekDefinition[], today: string): number {
  if (defs.length === 0) return 1;
  const sorted = [...defs].sort((a, b) => a.gameweek - b.gameweek);
  const found = sorted.find((d) => d.endDate >= today);
  return found ? found.gameweek : sorted[sorted.length - 1]!.gameweek;
}

/** The gameweek whose date range contains `date`, if any (manually added fixtures). */
export function gameweekForDate(defs: readonly GameweekDefinition[], date: string): number | null {
  const hit = defs.find((d) => d.startDate <= date && date <= d.endDate);
  return hit ? hit.gameweek : null;
}

/**
 * "The current gameweek" by the calendar, as `/api/gameweeks` reports it and the admin's screens
 * open on: the current gameweek by date (above) when it has fixtures, else the next gameweek that
 * has some, else the last one that has some. With no fixtures at all it is the date's gameweek.
 * A player's board and dashboard open by the matches still open for predictions instead
 * (gameweek-to-open.ts `gameweekToOpen`, decision record 0041).
 */
export function calendarOpeningGameweek(
  defs: readonly GameweekDefinition[],
  today: string,
  withFixtures: readonly number[],
): number {
  const current = currentGameweek(defs, today);
  if (withFixtures.length === 0 || withFixtures.includes(current)) return current;
  const sorted = [...withFixtures].sort((a, b) => a - b);
  return sorted.find((g) => g > current) ?? sorted[sorted.length - 1]!;
}
