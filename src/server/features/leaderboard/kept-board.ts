import type { FastifyInstance } from 'fastify';
import { rankRows, type Ranked } from '../../../game/ranking.js';
import { tag, type ReadModel, type Shelf, type Tag } from '../../read-model/index.js';
import { leaderboardRows, type LeaderboardEntry } from './repository.js';

/**
 * The overall leaderboard of one season (or gameweek), ranked once by the one standings rule
 * (src/game/ranking.ts `rankRows`: points, shared ranks, then the name's key and the id by code
 * point; decision 0102) and kept, so a page, "Find me" and the viewer's row are slices and look-ups
 * of one kept list: no request sorts the players, and no database collation orders a tie.
 *
 * Kept in the read model with the tags of what it reads (the season's points, or the one
 * gameweek's; the players' names and accounts): a board is read again (one query bounded by the
 * points table's key prefix, ranked in memory) only after a change touches them, or results written
 * without an event (the read model looks for them itself). A short lifetime bounds what nothing
 * announces (a script renaming a player). Bounded by bytes, least recently used first.
 */
export interface KeptBoard {
  rows: Ranked<LeaderboardEntry>[];
  /** Each player's index in `rows`. */
  indexOf: Map<string, number>;
}

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

/** What a board depends on: the points it ranks and the players' names. */
export const boardTags = (scope: { seasonId: string; gameweek: number }): Tag[] => [
  scope.gameweek === 0 ? tag.seasonPoints(scope.seasonId) : tag.gameweek(scope.seasonId, scope.gameweek),
  tag.seasonSchedule(scope.seasonId),
  tag.players(),
];

type Scope = { seasonId: string; gameweek: number };
const perApp = new WeakMap<ReadModel, Shelf<KeptBoard>>();

/** The app's one kept leaderboard (its shelf of the read model, made on first use). */
export function keptBoard(app: FastifyInstance): { get(scope: Scope): Promise<KeptBoard> } {
  const { readModel } = app.deps;
  let boards = perApp.get(readModel);
  if (!boards) {
    // One board larger than a quarter of the budget is served but not kept.
    boards = readModel.shelf<KeptBoard>('leaderboards', { ttlMs: TTL_MS, maxBytes: MAX_BYTES, bytes: boardBytes });
    perApp.set(readModel, boards);
  }
  const kept = boards;
  return {
    /** The ranked board of a season (gameweek 0) or gameweek: kept, or read and ranked once for every request waiting on it. */
    get: (scope) =>
      kept.get(`${scope.gameweek}:${scope.seasonId}`, boardTags(scope), async () =>
        rankBoard(await leaderboardRows(app.deps.db, scope)),
      ),
  };
}
