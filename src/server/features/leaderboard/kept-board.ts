import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { onChange, type ChangeHandlers } from '../../../contract/events.js';
import { rankRows, type Ranked } from '../../../game/ranking.js';
import type { EventBus, LiveEvent } from '../../realtime/bus.js';
import { playerCache } from '../statistics/player-cache.js';
import { leaderboardRows, type LeaderboardEntry } from './repository.js';

/**
 * The overall leaderboard of one season (or gameweek), ranked once by the one standings rule
 * (src/game/ranking.ts `rankRows`: points, shared ranks, then the name's key and the id by code
 * point; decision 0102) and kept, so a page, "Find me" and the viewer's row are slices and look-ups
 * of one kept list: no request sorts the players, and no database collation orders a tie.
 *
 * A board is read again (one query bounded by the points table's key prefix, ranked in memory) only
 * after a change that moves what it reads (BOARD_STALE_ON: points, names, accounts; on PostgreSQL
 * from every instance), or after results written without an event (the player cache's results
 * fingerprint, followed before every read). A short TTL bounds what nothing announces (a script
 * renaming a player). Bounded by bytes, least recently used first.
 */
export interface KeptBoard {
  rows: Ranked<LeaderboardEntry>[];
  /** Each player's index in `rows`. */
  indexOf: Map<string, number>;
}

/** Which changes move a board: the players' points per season and gameweek, their names, their accounts. */
export const BOARD_STALE_ON: ChangeHandlers<boolean> = {
  'results.changed': () => true,
  'fixtures.changed': () => true,
  'season.created': () => true,
  // Points are kept per gameweek.
  'gameweeks.changed': () => true,
  'team-name.changed': () => true,
  'account.deleted': () => true,
  // Missed events while the listener was away.
  'live.resumed': () => true,
  // Provisional scores are not points.
  'live-score.changed': () => false,
  // A board names its season: the default one is resolved before the board is asked.
  'current-season.changed': () => false,
  // A pick scores nothing until its result is saved.
  'prediction.saved': () => false,
  'membership.changed': () => false,
  'league.changed': () => false,
  'removed-players.changed': () => false,
  'invites.changed': () => false,
  'bonus-questions.changed': () => false,
  'bonus.settled': () => false,
  'session.changed': () => false,
  'reminders.changed': () => false,
  'calendar.changed': () => false,
  'contact-messages.changed': () => false,
  'feed.changed': () => false,
};

const TTL_MS = 15_000;
const MAX_BYTES = 32 * 1024 * 1024;

/** Bytes a board holds, roughly: per row its object, the map's entry and its strings. */
function boardBytes(board: KeptBoard): number {
  let bytes = 256;
  for (const r of board.rows) bytes += 200 + (r.userId.length + r.displayName.length) * 2;
  return bytes;
}

export function rankBoard(entries: readonly LeaderboardEntry[]): KeptBoard {
  const rows = rankRows(entries.map((e) => ({ ...e, name: e.displayName }))).map(
    ({ name: _name, ...row }): Ranked<LeaderboardEntry> => row,
  );
  return { rows, indexOf: new Map(rows.map((r, i) => [r.userId, i])) };
}

export function createBoardCache(read: (scope: { seasonId: string; gameweek: number }) => Promise<LeaderboardEntry[]>) {
  const entries = new LRUCache<string, KeptBoard>({
    maxSize: MAX_BYTES,
    // One board larger than a quarter of the budget is served but not kept.
    maxEntrySize: Math.floor(MAX_BYTES / 4),
    sizeCalculation: boardBytes,
    ttl: TTL_MS,
  });
  const pending = new Map<string, { generation: number; promise: Promise<KeptBoard> }>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
    pending.clear();
  };
  return {
    /** The ranked board of a season (gameweek 0) or gameweek: kept, or read and ranked once for every request waiting on it. */
    async get(scope: { seasonId: string; gameweek: number }): Promise<KeptBoard> {
      const key = `${scope.gameweek}:${scope.seasonId}`;
      const hit = entries.get(key);
      if (hit) return hit;
      const inFlight = pending.get(key);
      if (inFlight && inFlight.generation === generation) return inFlight.promise;
      const started = generation;
      const promise = read(scope).then(rankBoard);
      pending.set(key, { generation: started, promise });
      try {
        const board = await promise;
        // A board read while something changed is answered but not kept.
        if (started === generation) entries.set(key, board);
        return board;
      } finally {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      }
    },
    onEvent(event: LiveEvent) {
      if (onChange(BOARD_STALE_ON, event)) clear();
    },
    clear,
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}
export type BoardCache = ReturnType<typeof createBoardCache>;

const perApp = new WeakMap<EventBus, BoardCache>();

/** The app's one kept leaderboard, made on first use; it follows the results as the player cache does. */
export function keptBoard(app: FastifyInstance): { get: BoardCache['get'] } {
  const { bus } = app.deps;
  const results = playerCache(app);
  let cache = perApp.get(bus);
  if (!cache) {
    const made = createBoardCache((scope) => leaderboardRows(app.deps.db, scope));
    const unsubscribe = bus.subscribe((e) => made.onEvent(e));
    const unfollow = results.onResultsMoved(made.clear);
    perApp.set(bus, made);
    app.addHook('onClose', async () => {
      unsubscribe();
      unfollow();
      perApp.delete(bus);
    });
    cache = made;
  }
  const kept = cache;
  return {
    async get(scope) {
      // Results written beside the server (another process, a script) are seen before a kept board is served.
      const check = results.checkResults();
      if (check) await check;
      return kept.get(scope);
    },
  };
}
