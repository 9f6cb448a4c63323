import { rankInTieOrder, rankRows, tieOrder } from '../../../game/ranking.js';
import { rankInSorted } from '../../../game/rank-history.js';
import {
  gameweekExact,
  gameweekPoints,
  SEASON_TOTAL,
  type Scoring,
  type SeasonCounts,
} from '../../points/season-counts.js';
import { scoringOf, type RosterRow, type TableRow } from './repository.js';
import type { TableEntry } from './table-cache.js';

/**
 * The one place where a member's points and place in a league are worked out (decision 0102):
 * the league's tables (a season, a gameweek, all seasons), the dashboard's positions, the
 * gameweek summary's ranks and the live table all read it. The order and the ranks are
 * src/game/ranking.ts's (`rankRows`), never the database's: SQL may hand rows over in any order.
 */

/** Each kept roster in the table's tie order, worked out once per roster (a result keeps the roster). */
const rostersInTieOrder = new WeakMap<readonly RosterRow[], RosterRow[]>();

function inTieOrder(roster: readonly RosterRow[]): RosterRow[] {
  let ordered = rostersInTieOrder.get(roster);
  if (!ordered) rostersInTieOrder.set(roster, (ordered = tieOrder(roster, (m) => m.displayName)));
  return ordered;
}

/**
 * A league's table of one season (gameweek 0, bonus points included) or of one of its gameweeks
 * (no bonus points: questions belong to the season), worked out in memory from the members
 * (`leagueRoster`) and the season's kept tier counts under the league's scoring, without reading
 * every member's points again after each result (decision 0104). A member without a row in the
 * counts has scored nothing yet.
 */
export function standingsFrom(
  roster: readonly RosterRow[],
  counts: SeasonCounts,
  gameweek: number,
  scoring: Scoring,
): TableRow[] {
  const pointsOf = gameweekPoints(counts, gameweek, scoring);
  const exactOf = gameweekExact(counts, gameweek);
  const withBonus = gameweek === SEASON_TOTAL;
  return rankInTieOrder(
    inTieOrder(roster).map((m) => {
      const bonus = withBonus ? m.bonus : 0;
      return {
        userId: m.userId,
        displayName: m.displayName,
        points: (pointsOf(m.userId) ?? 0) + bonus,
        exact: exactOf(m.userId) ?? 0,
        bonus,
      };
    }),
  );
}

/** Rows whose points were added up elsewhere (the all-seasons table's SQL), in the table's order with its ranks. */
export function rankTable(rows: readonly Omit<TableRow, 'rank' | 'position'>[]): TableRow[] {
  return rankRows(
    rows.map((r) => ({
      userId: r.userId,
      displayName: r.displayName,
      points: r.points,
      exact: r.exact,
      bonus: r.bonus,
      name: r.displayName,
    })),
  ).map(({ name: _, ...r }) => r);
}

/** A member's place in a league: their points, their shared rank and how many members the league has. */
export interface LeaguePlace {
  points: number;
  rank: number;
  members: number;
}

/** A member's place in a kept table, or null when they are not in it. */
export function placeIn(entry: TableEntry, userId: string): LeaguePlace | null {
  const row = entry.byUser.get(userId);
  return row ? { points: row.points, rank: row.rank, members: entry.rows.length } : null;
}

interface PointsAfter {
  counts: SeasonCounts;
  /** Each member's points after the gameweek, by their row's index in the season table. */
  points: Int32Array;
  sortedDesc: Int32Array;
}
/**
 * Per kept season table (replaced, never changed, when what it holds moves): the points after the
 * gameweeks asked most recently, a few of them (two numbers per member each), so the summaries of
 * a whole season asked in turn never hold more than these beside the table.
 */
const afterByTable = new WeakMap<TableEntry, Map<number, PointsAfter>>();
const GAMEWEEKS_KEPT = 8;

/**
 * A member's place in a league's season table as it stood after gameweek `gameweek`: the
 * season's table (its rule, bankers, bonus points, matches without a gameweek) with the points of
 * every later gameweek taken off. After the latest gameweek with results it is the table's own
 * place; the summary of a gameweek shows it, and the dashboard's positions take the place after
 * the gameweek before the latest as the previous one.
 */
export function placeAfter(
  season: TableEntry,
  counts: SeasonCounts,
  gameweek: number,
  userId: string,
): LeaguePlace | null {
  const row = season.byUser.get(userId);
  if (!row) return null;
  let byGameweek = afterByTable.get(season);
  if (!byGameweek) afterByTable.set(season, (byGameweek = new Map()));
  let after = byGameweek.get(gameweek);
  if (after?.counts !== counts) {
    const scoring = scoringOf(season.league);
    const later = [...counts.byGameweek.keys()]
      .filter((g) => g !== SEASON_TOTAL && g > gameweek)
      .map((g) => gameweekPoints(counts, g, scoring));
    const points = Int32Array.from(season.rows, (r) => {
      let p = r.points;
      for (const weekOf of later) p -= weekOf(r.userId) ?? 0;
      return p;
    });
    const sortedDesc = points.slice().sort().reverse();
    after = { counts, points, sortedDesc };
  }
  // Most recently asked last; the oldest goes beyond the few kept.
  byGameweek.delete(gameweek);
  byGameweek.set(gameweek, after);
  if (byGameweek.size > GAMEWEEKS_KEPT) byGameweek.delete(byGameweek.keys().next().value!);
  const points = after.points[row.position - 1]!;
  return { points, rank: rankInSorted(points, after.sortedDesc), members: season.rows.length };
}
