import { LRUCache } from 'lru-cache';
import type { EventBus } from '../../realtime/bus.js';
import type { DB } from '../../db/index.js';
import { getLeague, leagueStandings, type LeagueRow, type TableRow, type TableScope } from './repository.js';
import { presentLeague, presentTableRow } from './presenter.js';
import { SESSION_CHANGED } from '../../auth/session-cache.js';

/**
 * Ranked league tables kept in memory, so a page of a big league costs no database work until
 * something changes. An entry is the whole ordered table of one league in one scope (a season's
 * gameweek, 0 = the season; or all seasons), computed by one query. Every live event under ['leagues'] (results saved, changed or
 * cleared, joins, leaves, renames; on PostgreSQL from every instance through LISTEN/NOTIFY)
 * empties the cache; a short TTL bounds what no event announces (a changed team name).
 *
 * The cache is bounded by bytes (an estimate of each table's size), least recently used first,
 * so no number or size of leagues can make it outgrow its budget (issue 11 item 3).
 */
export interface TableEntry {
  league: LeagueRow;
  rows: TableRow[];
  byUser: Map<string, TableRow>;
  /**
   * Each row serialised once, as the wire has it (contract `tableRowDto`) with `isViewer` false;
   * a page is a slice of these joined, the viewer's own row re-serialised (issue 15).
   */
  rowJson: string[];
  /** The league as the page shows it (contract `leagueDto`), serialised once for its creator and once for other members. */
  leagueJson: { creator: string; member: string };
  /** The `start` of pages already answered to a viewer not on them (pageBody), by `pageKey`; bounded by `PAGES_MAX` and `pageAllowance`. */
  pages: Map<number, Buffer>;
  /** Each viewer's `end` of a page (their own row, marked, and the closing brace) once asked for, by user id: at most one per row. */
  ends: Map<string, Buffer>;
  /** Bytes held in `pages`; characters in `rowJson`. */
  pageChars: number;
  rowChars: number;
}

/** A row on the wire (contract/leagues.ts `tableRowDto`, via the presenter), as JSON. */
export const tableRowJson = (row: TableRow, creatorId: string, viewerId: string) => JSON.stringify(presentTableRow(row, creatorId, viewerId));

const NOT_VIEWER = '"isViewer":false}';
const IS_VIEWER = '"isViewer":true}';

/**
 * The viewer's own row as JSON: their serialised row with the viewer mark set. The presenter's
 * object ends with `isViewer`, so the mark is the text's end; should that ever change, the row is
 * serialised anew (table-page.test.ts compares every page with the presenter's).
 */
export function viewerRowJson(entry: TableEntry, viewer: TableRow): string {
  const json = entry.rowJson[viewer.position - 1];
  if (json !== undefined && json.endsWith(NOT_VIEWER)) return json.slice(0, -NOT_VIEWER.length) + IS_VIEWER;
  return tableRowJson(viewer, entry.league.creatorId, viewer.userId);
}

const PAGES_MAX = 32;
/** Bytes of pages one table keeps: a few pages of the biggest page size. */
const PAGE_BYTES_MAX = 256 * 1024;

/** Bytes of pages an entry may keep: as much as its rows, at most PAGE_BYTES_MAX. */
const pageAllowance = (entry: TableEntry) => Math.min(entry.rowChars, PAGE_BYTES_MAX);

/** The most rows a table page holds (the route's schema refuses more); pageKey depends on it. */
export const TABLE_PAGE_SIZE_MAX = 100;

/**
 * A page's key within its entry: the entry is one table in one scope, so the season and gameweek
 * of its pages are the entry's own; what remains is the place and the kind of viewer. A number,
 * so looking a page up builds and hashes no string (issue 15: the hottest request). Distinct for
 * every offset, size up to TABLE_PAGE_SIZE_MAX and kind: `pageSize * 2 + isCreator` stays below
 * the stride. Offsets are at most the route's last page times its largest size (10^7), far inside
 * a double's exact integers.
 */
const PAGE_KEY_STRIDE = (TABLE_PAGE_SIZE_MAX + 1) * 2;
export const pageKey = (offset: number, pageSize: number, isCreator: boolean) => offset * PAGE_KEY_STRIDE + pageSize * 2 + (isCreator ? 1 : 0);

/** What a page answers besides its rows: the league seen by this viewer and the page's place (contract `tablePageDto`). */
export interface PagePlace {
  season: string;
  gameweek: number | null;
  page: number;
  pageSize: number;
}

/**
 * A page's answer in two parts: `start`, the UTF-8 bytes of everything up to the viewer's own
 * row (the league, the place, the rows), and `end`, that row and the closing brace. The same
 * `start` serves every viewer who is not on the page, so it is put together once and kept on the
 * entry; a viewer on the page gets theirs marked (issue 15: a cached page costs no serialising,
 * encoding or copying of its rows).
 */
export function pageBody(entry: TableEntry, place: PagePlace, viewer: TableRow): { start: Buffer; end: Buffer } {
  const offset = (place.page - 1) * place.pageSize;
  const isCreator = entry.league.creatorId === viewer.userId;
  let end = entry.ends.get(viewer.userId);
  if (end === undefined) {
    end = Buffer.from(`${viewerRowJson(entry, viewer)}}`, 'utf8');
    entry.ends.set(viewer.userId, end);
  }
  // Positions are 1-based and in order: the viewer is on this page only if their position falls in it.
  const onPage = viewer.position > offset && viewer.position <= offset + place.pageSize;
  const key = pageKey(offset, place.pageSize, isCreator);
  if (!onPage) {
    const kept = entry.pages.get(key);
    if (kept !== undefined) return { start: kept, end };
  }
  const rows: string[] = [];
  for (let i = offset; i < Math.min(entry.rows.length, offset + place.pageSize); i++) {
    rows.push(entry.rows[i]!.userId === viewer.userId ? viewerRowJson(entry, viewer) : entry.rowJson[i]!);
  }
  const start = Buffer.from(
    `{"league":${isCreator ? entry.leagueJson.creator : entry.leagueJson.member},"season":${JSON.stringify(place.season)},"gameweek":${place.gameweek},` +
      `"page":${place.page},"pageSize":${place.pageSize},"total":${entry.rows.length},"rows":[${rows.join(',')}],"viewer":`,
    'utf8',
  );
  // Kept within the allowance the cache's byte estimate counted for pages (pageAllowance).
  if (!onPage && entry.pages.size < PAGES_MAX && entry.pageChars + start.length <= pageAllowance(entry)) {
    entry.pages.set(key, start);
    entry.pageChars += start.length;
  }
  return { start, end };
}

/** The entry for a table just read: rows serialised once, the league for both kinds of viewer. */
export function tableEntry(league: LeagueRow, rows: TableRow[]): TableEntry {
  const rowJson = rows.map((r) => tableRowJson(r, league.creatorId, ''));
  const summary = { ...league, memberCount: rows.length, isMember: 1 };
  return {
    league,
    rows,
    byUser: new Map(rows.map((r) => [r.userId, r])),
    rowJson,
    leagueJson: { creator: JSON.stringify(presentLeague(summary, league.creatorId)), member: JSON.stringify(presentLeague(summary, '')) },
    pages: new Map(),
    ends: new Map(),
    pageChars: 0,
    rowChars: rowJson.reduce((n, j) => n + j.length, 0),
  };
}

/** A kept Buffer's own object and its map entry, roughly (its bytes are counted apart). */
const END_OVERHEAD = 160;
const TTL_MS = 15_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes an entry holds, roughly: every string's UTF-16 length plus a per-object overhead. */
function estimateBytes(entry: TableEntry | null): number {
  const strings = (o: object) => Object.values(o).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length * 2 : 8), 0);
  if (!entry) return 64;
  let bytes = 256 + strings(entry.league);
  // Each row is held twice (the ordered list and the by-user map), but its strings only once; plus its JSON,
  // the joined pages' allowance and the league's two forms.
  for (let i = 0; i < entry.rows.length; i++) bytes += 200 + strings(entry.rows[i]!);
  // Every member's page end, as if all had asked: the row's bytes, a brace and a Buffer with its map entry.
  const ends = entry.rowChars + entry.rows.length * (1 + END_OVERHEAD);
  return bytes + (entry.rowChars + pageAllowance(entry) + entry.leagueJson.creator.length * 2) * 2 + ends;
}

export function createTableCache(db: () => DB, bus: EventBus, opts: { maxBytes?: number; now?: () => number } = {}) {
  const now = opts.now ?? (() => performance.now());
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // A table bigger than a quarter of the budget is served but not kept, so one giant league cannot
  // evict every other (the default budget keeps a league of 10,000 members: about 7 MB).
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
    // A sign-out changes no table (its ['me'] key is for the player's own tabs).
    if (event.type !== SESSION_CHANGED && event.keys?.some((k) => k[0] === 'leagues' || k[0] === 'me')) clear();
  });

  async function load(leagueId: string, scope: TableScope): Promise<TableEntry | null> {
    const league = await getLeague(db(), leagueId);
    if (!league) return null;
    return tableEntry(league, await leagueStandings(db(), leagueId, scope));
  }

  const keyOf = (leagueId: string, scope: TableScope) => `${scope === 'all' ? 'all' : `${scope.seasonId}:${scope.gameweek}`}:${leagueId}`;
  /**
   * The table when memory holds it fresh (null: no such league), undefined when it must be read
   * (call `get`). Without a promise: a cached page is the hottest request (issue 15).
   */
  const held = (leagueId: string, scope: TableScope): TableEntry | null | undefined => {
    const hit = entries.get(keyOf(leagueId, scope));
    return hit && now() - hit.at < TTL_MS ? hit.entry : undefined;
  };
  return {
    held,
    /** The table, from memory when fresh; `fresh` forces a reload (a member the cache has not seen yet). */
    async get(leagueId: string, scope: TableScope, getOpts: { fresh?: boolean } = {}): Promise<TableEntry | null> {
      if (!getOpts.fresh) {
        const kept = held(leagueId, scope);
        if (kept !== undefined) return kept;
      }
      const key = keyOf(leagueId, scope);
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
