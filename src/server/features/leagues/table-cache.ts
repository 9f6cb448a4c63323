import { LRUCache } from 'lru-cache';
import type { EventBus } from '../../realtime/bus.js';
import type { DB } from '../../db/index.js';
import { getLeague, leagueStandings, type LeagueRow, type TableRow, type TableScope } from './repository.js';
import { presentTableRow } from './presenter.js';
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
}

/** A row on the wire (contract/leagues.ts `tableRowDto`, via the presenter), as JSON. */
export const tableRowJson = (row: TableRow, creatorId: string, viewerId: string) => JSON.stringify(presentTableRow(row, creatorId, viewerId));

/** The JSON array of rows `offset`…`offset + size` of a table, the viewer's row marked. */
export function pageRowsJson(entry: TableEntry, offset: number, size: number, viewerId: string): string {
  const end = Math.min(entry.rows.length, offset + size);
  const parts: string[] = [];
  for (let i = offset; i < end; i++) {
    const row = entry.rows[i]!;
    parts.push(row.userId === viewerId ? tableRowJson(row, entry.league.creatorId, viewerId) : entry.rowJson[i]!);
  }
  return `[${parts.join(',')}]`;
}

const TTL_MS = 15_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes an entry holds, roughly: every string's UTF-16 length plus a per-object overhead. */
function estimateBytes(entry: TableEntry | null): number {
  const strings = (o: object) => Object.values(o).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length * 2 : 8), 0);
  if (!entry) return 64;
  let bytes = 256 + strings(entry.league);
  // Each row is held twice (the ordered list and the by-user map), but its strings only once; plus its JSON.
  for (let i = 0; i < entry.rows.length; i++) bytes += 200 + strings(entry.rows[i]!) + (entry.rowJson[i]?.length ?? 0) * 2;
  return bytes;
}

export function createTableCache(db: () => DB, bus: EventBus, opts: { maxBytes?: number; now?: () => number } = {}) {
  const now = opts.now ?? (() => performance.now());
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // A table bigger than a tenth of the budget is served but not kept, so one giant league cannot evict every other.
  const entries = new LRUCache<string, { at: number; entry: TableEntry | null }>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
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
    const rows = await leagueStandings(db(), leagueId, scope);
    return { league, rows, byUser: new Map(rows.map((r) => [r.userId, r])), rowJson: rows.map((r) => tableRowJson(r, league.creatorId, '')) };
  }

  return {
    /** The table, from memory when fresh; `fresh` forces a reload (a member the cache has not seen yet). */
    async get(leagueId: string, scope: TableScope, getOpts: { fresh?: boolean } = {}): Promise<TableEntry | null> {
      const key = `${scope === 'all' ? 'all' : `${scope.seasonId}:${scope.gameweek}`}:${leagueId}`;
      const hit = entries.get(key);
      if (hit && !getOpts.fresh && now() - hit.at < TTL_MS) return hit.entry;
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
