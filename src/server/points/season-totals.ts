import type { FastifyInstance } from 'fastify';
import { totalsIndexBytes, type TotalsIndex } from '../../game/rank-history.js';
import { tag, type ReadModel } from '../read-model/index.js';
import { gameweeksWithResults } from '../seasons/results-repository.js';
import { createCountsReader, type CountsReader } from './counts-reader.js';
import { STANDARD_RULE } from '../../game/scoring.js';
import { indexUnder, seasonCountsBytes, type Scoring, type SeasonCounts } from './season-counts.js';

/** A season's totals of every player, as the statistics route keeps them (among the read model's season-wide values). */
export interface TotalsSnapshot {
  /** Every player's points per gameweek, grouped for ranking. */
  index: TotalsIndex;
  gameweeks: number[];
}

/**
 * The app's one reader of season counts (counts-reader.ts), made on first use. Keyed by the app's
 * read model (plugins see their own instance of the app).
 */
const readers = new WeakMap<ReadModel, CountsReader>();
function countsReader(app: FastifyInstance): CountsReader {
  const { readModel } = app.deps;
  let reader = readers.get(readModel);
  if (!reader) readers.set(readModel, (reader = createCountsReader(() => app.deps.db, readModel)));
  return reader;
}

/**
 * A season's tier counts of every player per gameweek (season-counts.ts), read once and kept among
 * the read model's few season-wide values until a result or a change of the season touches them (read
 * again, after a result only in the parts it moved: counts-reader.ts): every rule's totals below
 * are worked out from them in memory.
 */
export async function seasonCounts(app: FastifyInstance, seasonId: string): Promise<SeasonCounts> {
  return app.deps.readModel.get(
    `counts:${seasonId}`,
    [tag.seasonPoints(seasonId)],
    () => countsReader(app).read(seasonId),
    { seasonWide: true, bytes: seasonCountsBytes },
  );
}

/** The overall leaderboard's scoring: the standard rule, bankers double. */
const STANDARD: Scoring = { rule: STANDARD_RULE, bankersAllowed: true };

/**
 * A season's totals of every player under the standard rule (the points aggregate's counts), indexed
 * once and kept among the season-wide values until a result or a change of the season touches them: the
 * statistics' rank history and the gameweek summary's ranks read them.
 */
export async function seasonTotals(app: FastifyInstance, seasonId: string): Promise<TotalsSnapshot> {
  return app.deps.readModel.get(
    `totals:${seasonId}`,
    [tag.seasonPoints(seasonId)],
    async (): Promise<TotalsSnapshot> => {
      const [counts, gameweeks] = await Promise.all([
        seasonCounts(app, seasonId),
        gameweeksWithResults(app.deps.db, seasonId),
      ]);
      return { index: indexUnder(counts, STANDARD), gameweeks };
    },
    { seasonWide: true, bytes: (s) => totalsIndexBytes(s.index) + s.gameweeks.length * 8 },
  );
}
