import { tag, type ReadModel, type Tag } from '../../read-model/index.js';
import type { DB } from '../../db/index.js';
import type { League, TablePage, TableRow as TableRowDto } from '../../../contract/leagues.js';
import {
  getLeague,
  leagueRoster,
  scoringOf,
  type LeagueRow,
  type RosterRow,
  type TableRow,
  type TableScope,
} from './repository.js';
import type { SeasonCounts } from '../../points/season-counts.js';
import { allSeasonsRows } from './all-seasons-table.js';
import { rankTable, standingsFrom } from './standings.js';
import { presentLeague, presentTableRow } from './presenter.js';
import { freezeKept } from '../../plugins/frozen-values.js';

/**
 * Ranked league tables kept in memory, so a page of a big league costs no database work until
 * something changes. An entry is the whole ordered table of one league in one scope (a season's
 * gameweek, 0 = the season; or all seasons). A season's or gameweek's table is worked out in
 * memory from the season's kept counts and the league's kept roster (standings.ts: a result costs
 * no table query, decision 0104); the all-seasons table is read by one query. Both are kept in the
 * read model with the tags of what they read (`tableTags`, `rosterTags`: the league's members and
 * their names, its rule, its bonus points, and the points of the season or of the one gameweek),
 * so a change touches only the leagues it names (decision 0101) and a result only its gameweek's
 * tables and the season's (decision 0113); a short lifetime bounds what no change announces (a
 * script writing beside the server).
 *
 * The cache is bounded by bytes (an estimate of each table's size), least recently used first,
 * so no number or size of leagues can make it outgrow its budget (limits in security/limits.ts).
 */
export interface TableEntry {
  league: LeagueRow;
  rows: TableRow[];
  byUser: Map<string, TableRow>;
  /** Each row as a page shows it (the presenter's `tableRowDto`) to a viewer other than its player: presented once per table. */
  shownRows: TableRowDto[];
  /** The league as a page shows it (`leagueDto`) to its creator and to the other members. */
  shownLeague: { creator: League; member: League };
}

/** Where a page is and what it ranks: `tablePageDto` besides the league and the rows. */
export interface PagePlace {
  season: string;
  gameweek: number | null;
  page: number;
  pageSize: number;
}

/**
 * A page of the table as the viewer sees it (contract `tablePageDto`): the rows presented once for
 * the entry, the viewer's own row marked as theirs, on the page and in `viewer`.
 */
export function tablePage(entry: TableEntry, place: PagePlace, viewer: TableRow): TablePage {
  const offset = (place.page - 1) * place.pageSize;
  const own = presentTableRow(viewer, entry.league.creatorId, viewer.userId);
  const rows = entry.shownRows.slice(offset, offset + place.pageSize);
  // Positions are 1-based and in order: the viewer's row is on this page only if their position falls in it.
  const at = viewer.position - 1 - offset;
  if (at >= 0 && at < rows.length) rows[at] = own;
  return {
    league: entry.league.creatorId === viewer.userId ? entry.shownLeague.creator : entry.shownLeague.member,
    season: place.season,
    gameweek: place.gameweek,
    page: place.page,
    pageSize: place.pageSize,
    total: entry.rows.length,
    rows,
    viewer: own,
  };
}

/** The entry for a table just read: its rows and its league presented once. */
export function tableEntry(league: LeagueRow, rows: TableRow[]): TableEntry {
  const summary = { ...league, memberCount: rows.length, isMember: 1 };
  return {
    league,
    rows,
    byUser: new Map(rows.map((r) => [r.userId, r])),
    // Frozen: shown as they are on every page, their text is written once (decision 0114).
    shownRows: freezeKept(rows.map((r) => presentTableRow(r, league.creatorId, ''))),
    shownLeague: freezeKept({ creator: presentLeague(summary, league.creatorId), member: presentLeague(summary, '') }),
  };
}

/** What a table of a league in a scope depends on: the league, its members and bonus points, and the points it ranks. */
export function tableTags(leagueId: string, scope: TableScope): Tag[] {
  const league = [tag.leagueMembers(leagueId), tag.leagueRule(leagueId), tag.leagueBonus(leagueId)];
  if (scope === 'all') return [...league, tag.every('season-points')];
  const points = scope.gameweek === 0 ? tag.seasonPoints(scope.seasonId) : tag.gameweek(scope.seasonId, scope.gameweek);
  return [...league, points, tag.seasonSchedule(scope.seasonId)];
}

/** What a roster depends on (its members in name order and their bonus points): not results, which move only the counts. */
export const rosterTags = (leagueId: string): Tag[] => [tag.leagueMembers(leagueId), tag.leagueBonus(leagueId)];

/** A presented row's own object (its strings are the row's, counted once). */
const SHOWN_ROW_BYTES = 120;
/**
 * A row's JSON text, once a page has shown it (table-text.ts): its keys and numbers, about 130
 * one-byte characters, plus its id and name, and the string's own header.
 */
const ROW_TEXT_BYTES = 160;
const TTL_MS = 15_000;
/**
 * A roster is kept longer: no result moves it, and every change that does is announced. The TTL
 * bounds only what a script writes beside the server, as the player cache's does.
 */
const ROSTER_TTL_MS = 60_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

const stringBytes = (o: object) =>
  Object.values(o).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length * 2 : 8), 0);

/** Bytes an entry holds, roughly: every string's UTF-16 length plus a per-object overhead. */
function estimateBytes(entry: TableEntry | null): number {
  if (!entry) return 64;
  let bytes = 256 + stringBytes(entry.league) + 2 * (200 + stringBytes(entry.shownLeague.creator));
  // Each row is held twice (the ordered list and the by-user map), but its strings only once; then
  // presented once, and written as text once: a text copies the row's strings (counted again) and adds its own.
  for (let i = 0; i < entry.rows.length; i++) {
    const strings = stringBytes(entry.rows[i]!);
    bytes += 200 + strings + SHOWN_ROW_BYTES + strings + ROW_TEXT_BYTES;
  }
  return bytes;
}

function rosterBytes(roster: readonly RosterRow[]): number {
  let bytes = 64;
  for (const r of roster) bytes += 80 + stringBytes(r);
  return bytes;
}

/**
 * `counts` gives a season's kept tier counts as a league sees them (its knockout rule:
 * extra-time-counts.ts `leagueCounts`, over statistics/service.ts `seasonCounts`, which follows
 * the results itself): a season's and a gameweek's tables are worked out from them and a kept
 * roster (standings.ts), so a result costs no table query; the all-seasons table is read in SQL
 * (all-seasons-table.ts).
 */
export function createTableCache(
  db: () => DB,
  readModel: ReadModel,
  counts: (seasonId: string, league: LeagueRow) => Promise<SeasonCounts>,
  opts: { maxBytes?: number; now?: () => number } = {},
) {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const clock = opts.now ? { now: opts.now } : {};
  // The default budget keeps the largest leagues' tables and rosters with room for many smaller ones.
  const tables = readModel.shelf<TableEntry | null>('league-tables', {
    ttlMs: TTL_MS,
    maxBytes,
    bytes: estimateBytes,
    ...clock,
  });
  const rosters = readModel.shelf<RosterRow[]>('league-rosters', {
    ttlMs: ROSTER_TTL_MS,
    maxBytes: Math.floor(maxBytes / 4),
    bytes: rosterBytes,
    ...clock,
  });

  async function load(leagueId: string, scope: TableScope, fresh: boolean): Promise<TableEntry | null> {
    // A league that is gone costs one read and keeps no roster.
    const league = await getLeague(db(), leagueId);
    if (!league) return null;
    // The SQL adds up every season; the order and ranks are the one rule's (standings.ts), never the collation's.
    if (scope === 'all') return tableEntry(league, rankTable(await allSeasonsRows(db(), league)));
    const [roster, seasonCounts] = await Promise.all([
      rosters.get(
        `${scope.seasonId}:${leagueId}`,
        rosterTags(leagueId),
        () => leagueRoster(db(), leagueId, scope.seasonId),
        { fresh },
      ),
      counts(scope.seasonId, league),
    ]);
    return tableEntry(league, standingsFrom(roster, seasonCounts, scope.gameweek, scoringOf(league)));
  }

  const keyOf = (leagueId: string, scope: TableScope) =>
    `${scope === 'all' ? 'all' : `${scope.seasonId}:${scope.gameweek}`}:${leagueId}`;
  return {
    /** The table, from memory when fresh; `fresh` forces a reload (a member the cache has not seen yet). */
    get(leagueId: string, scope: TableScope, getOpts: { fresh?: boolean } = {}): Promise<TableEntry | null> {
      const fresh = getOpts.fresh ?? false;
      return tables.get(keyOf(leagueId, scope), tableTags(leagueId, scope), () => load(leagueId, scope, fresh), {
        fresh,
      });
    },
    /** Entries and estimated bytes held (for tests of the bound). */
    stats: tables.stats,
    rosterStats: rosters.stats,
  };
}
export type TableCache = ReturnType<typeof createTableCache>;
