import { LRUCache } from 'lru-cache';
import type { ChangeType } from '../../../contract/events.js';
import type { EventBus, LiveEvent } from '../../realtime/bus.js';
import type { DB } from '../../db/index.js';
import type { League, TablePage, TableRow as TableRowDto } from '../../../contract/leagues.js';
import {
  getLeague,
  leagueRoster,
  leagueStandings,
  scoringOf,
  type LeagueRow,
  type RosterRow,
  type TableRow,
  type TableScope,
} from './repository.js';
import type { SeasonCounts } from '../statistics/season-counts.js';
import { rankTable, standingsFrom } from './standings.js';
import { presentLeague, presentTableRow } from './presenter.js';
import { freezeKept } from '../../plugins/frozen-values.js';

/**
 * Ranked league tables kept in memory, so a page of a big league costs no database work until
 * something changes. An entry is the whole ordered table of one league in one scope (a season's
 * gameweek, 0 = the season; or all seasons). A season's or gameweek's table is worked out in
 * memory from the season's kept counts and the league's kept roster (standings.ts: a result costs
 * no table query, decision 0104); the all-seasons table is read by one query. Every change that
 * moves what a table reads (TABLES_STALE_ON: points, members, names, bonus points; on PostgreSQL
 * from every instance through LISTEN/NOTIFY) empties the cache, and what moves a roster
 * (ROSTERS_STALE_ON) empties the rosters; a change that names its leagues (`leaguesOfChange`: a
 * rename, a join, a team name) drops only those leagues' entries (decision 0101); a short TTL
 * bounds what no event announces (a script writing beside the server).
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

/**
 * Which changes make a table stale: what it reads is the players' points per season and
 * gameweek, the league's members and details, the players' team names and the bonus points.
 */
export const TABLES_STALE_ON: Record<ChangeType, boolean> = {
  'results.changed': true,
  'fixtures.changed': true,
  'season.created': true,
  // Points are kept per gameweek.
  'gameweeks.changed': true,
  'membership.changed': true,
  'league.changed': true,
  'team-name.changed': true,
  'bonus.settled': true,
  'account.deleted': true,
  'live.resumed': true,
  // Provisional scores are not points (the live table reads them itself).
  'live-score.changed': false,
  // A table names its season: the default one is resolved before the cache is asked.
  'current-season.changed': false,
  // A pick scores nothing until its result is saved.
  'prediction.saved': false,
  'removed-players.changed': false,
  'invites.changed': false,
  'bonus-questions.changed': false,
  'session.changed': false,
  'reminders.changed': false,
  'calendar.changed': false,
  'contact-messages.changed': false,
  'feed.changed': false,
};

/**
 * Which changes move a league's roster (its members in name order and their bonus points,
 * `leagueRoster`): not results, which move only the points the kept counts hold.
 */
export const ROSTERS_STALE_ON: Record<ChangeType, boolean> = {
  ...TABLES_STALE_ON,
  'results.changed': false,
  'fixtures.changed': false,
  'season.created': false,
  'gameweeks.changed': false,
  'live.resumed': false,
};

/**
 * The leagues a change is about (its `leagueIds`, or a settlement's league), when it names them:
 * a stale table of another league stays kept (decision 0101). Null: any league may have moved.
 */
export function leaguesOfChange(event: LiveEvent): readonly string[] | null {
  if (event.leagueIds) return event.leagueIds;
  if (
    event.type === 'bonus.settled' ||
    event.type === 'removed-players.changed' ||
    event.type === 'bonus-questions.changed'
  )
    return event.leagueId === null ? null : [event.leagueId];
  return null;
}

/** A kept key's league: every key ends with it (`…:leagueId`). */
const leagueOfKey = (key: string) => key.slice(key.lastIndexOf(':') + 1);
/** Leagues dropped one by one before everything is dropped at once (bounds the generations kept per league). */
const LEAGUE_DROPS_MAX = 10_000;

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
 * Values read once and kept by key, bounded by bytes, least recently used first, each for `ttlMs`.
 * Requests arriving while a value is being read share that one read; a read under way when
 * `clear` is called is answered but not kept. A value bigger than a quarter of the budget is
 * served but not kept, so one giant league cannot evict every other.
 */
function keptReads<T>(now: () => number, ttlMs: number, maxBytes: number, size: (value: T) => number) {
  const entries = new LRUCache<string, { at: number; value: T }>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (kept, key) => size(kept.value) + key.length * 2,
  });
  const pending = new Map<string, { generation: number; promise: Promise<T> }>();
  let generation = 0;
  /** Per league, how often its entries were dropped alone: a read that began before is not kept. */
  const leagueGenerations = new Map<string, number>();
  const clear = () => {
    generation++;
    leagueGenerations.clear();
    entries.clear();
  };
  return {
    /** The value, from memory when fresh; `fresh` reads it again. */
    async get(key: string, read: () => Promise<T>, fresh = false): Promise<T> {
      if (!fresh) {
        const hit = entries.get(key);
        if (hit && now() - hit.at < ttlMs) return hit.value;
        const inFlight = pending.get(key);
        if (inFlight && inFlight.generation === generation) return inFlight.promise;
      }
      const started = generation;
      const league = leagueOfKey(key);
      const startedInLeague = leagueGenerations.get(league) ?? 0;
      const promise = read();
      pending.set(key, { generation: started, promise });
      try {
        const value = await promise;
        // Only keep it if nothing changed while it was being read.
        if (started === generation && startedInLeague === (leagueGenerations.get(league) ?? 0))
          entries.set(key, { at: now(), value });
        return value;
      } finally {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      }
    },
    clear,
    /** Drops one league's entries (and keeps no read of them under way). */
    dropLeague(leagueId: string) {
      if (leagueGenerations.size >= LEAGUE_DROPS_MAX) return clear();
      leagueGenerations.set(leagueId, (leagueGenerations.get(leagueId) ?? 0) + 1);
      for (const [key, p] of pending) if (leagueOfKey(key) === leagueId) p.generation = -1;
      for (const key of [...entries.keys()]) if (leagueOfKey(key) === leagueId) entries.delete(key);
    },
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}

/**
 * `counts` gives a season's kept tier counts as a league sees them (its knockout rule:
 * extra-time-counts.ts `leagueCounts`, over statistics/service.ts `seasonCounts`, which follows
 * the results itself): a season's and a gameweek's tables are worked out from them and a kept
 * roster (standings.ts), so a result costs no table query; the all-seasons table is read in SQL.
 */
export function createTableCache(
  db: () => DB,
  bus: EventBus,
  counts: (seasonId: string, league: LeagueRow) => Promise<SeasonCounts>,
  opts: { maxBytes?: number; now?: () => number } = {},
) {
  const now = opts.now ?? (() => performance.now());
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // The default budget keeps the largest leagues' tables and rosters with room for many smaller ones.
  const tables = keptReads<TableEntry | null>(now, TTL_MS, maxBytes, estimateBytes);
  const rosters = keptReads<RosterRow[]>(now, ROSTER_TTL_MS, Math.floor(maxBytes / 4), rosterBytes);
  const unsubscribe = bus.subscribe((event) => {
    const leagues = leaguesOfChange(event);
    for (const [stale, kept] of [
      [TABLES_STALE_ON[event.type], tables],
      [ROSTERS_STALE_ON[event.type], rosters],
    ] as const) {
      if (!stale) continue;
      if (leagues) for (const id of leagues) kept.dropLeague(id);
      else kept.clear();
    }
  });

  async function load(leagueId: string, scope: TableScope, fresh: boolean): Promise<TableEntry | null> {
    // A league that is gone costs one read and keeps no roster.
    const league = await getLeague(db(), leagueId);
    if (!league) return null;
    // The SQL adds up every season; the order and ranks are the one rule's (standings.ts), never the collation's.
    if (scope === 'all') return tableEntry(league, rankTable(await leagueStandings(db(), leagueId, scope)));
    const [roster, seasonCounts] = await Promise.all([
      rosters.get(`${scope.seasonId}:${leagueId}`, () => leagueRoster(db(), leagueId, scope.seasonId), fresh),
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
      return tables.get(keyOf(leagueId, scope), () => load(leagueId, scope, fresh), fresh);
    },
    /** Drops the tables after points moved without an event; the rosters stay (no result moves them). */
    pointsMoved: tables.clear,
    close: unsubscribe,
    /** Entries and estimated bytes held (for tests of the bound). */
    stats: tables.stats,
    rosterStats: rosters.stats,
  };
}
export type TableCache = ReturnType<typeof createTableCache>;
