import type { DB } from '../db/index.js';
import { afterPendingIo } from '../event-loop.js';
import { tag, type ReadModel } from '../read-model/index.js';
import { finalResultsByGameweek, gameweekCounts, lastCountedGameweek } from './counts-repository.js';
import { createCountsPacker, SEASON_TOTAL, type SeasonCounts } from './season-counts.js';

/**
 * Reads a season's tier counts (season-counts.ts), after a result only the parts it moved: the
 * season's total and the gameweeks whose final results differ from those the last read saw
 * (decision 0104). A result used to cost a read of every gameweek, and every table, position and
 * statistic asked after it waited for all of them.
 *
 * Only a final result scores, so between two reads a gameweek's counts move only with its final
 * results, unless a change moves fixtures or deletes picks: the last read (its basis) is kept in
 * the read model with the season's schedule and picks as its tags, so such a change drops it and
 * makes the next read whole (read-model/changes.ts), and a read it overtook is not kept. The
 * results are read before the counts, so a result saved in between shows as a difference next
 * time. A read is whole at least every `FULL_READ_MS` (a script writing the counts beside the
 * server, announced by nothing).
 */
const FULL_READ_MS = 60_000;

/** The last read of a season: its counts, the final results it saw and when it was last read whole. */
interface Basis {
  counts: SeasonCounts;
  results: Map<number | null, string>;
  wholeAt: number;
}

export function createCountsReader(db: () => DB, readModel: ReadModel, opts: { now?: () => number } = {}) {
  const now = opts.now ?? (() => performance.now());
  // One basis per season; kept at most as long as a read may build on it.
  const bases = readModel.shelf<Basis>('counts-bases', {
    ttlMs: FULL_READ_MS,
    maxBytes: 256 * 1024 * 1024,
    maxEntries: 6,
    // The counts themselves are held by the kept season counts (statistics/service.ts).
    bytes: () => 1024,
  });
  const tagsOf = (seasonId: string) => [tag.seasonSchedule(seasonId), tag.seasonPicks(seasonId)];

  return {
    async read(seasonId: string): Promise<SeasonCounts> {
      // A read under way when a change makes it unsafe to build on is answered but not kept as a basis.
      const started = bases.ticket();
      const results = await finalResultsByGameweek(db(), seasonId);
      const basis = bases.peek(seasonId);
      const kept = new Map<number, Int32Array>();
      if (basis && now() - basis.wholeAt < FULL_READ_MS) {
        for (const [gameweek, packed] of basis.counts.byGameweek)
          if (gameweek !== SEASON_TOTAL && basis.results.get(gameweek) === results.get(gameweek))
            kept.set(gameweek, packed);
      }
      const packer = createCountsPacker(kept.size > 0 ? { slots: basis!.counts.slots, byGameweek: kept } : undefined);
      const last = await lastCountedGameweek(db(), seasonId);
      // The season's total first, then each gameweek: a part at a time, so the season's rows are
      // never all held as objects at once (decision 0104).
      for (let gameweek = SEASON_TOTAL; gameweek <= last; gameweek++) {
        if (kept.has(gameweek)) continue;
        packer.add(await gameweekCounts(db(), seasonId, gameweek));
        // SQLite answers each read at once, so the reads would run as one task and every request
        // would wait for all of them: requests that arrived meanwhile are served between two
        // reads (decision 0104).
        await afterPendingIo();
      }
      const counts = packer.done();
      bases.keep(
        seasonId,
        { counts, results, wholeAt: kept.size > 0 ? basis!.wholeAt : now() },
        tagsOf(seasonId),
        started,
      );
      return counts;
    },
  };
}
export type CountsReader = ReturnType<typeof createCountsReader>;
