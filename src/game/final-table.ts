/**
 * A season's final table from its results: 3 points for a win, 1 for a draw; level clubs are
 * ordered by goal difference, then goals scored, then name (alphabetically). The Premier League
 * goes on to head-to-head records and play-offs where we fall back to the name; `levelWith`
 * tells where that fallback decided a place, so a question about that place is not settled by it
 * (decision record 0062).
 */
export interface PlayedMatch {
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
}

export interface TableLine {
  club: string;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
}

export const WIN_POINTS = 3;
export const DRAW_POINTS = 1;

/** Level on everything the table ranks by (points, goal difference, goals scored): only the name parts them. */
export const isLevel = (a: TableLine, b: TableLine) =>
  a.points === b.points && a.goalDifference === b.goalDifference && a.goalsFor === b.goalsFor;

/**
 * The table of `clubs` (every club of the season, so a club without a match still has its line)
 * after `matches`. A match of a club not listed adds that club too.
 */
export function finalTable(clubs: readonly string[], matches: readonly PlayedMatch[]): TableLine[] {
  const lines = new Map<string, Omit<TableLine, 'position'>>();
  const line = (club: string) => {
    let l = lines.get(club);
    if (!l) {
      l = { club, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0 };
      lines.set(club, l);
    }
    return l;
  };
  for (const club of clubs) line(club);
  for (const m of matches) {
    const home = line(m.home);
    const away = line(m.away);
    home.played++;
    away.played++;
    home.goalsFor += m.homeScore;
    home.goalsAgainst += m.awayScore;
    away.goalsFor += m.awayScore;
    away.goalsAgainst += m.homeScore;
    if (m.homeScore > m.awayScore) {
      home.won++;
      away.lost++;
    } else if (m.homeScore < m.awayScore) {
      away.won++;
      home.lost++;
    } else {
      home.drawn++;
      away.drawn++;
    }
  }
  const rows = [...lines.values()].map((l) => ({
    ...l,
    goalDifference: l.goalsFor - l.goalsAgainst,
    points: l.won * WIN_POINTS + l.drawn * DRAW_POINTS,
  }));
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.goalDifference - a.goalDifference ||
      b.goalsFor - a.goalsFor ||
      (a.club < b.club ? -1 : a.club > b.club ? 1 : 0),
  );
  return rows.map((r, i) => ({ ...r, position: i + 1 }));
}

/**
 * Whether the line between places `n` and `n + 1` (1-based) was drawn by the name alone: the
 * clubs either side are level on points, goal difference and goals scored.
 */
export function splitByNameAfter(table: readonly TableLine[], n: number): boolean {
  const above = table[n - 1];
  const below = table[n];
  return above !== undefined && below !== undefined && isLevel(above, below);
}
