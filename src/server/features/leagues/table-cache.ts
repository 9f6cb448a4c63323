import type { EventBus } from '../../realtime/bus.js';
import type { DB } from '../../db/index.js';
import { getLeague, leagueStandings, type LeagueRow, type TableRow } from './repository.js';

/**
 * Ranked league tables kept in memory, so a page of a big league costs no database work until
 * something changes. An entry is the whole ordered table of one league and one gameweek (0 =
 * season), computed by one query. Every live event under ['leagues'] (results saved, changed or
 * cleared, joins, leaves, renames; on PostgreSQL from every instance through LISTEN/NOTIFY)
 * empties the cache; a short TTL bounds what no event announces (a changed team name).
 */
export interface TableEntry {
  league: LeagueRow;
  rows: TableRow[];
  byUser: Map<string, TableRow>;
}

const TTL_MS = 15_000;
const MAX_ENTRIES = 1_000;

export function createTableCache(db: () => DB, bus: EventBus, now: () => number = () => performance.now()) {
  const entries = new Map<string, { at: number; entry: TableEntry | null }>();
  // Requests arriving while a table is being read share that one read.
  const pending = new Map<string, { generation: number; promise: Promise<TableEntry | null> }>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.keys?.some((k) => k[0] === 'leagues' || k[0] === 'me')) clear();
  });

  async function load(leagueId: string, gameweek: number): Promise<TableEntry | null> {
    const league = await getLeague(db(), leagueId);
    if (!league) return null;
    const rows = await leagueStandings(db(), leagueId, gameweek);
    return { league, rows, byUser: new Map(rows.map((r) => [r.userId, r])) };
  }

  return {
    /** The table, from memory when fresh; `fresh` forces a reload (a member the cache has not seen yet). */
    async get(leagueId: string, gameweek: number, opts: { fresh?: boolean } = {}): Promise<TableEntry | null> {
      const key = `${gameweek}:${leagueId}`;
      const hit = entries.get(key);
      if (hit && !opts.fresh && now() - hit.at < TTL_MS) return hit.entry;
      const inFlight = pending.get(key);
      if (inFlight && inFlight.generation === generation && !opts.fresh) return inFlight.promise;
      const started = generation;
      const promise = load(leagueId, gameweek);
      pending.set(key, { generation: started, promise });
      try {
        const entry = await promise;
        // Only keep it if nothing changed while it was being read.
        if (started === generation) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, { at: now(), entry });
        }
        return entry;
      } finally {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      }
    },
    clear,
    close: unsubscribe,
  };
}
export type TableCache = ReturnType<typeof createTableCache>;
