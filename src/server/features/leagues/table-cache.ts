import { LRUCache } from 'lru-cache';
import type { ChangeType } from '../../../contract/events.js';
import type { EventBus } from '../../realtime/bus.js';
import type { DB } from '../../db/index.js';
import type { League, TablePage, TableRow as TableRowDto } from '../../../contract/leagues.js';
import { getLeague, leagueStandings, type LeagueRow, type TableRow, type TableScope } from './repository.js';
import { presentLeague, presentTableRow } from './presenter.js';

/**
 * Ranked league tables kept in memory, so a page of a big league costs no database work until
 * something changes. An entry is the whole ordered table of one league in one scope (a season's
 * gameweek, 0 = the season; or all seasons), computed by one query. Every change that moves what a
 * table reads (TABLES_STALE_ON: points, members, names, bonus points; on PostgreSQL from every
 * instance through LISTEN/NOTIFY) empties the cache; a short TTL bounds what no event announces
 * (a script writing beside the server).
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
    shownRows: rows.map((r) => presentTableRow(r, league.creatorId, '')),
    shownLeague: { creator: presentLeague(summary, league.creatorId), member: presentLeague(summary, '') },
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

/** A presented row's own object (its strings are the row's, counted once). */
const SHOWN_ROW_BYTES = 120;
const TTL_MS = 15_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes an entry holds, roughly: every string's UTF-16 length plus a per-object overhead. */
function estimateBytes(entry: TableEntry | null): number {
  const strings = (o: object) =>
    Object.values(o).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length * 2 : 8), 0);
  if (!entry) return 64;
  let bytes = 256 + strings(entry.league) + 2 * (200 + strings(entry.shownLeague.creator));
  // Each row is held twice (the ordered list and the by-user map), but its strings only once; then presented once.
  for (let i = 0; i < entry.rows.length; i++) bytes += 200 + strings(entry.rows[i]!) + SHOWN_ROW_BYTES;
  return bytes;
}

export function createTableCache(db: () => DB, bus: EventBus, opts: { maxBytes?: number; now?: () => number } = {}) {
  const now = opts.now ?? (() => performance.now());
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // A table bigger than a quarter of the budget is served but not kept, so one giant league cannot
  // evict every other (the default budget keeps a league of 10,000 members: about 5 MB).
  const entries = new LRUCache<string, { at: number; entry: TableEntry | null }>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (value, key) => estimateBytes(value.entry) + key.length * 2,
  });
  // Requests arriving while a table is being read share that one read.
  const pending = new Map<string, { generation: number; promise: Promise<TableEntry | null> }>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  const unsubscribe = bus.subscribe((event) => {
    if (TABLES_STALE_ON[event.type]) clear();
  });

  async function load(leagueId: string, scope: TableScope): Promise<TableEntry | null> {
    const league = await getLeague(db(), leagueId);
    if (!league) return null;
    return tableEntry(league, await leagueStandings(db(), leagueId, scope));
  }

  const keyOf = (leagueId: string, scope: TableScope) =>
    `${scope === 'all' ? 'all' : `${scope.seasonId}:${scope.gameweek}`}:${leagueId}`;
  return {
    /** The table, from memory when fresh; `fresh` forces a reload (a member the cache has not seen yet). */
    async get(leagueId: string, scope: TableScope, getOpts: { fresh?: boolean } = {}): Promise<TableEntry | null> {
      const key = keyOf(leagueId, scope);
      if (!getOpts.fresh) {
        const hit = entries.get(key);
        if (hit && now() - hit.at < TTL_MS) return hit.entry;
      }
      const inFlight = pending.get(key);
      if (inFlight && inFlight.generation === generation && !getOpts.fresh) return inFlight.promise;
      const started = generation;
      const promise = load(leagueId, scope);
      pending.set(key, { generation: started, promise });
      try {
        const entry = await promise;
        // Only keep it if nothing changed while it was being read.
        if (started === generation) entries.set(key, { at: now(), entry });
        return entry;
      } finally {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      }
    },
    clear,
    close: unsubscribe,
    /** Entries and estimated bytes held (for tests of the bound). */
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}
export type TableCache = ReturnType<typeof createTableCache>;
