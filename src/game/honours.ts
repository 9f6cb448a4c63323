/**
 * A league's honours (docs/decisions/0109-honours-and-what-can-still-happen.md): the winners of
 * each gameweek and each month, the season's champion and runners-up. Ties are shared; nobody
 * wins anything with 0 points.
 *
 * - A gameweek is won once every one of its matches has a final result, by the most points in it.
 * - A month is the calendar month (Europe/London) of its gameweeks' first deadlines; it is won once
 *   every gameweek in it is complete, by the most points over those gameweeks.
 * - The season's champion and runners-up are named only when the season is finished: the highest
 *   points (bonus questions included) and the next-highest.
 */
export interface PointsRow {
  userId: string;
  name: string;
  points: number;
}

export interface Winners {
  points: number;
  winners: Array<{ userId: string; name: string }>;
}

/** Those on the most points (more than 0), in name order for a stable list; null when nobody scored. */
export function topOf(rows: readonly PointsRow[]): Winners | null {
  let top = 0;
  for (const r of rows) if (r.points > top) top = r.points;
  if (top === 0) return null;
  const winners = rows
    .filter((r) => r.points === top)
    .map((r) => ({ userId: r.userId, name: r.name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.userId < b.userId ? -1 : 1));
  return { points: top, winners };
}

export interface GameweekPoints {
  gameweek: number;
  /** `YYYY-MM`: the calendar month (Europe/London) of the gameweek's first deadline. */
  month: string;
  /** Every match of the gameweek has a final result. */
  complete: boolean;
  rows: readonly PointsRow[];
}

export interface GameweekHonour extends Winners {
  gameweek: number;
}
export interface MonthHonour extends Winners {
  month: string;
  gameweeks: number[];
}

/** Each complete gameweek's winners (a gameweek nobody scored in has none). */
export function gameweekWinners(weeks: readonly GameweekPoints[]): GameweekHonour[] {
  const honours: GameweekHonour[] = [];
  for (const w of [...weeks].sort((a, b) => a.gameweek - b.gameweek)) {
    if (!w.complete) continue;
    const top = topOf(w.rows);
    if (top) honours.push({ gameweek: w.gameweek, ...top });
  }
  return honours;
}

/** Each month's winners, once every gameweek of the month is complete: points added up over its gameweeks. */
export function monthWinners(weeks: readonly GameweekPoints[]): MonthHonour[] {
  const months = new Map<string, GameweekPoints[]>();
  for (const w of weeks) {
    const list = months.get(w.month);
    if (list) list.push(w);
    else months.set(w.month, [w]);
  }
  const honours: MonthHonour[] = [];
  for (const [month, list] of [...months].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!list.every((w) => w.complete)) continue;
    const totals = new Map<string, PointsRow>();
    for (const w of list)
      for (const r of w.rows) {
        const t = totals.get(r.userId);
        if (t) t.points += r.points;
        else totals.set(r.userId, { ...r });
      }
    const top = topOf([...totals.values()]);
    if (top) honours.push({ month, gameweeks: list.map((w) => w.gameweek).sort((a, b) => a - b), ...top });
  }
  return honours;
}

export interface SeasonHonours {
  champions: Winners | null;
  runnersUp: Winners | null;
}

/** The champions and runners-up of a finished season's table (none before it is finished). */
export function seasonHonours(table: readonly PointsRow[], finished: boolean): SeasonHonours {
  if (!finished) return { champions: null, runnersUp: null };
  const champions = topOf(table);
  if (!champions) return { champions: null, runnersUp: null };
  return { champions, runnersUp: topOf(table.filter((r) => r.points < champions.points)) };
}

/**
 * Whether a league existed in a season: made before the season's end (its last kick-off, else the
 * end of its last date). A season with no end known yet (nothing scheduled) is one a new league
 * plays in. A league made after a season has no table, no honours and no trophies of it.
 */
export function leagueExistedIn(
  league: { createdAt: string },
  season: { lastKickoff: string | null; endDate: string | null } | undefined,
): boolean {
  const end = season?.lastKickoff ?? (season?.endDate ? `${season.endDate}T23:59:59.999Z` : null);
  return end === null || league.createdAt <= end;
}
